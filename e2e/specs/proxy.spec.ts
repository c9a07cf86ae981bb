import { describe, expect, it } from 'vitest';
import { baseUrl } from '../support/context';
import { readRemotesConfig, remoteFolder } from '../support/runtime-config';
import { wwwRoot } from '../support/context';

// The same proxy rules the proxy's own integration test checks, here on the real built stack.
describe('nginx in front of the built stack', () => {
  it('a missing remote file is a 404 that is not the SPA page', async () => {
    const response = await fetch(`${baseUrl()}/remotes/marketing/no-such-version/remoteEntry.js`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type') ?? '').not.toContain('text/html');
    expect(await response.text()).not.toContain('<html');
  });

  it('a body over 1 MB is refused with 413', async () => {
    const response = await fetch(`${baseUrl()}/api/v1/auth/password/exists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('pages and API answers carry the security headers; static files an inert policy', async () => {
    const config = readRemotesConfig(wwwRoot());
    for (const url of ['/', '/auth/login', '/api/v1/auth/healthz']) {
      const response = await fetch(`${baseUrl()}${url}`);
      expect(response.status, url).toBe(200);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("frame-ancestors 'none'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc, url).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), url).toBeTruthy();
    }
    // Page-only headers do nothing on a subresource (docs/decisions/062); nosniff does.
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script, 'a script of the landing page').toBeTruthy();
    for (const url of [`/${remoteFolder(config.remotes.marketing.entry)}/mf-manifest.json`, `${script}`]) {
      const response = await fetch(`${baseUrl()}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-security-policy'), url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(response.headers.get('permissions-policy'), url).toBeNull();
    }
  });

  it('hashed assets are immutable while entries, manifests and config are revalidated', async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    const asset = html.match(/(?:src|href)="(\/[^"]+\.[0-9a-f]{6,}[^"]*\.(?:js|css))"/)?.[1];
    expect(asset, 'a hashed asset referenced by index.html').toBeTruthy();
    expect((await fetch(`${baseUrl()}${asset}`)).headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${baseUrl()}/`)).headers.get('cache-control')).toContain('no-cache');
    expect((await fetch(`${baseUrl()}/config/remotes.json`)).headers.get('cache-control')).toContain(
      'no-cache',
    );
  });

  it('the API gets a request id and returns it', async () => {
    const response = await fetch(`${baseUrl()}/api/v1/auth/healthz`);
    expect(response.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    const ready = await fetch(`${baseUrl()}/api/v1/profile/readyz`);
    expect(ready.status).toBe(200);
  });

  it('/security.pdf is served as a PDF', async () => {
    const response = await fetch(`${baseUrl()}/security.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
