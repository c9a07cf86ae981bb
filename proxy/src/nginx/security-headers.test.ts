import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  STATIC_FILE_CSP,
  securityHeaders,
  staticFileHeaders,
} from './security-headers';

describe('contentSecurityPolicy', () => {
  it('is the documented policy with no inline scripts', () => {
    expect(contentSecurityPolicy()).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
        "connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
        "frame-ancestors 'none'",
    );
  });

  it('adds remote origins where remotes load from', () => {
    const csp = contentSecurityPolicy(['https://cdn.example.com', 'http://127.0.0.1:3001']);
    expect(csp).toContain("script-src 'self' https://cdn.example.com http://127.0.0.1:3001;");
    expect(csp).toContain("connect-src 'self' https://cdn.example.com http://127.0.0.1:3001;");
  });
});

describe('securityHeaders', () => {
  it('sends every header on errors too (always), each line at the given indent', () => {
    const lines = securityHeaders("default-src 'self'", '      ').split('\n');
    expect(lines[0]).toBe(`      add_header Content-Security-Policy "default-src 'self'" always;`);
    for (const line of lines) expect(line).toMatch(/^ {6}add_header [A-Za-z-]+ .+ always;$/);
  });

  it('takes HSTS from $trove_hsts, which is empty over plain http (issue 18 item 13)', () => {
    expect(securityHeaders('x', '')).toContain('add_header Strict-Transport-Security $trove_hsts always;');
    expect(securityHeaders('x', '')).not.toContain('max-age');
  });
});

describe('staticFileHeaders', () => {
  it('keeps nosniff, the request id and HSTS, and an inert policy instead of the page CSP', () => {
    const lines = staticFileHeaders('  ');
    expect(lines).toContain(`add_header Content-Security-Policy "${STATIC_FILE_CSP}" always;`);
    expect(lines).toContain('add_header X-Content-Type-Options "nosniff" always;');
    expect(lines).toContain('add_header X-Request-Id $trove_request_id always;');
    expect(lines).toContain('add_header Strict-Transport-Security $trove_hsts always;');
    expect(lines).not.toContain('Permissions-Policy');
    expect(lines).not.toContain('X-Frame-Options');
  });
});
