import { describe, expect, it } from 'vitest';
import { commitMail } from './git-commit-mail';
import { gitFailure } from './git-error';

// A commit as a message (its author and subject cannot add a header) and git's stderr as the card's problem,
// never with a token that rode in an address (issue 43, "Bad input").

describe('commitMail', () => {
  it('keeps a name or subject with line breaks in its header, and carries Unicode as an encoded word', () => {
    const mail = commitMail(
      {
        sha: 'a'.repeat(40),
        author: 'Zoë\r\nBcc: victim@example.com',
        email: 'zoe@example.com',
        date: '2026-11-02T10:00:00+01:00',
        message: 'fix: the retry\nBcc: other@example.com\n\nLonger body.',
      },
      { repository: 'https://example.com/r.git', branch: 'main' },
    ).toString();
    const [head] = mail.split('\r\n\r\n');
    expect(head?.split('\r\n').filter((line) => line.startsWith('Bcc'))).toEqual([]);
    expect(head).toContain('From: "=?UTF-8?B?');
    expect(head).toContain('Subject: fix: the retry');
    expect(head).toContain('Date: Mon, 02 Nov 2026 09:00:00 GMT');
    expect(mail).toContain('Longer body.');
  });

  it('an address that is not one becomes unknown@invalid', () => {
    const mail = commitMail(
      { sha: 'b'.repeat(40), author: 'Ann', email: 'not an address>', date: 'never', message: 'x' },
      { repository: 'r', branch: 'main' },
    ).toString();
    expect(mail).toContain('From: "Ann" <unknown@invalid>');
    expect(mail).toContain('Date: Thu, 01 Jan 1970 00:00:00 GMT');
  });
});

describe('gitFailure', () => {
  it.each([
    ["fatal: unable to access 'https://h/r.git/': Could not resolve host: h", 'dns'],
    ["fatal: unable to access 'https://h/r.git/': Failed to connect to h port 443", 'tcp'],
    ["fatal: unable to access 'https://h/r.git/': SSL certificate problem: self-signed certificate", 'tls'],
    ["fatal: Authentication failed for 'https://h/r.git/'", 'auth'],
    ["fatal: could not read Username for 'https://h': terminal prompts disabled", 'auth'],
    ["remote: Repository not found.\nfatal: repository 'https://h/r.git/' not found", 'server'],
    ["fatal: unable to access 'https://h/r.git/': The requested URL returned error: 301", 'server'],
    ["fatal: couldn't find remote ref refs/heads/nowhere", 'server'],
  ])('%s → %s', (stderr, problem) => {
    expect(gitFailure(stderr, 'h').problem).toBe(problem);
  });

  it('never repeats a token that rode in an address', () => {
    const error = gitFailure("fatal: unable to access 'https://ann:secret-token@h/r.git/': weird", 'h');
    expect(error.message).not.toContain('secret-token');
  });
});
