import { AuthenticationFailure } from 'imapflow';
import { describe, expect, it } from 'vitest';
import { classifyImapError, ImapError, isSelectedByDefault, sameFingerprint, uidsGone } from './imap-client';

// The pure rules of the IMAP client; connecting to a real server is imap-client.int.test.ts's part.

const withCode = (code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(code), { code }, extra);

describe('classifyImapError', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'tcp'],
    ['ETIMEDOUT', 'tcp'],
    ['CONNECT_TIMEOUT', 'tcp'],
    ['NoConnection', 'tcp'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', 'tls'],
    ['GREETING_TIMEOUT', 'protocol'],
  ])('%s is %s', (code, kind) => {
    expect(classifyImapError(withCode(code)).kind).toBe(kind);
  });

  it('finds the socket error imapflow wraps in _err', () => {
    const wrapped = Object.assign(new Error('Failed to setup proxy connection'), {
      _err: withCode('ENOTFOUND'),
    });
    expect(classifyImapError(wrapped).kind).toBe('dns');
  });

  it('a refused password is auth, but a password backend that is down is not', () => {
    const refused = Object.assign(new AuthenticationFailure('Authentication failed'), {
      serverResponseCode: 'AUTHENTICATIONFAILED',
    });
    expect(classifyImapError(refused)).toMatchObject({ kind: 'auth', code: 'AUTHENTICATIONFAILED' });
    const unavailable = Object.assign(new Error('Command failed'), {
      authenticationFailed: true,
      serverResponseCode: 'UNAVAILABLE',
    });
    expect(classifyImapError(unavailable).kind).toBe('protocol');
  });

  it('a failed STARTTLS is tls', () => {
    expect(
      classifyImapError(Object.assign(new Error('Server does not support STARTTLS'), { tlsFailed: true }))
        .kind,
    ).toBe('tls');
  });

  it('keeps an ImapError as it is', () => {
    const error = new ImapError('no-folders', 'nothing to read');
    expect(classifyImapError(error)).toBe(error);
  });

  it('names a missing folder NONEXISTENT', () => {
    const missing = Object.assign(new Error('Command failed'), {
      mailboxMissing: true,
      responseText: 'No such mailbox',
    });
    expect(classifyImapError(missing)).toMatchObject({ kind: 'protocol', code: 'NONEXISTENT' });
  });
});

describe('sameFingerprint', () => {
  const colon =
    'F4:03:1D:6F:A2:72:A3:2C:10:17:7B:CC:4A:AA:CC:A7:9B:F1:13:36:37:13:DC:9E:6A:43:70:43:A5:AC:FA:D7';

  it('matches colon-separated and plain hex in any case', () => {
    expect(sameFingerprint(colon, colon.replaceAll(':', '').toLowerCase())).toBe(true);
  });

  it('never matches a short or empty value', () => {
    expect(sameFingerprint('', '')).toBe(false);
    expect(sameFingerprint('F4:03', 'f403')).toBe(false);
    expect(sameFingerprint(colon, colon.replace('F4', 'F5'))).toBe(false);
  });
});

describe('folders selected by default', () => {
  it('are all but Trash, Junk, Drafts and the virtual All Mail and Starred', () => {
    expect(isSelectedByDefault(undefined)).toBe(true);
    expect(isSelectedByDefault('\\Sent')).toBe(true);
    expect(isSelectedByDefault('\\Archive')).toBe(true);
    expect(isSelectedByDefault('\\Trash')).toBe(false);
    expect(isSelectedByDefault('\\Junk')).toBe(false);
    expect(isSelectedByDefault('\\Drafts')).toBe(false);
    // Virtual folders that show the others' messages again (Gmail's All Mail and Starred).
    expect(isSelectedByDefault('\\All')).toBe(false);
    expect(isSelectedByDefault('\\Flagged')).toBe(false);
  });
});

describe('uidsGone', () => {
  it('lists the known UIDs the folder no longer has, in the known order', () => {
    expect(uidsGone([1, 2, 3, 5, 8], [1, 3, 8, 9])).toEqual([2, 5]);
    expect(uidsGone([], [1])).toEqual([]);
  });
});
