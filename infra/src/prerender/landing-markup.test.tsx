import { beforeAll, describe, expect, it, vi } from 'vitest';

let markup = '';
let render: typeof import('./landing-markup')['renderLandingMarkup'];

beforeAll(async () => {
  // Defined by the build for the footer's build tag (create-config.ts, prerender.ts).
  vi.stubGlobal('__TROVE_BUILD_LABEL__', 'test-label');
  render = (await import('./landing-markup')).renderLandingMarkup;
  markup = render({
    name: 'Trove',
    shortName: 'T',
    tagline: 'Find anything. Send anywhere.',
    downloads: { ios: 'https://apps.apple.com/app/id1', android: null },
  });
});

describe('the landing page drawn at build time (docs/decisions/008)', () => {
  it('has the public header and the hero, with the tagline from the public settings', () => {
    expect(markup).toMatch(/<header[^>]*>.*aria-label="Account menu"/s);
    expect(markup).toMatch(/<h1 id="hero-title"[^>]*>Find anything\. Send anywhere\.<\/h1>/);
    expect(markup).toContain('href="/auth/register"');
  });

  it('offers the download links of the settings it was given, and only those (SPEC §2.3)', () => {
    expect(markup).toContain('href="https://apps.apple.com/app/id1"');
    expect(markup).not.toContain('data-platform="android"');
    expect(markup).not.toContain('data-platform="linux"');
  });

  it('holds each below-the-fold section’s place, empty: they load in the browser as they come near', () => {
    for (const id of ['features', 'how-it-works', 'explore', 'security', 'pricing', 'customers']) {
      expect(markup).toMatch(new RegExp(`<div id="${id}"[^>]*style="min-height:[^"]+"[^>]*></div>`));
    }
    expect(markup).toContain('<footer');
  });

  it('names the product as the settings it was given do, nowhere by a name of its own (issue 20)', () => {
    const renamed = render({
      name: 'Acme Search',
      shortName: 'A',
      tagline: 'Find it.',
      downloads: { ios: 'https://apps.apple.com/app/id1' },
    });
    expect(renamed).toContain('<!-- -->Acme Search<!-- --> pulls out the dates');
    expect(renamed).toContain('Get <!-- -->Acme Search<!-- --> for your devices');
    expect(renamed).toContain('aria-label="Download Acme Search"');
    expect(renamed).not.toContain('Trove');
  });

  it('is not the app: no remote mount for tests or scripts to mistake for the live page', () => {
    expect(markup).not.toContain('data-testid="remote-marketing"');
  });
});
