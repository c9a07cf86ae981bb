import { describe, expect, it } from 'vitest';
import { errorLocations, errorPageDirectives, uploadTooLargeLocation } from './error-pages';

describe('error pages', () => {
  it('answers errors without HTML: the JSON error envelope or one line of text', () => {
    const locations = errorLocations("default-src 'self'");
    expect(locations).toContain(
      `return 413 '{"error":"Request body too large","code":"payload_too_large"}\\n';`,
    );
    expect(locations).toContain(`return 404 'Not found\\n';`);
    expect(locations).not.toContain('<html');
  });

  it("sends the services' own generic codes (contracts), so a client reads one set whoever answered", () => {
    const locations = errorLocations("default-src 'self'");
    expect(locations).toContain(`return 400 '{"error":"Bad request","code":"invalid_request"}\\n';`);
    expect(locations).toContain(`return 500 '{"error":"Internal server error","code":"internal"}\\n';`);
    expect(locations).toContain(`return 502 '{"error":"Service unavailable","code":"unavailable"}\\n';`);
    expect(locations).toContain(`return 503 '{"error":"Service unavailable","code":"unavailable"}\\n';`);
  });

  it('points each code at its flavour, unless a location overrides it', () => {
    const directives = errorPageDirectives('json', '  ', { 413: 'uploads_413' });
    expect(directives).toContain('  error_page 404 @json_404;');
    expect(directives).toContain('  error_page 413 @uploads_413;');
    expect(directives).not.toContain('@json_413');
  });

  it('says how large an upload may be, in MB or KB', () => {
    expect(uploadTooLargeLocation('x', 100 * 1024 * 1024)).toContain('at most 100 MB.');
    expect(uploadTooLargeLocation('x', 512 * 1024)).toContain('at most 512 KB.');
  });
});
