import { describe, expect, it } from 'vitest';
import { availablePlatforms, downloadLinksFrom, placeholderDownloadLinks } from './downloads';

describe('download links from runtime config (SPEC §2.3)', () => {
  it('are placeholders when nothing is configured', () => {
    expect(downloadLinksFrom({ name: 'Trove' })).toEqual(placeholderDownloadLinks);
    expect(availablePlatforms(downloadLinksFrom(null))).toEqual([
      'android',
      'ios',
      'windows',
      'macos',
      'linux',
    ]);
  });

  it('take the configured URLs', () => {
    const links = downloadLinksFrom({ downloads: { ios: 'https://apps.apple.com/app/id1' } });
    expect(links.ios).toBe('https://apps.apple.com/app/id1');
    expect(links.android).toBe(placeholderDownloadLinks.android);
  });

  it('a platform without a link is hidden', () => {
    const links = downloadLinksFrom({
      downloads: { linux: null, windows: '', macos: 'javascript:alert(1)' },
    });
    expect(availablePlatforms(links)).toEqual(['android', 'ios']);
  });
});
