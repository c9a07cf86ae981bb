import { describe, expect, it } from 'vitest';
import { testFailureText } from './server-form';

const server = { host: '127.0.0.1', port: 143 };

describe('a failed test’s words (issue 38)', () => {
  it('a server without STARTTLS: no word of a certificate it never presented', () => {
    const words = testFailureText(
      {
        ok: false,
        step: 'tls',
        reason: 'Server does not support STARTTLS',
        action: 'Choose SSL/TLS on port 993, or ask your provider which port takes STARTTLS.',
        certificate: null,
      },
      server,
    );
    expect(words.title).toBe('A secure connection to 127.0.0.1 on port 143 could not be made.');
    expect(`${words.title} ${words.detail}`).not.toMatch(/certificate/i);
  });

  it('a certificate the server presented and nobody vouches for is "not trusted"', () => {
    const words = testFailureText(
      {
        ok: false,
        step: 'tls',
        reason: "127.0.0.1's certificate is not trusted (self-signed).",
        action: 'Trust it only if it is your server’s.',
        certificate: {
          sha256: 'AB:CD',
          subject: 'mail.example',
          issuer: 'mail.example',
          valid_from: null,
          valid_to: null,
          problem: 'self-signed',
        },
      },
      server,
    );
    expect(words.title).toBe('The certificate of 127.0.0.1 is not trusted.');
  });
});
