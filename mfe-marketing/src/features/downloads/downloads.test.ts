import { describe, expect, it } from 'vitest';
import { availablePlatforms, downloadLinksFrom } from './downloads';

const configured = {
  android: 'https://play.google.com/store/apps/details?id=example',
  ios: 'https://apps.apple.com/app/id1',
  windows: 'https://downloads.example.com/TroveSetup.exe',
  macos: 'https://downloads.example.com/Trove.dmg',
  linux: 'https://downloads.example.com/trove.AppImage',
};

describe('download links from runtime config (docs/product/public-pages.md#hero)', () => {
  it('take the configured URLs, every platform in the spec’s order', () => {
    const links = downloadLinksFrom({ name: 'Trove', downloads: configured });
    expect(links).toEqual(configured);
    expect(availablePlatforms(links)).toEqual(['android', 'ios', 'windows', 'macos', 'linux']);
  });

  it('a platform without a link is hidden', () => {
    const links = downloadLinksFrom({
      downloads: { ...configured, linux: null, windows: '', macos: 'javascript:alert(1)' },
    });
    expect(availablePlatforms(links)).toEqual(['android', 'ios']);
  });

  it('no download settings at all: no buttons, rather than links to nowhere', () => {
    expect(availablePlatforms(downloadLinksFrom({ name: 'Trove' }))).toEqual([]);
    expect(availablePlatforms(downloadLinksFrom(null))).toEqual([]);
  });
});
