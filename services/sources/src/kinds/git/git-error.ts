import type { SourceProblem } from '@trove/contracts';

/** A repository's failure with the card's problem and its words. */
export class GitError extends Error {
  constructor(
    readonly problem: SourceProblem,
    message: string,
  ) {
    super(message);
    this.name = 'GitError';
  }
}

/** git's own words (its stderr) as the card's problem: the host is named, never the token. */
export function gitFailure(stderr: string, host: string): GitError {
  const text = stderr.replace(/https?:\/\/[^\s'"]*@/g, 'https://');
  const httpStatus = /returned error: (\d{3})/.exec(text)?.[1];
  if (/Could not resolve host/i.test(text))
    return new GitError('dns', `The server ${host} could not be found.`);
  if (/Failed to connect|Connection refused|Couldn't connect|Connection timed out/i.test(text))
    return new GitError('tcp', `Nothing answered at ${host}.`);
  if (/SSL|certificate/i.test(text)) return new GitError('tls', `The secure connection to ${host} failed.`);
  if (
    httpStatus === '401' ||
    httpStatus === '403' ||
    /Authentication failed|could not read (Username|Password)|terminal prompts disabled/i.test(text)
  )
    return new GitError('auth', `${host} refused the token, or the repository needs one.`);
  if (httpStatus === '404' || /Repository not found|repository '[^']*' not found/i.test(text))
    return new GitError(
      'server',
      `There is no repository at that address on ${host} (or the token may not see it).`,
    );
  if (httpStatus?.startsWith('3'))
    return new GitError(
      'server',
      `${host} sent Trove to another address (HTTP ${httpStatus}). Enter the repository’s own address.`,
    );
  if (/couldn't find remote ref/i.test(text)) {
    const branch = /couldn't find remote ref (?:refs\/heads\/)?(\S+)/i.exec(text)?.[1];
    return new GitError('server', `The repository has no branch ${branch ?? 'by that name'}.`);
  }
  if (/not allowed|unsupported protocol/i.test(text))
    return new GitError('server', 'Only https:// addresses (or http:// on your own network) are read.');
  if (
    /not valid: is this a git repository|does not appear to be a git repository|Invalid HTTP|protocol error|bad line length|expected flush|unexpected/i.test(
      text,
    ) ||
    httpStatus !== undefined
  )
    return new GitError(
      'server',
      `${host} did not answer as a Git server at that address${httpStatus === undefined ? '' : ` (HTTP ${httpStatus})`}.`,
    );
  const last =
    text
      .trim()
      .split('\n')
      .at(-1)
      ?.replace(/^fatal:\s*/, '')
      .slice(0, 300) ?? 'no answer';
  return new GitError('server', `git could not read the repository at ${host}: ${last}`);
}
