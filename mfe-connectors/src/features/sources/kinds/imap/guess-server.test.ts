import { describe, expect, it } from 'vitest';
import { guessImapServer } from './guess-server';

describe('guessImapServer (issue 21: the form guesses host and port for common domains)', () => {
  it.each([
    ['ana@gmail.com', 'imap.gmail.com'],
    ['ana@googlemail.com', 'imap.gmail.com'],
    ['ana@outlook.com', 'outlook.office365.com'],
    ['ana@hotmail.com', 'outlook.office365.com'],
    ['ana@live.com', 'outlook.office365.com'],
    ['ana@icloud.com', 'imap.mail.me.com'],
    ['ana@me.com', 'imap.mail.me.com'],
    ['ana@mac.com', 'imap.mail.me.com'],
    ['ana@fastmail.com', 'imap.fastmail.com'],
    ['ana@yahoo.com', 'imap.mail.yahoo.com'],
  ])('%s → %s, 993 with TLS', (email, host) => {
    expect(guessImapServer(email)).toEqual({ host, port: 993, security: 'tls' });
  });

  it('any other domain is imap.<domain> on 993', () => {
    expect(guessImapServer('ops@example.org')).toEqual({
      host: 'imap.example.org',
      port: 993,
      security: 'tls',
    });
    expect(guessImapServer('ops@mail.example.co.uk')?.host).toBe('imap.mail.example.co.uk');
  });

  it('reads the domain in any case and with spaces around it', () => {
    expect(guessImapServer('Ana@GMail.COM ')?.host).toBe('imap.gmail.com');
  });

  it('guesses nothing until there is a domain with a dot', () => {
    for (const email of ['', 'ana', 'ana@', '@gmail.com', 'ana@gmail', 'ana@exa mple.com']) {
      expect(guessImapServer(email)).toBeNull();
    }
  });
});
