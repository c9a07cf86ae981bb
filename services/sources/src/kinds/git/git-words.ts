import type { GitSettings, SourceTestResult } from '@trove/contracts';
import { describeError } from '@trove/service-core';
import type { AttentionDetail } from '../../source-status';
import { GitError } from './git-error';

// A repository's failures in words for the card and the Test answer (issue 43, "Bad input").

const ACTIONS: Readonly<Record<string, string>> = {
  dns: 'Check the address in the settings.',
  refused:
    'Trove reaches only public servers unless an administrator lists this one in SOURCE_ALLOWED_HOSTS.',
  tcp: 'Check the address and that the server is running; it is tried again by itself.',
  tls: 'Check the address (https:// and the server’s own name).',
  auth: 'Enter a token that can read the repository (GitHub: a fine-grained token with “Contents: read”).',
  limit: 'Ask an administrator to raise SOURCE_GIT_REPO_MAX_MB, or connect a smaller repository.',
  timeout:
    'It is tried again by itself; a first fetch of a large repository may need a larger SOURCE_GIT_TIMEOUT_S.',
  server: 'Check the address: it is the one “git clone” takes (https://github.com/owner/name).',
};

export function gitFailureWords(error: unknown, settings: Pick<GitSettings, 'url'>): AttentionDetail {
  if (error instanceof GitError)
    return {
      problem: error.problem,
      reason: error.message,
      action: ACTIONS[error.problem] ?? ACTIONS.server ?? '',
    };
  let host = 'the server';
  try {
    host = new URL(settings.url).host;
  } catch {
    // The settings were checked when saved; the words do without the host.
  }
  return {
    problem: 'server',
    reason: `Reading the repository at ${host} failed: ${describeError(error)}.`,
    action: 'It is tried again by itself.',
  };
}

const TEST_STEPS = new Set(['dns', 'refused', 'tcp', 'tls', 'auth', 'folders', 'server']);

export function failedGitTest(detail: AttentionDetail): SourceTestResult {
  const step = TEST_STEPS.has(detail.problem) ? (detail.problem as 'server') : 'server';
  return { ok: false, step, reason: detail.reason, action: detail.action, certificate: null };
}
