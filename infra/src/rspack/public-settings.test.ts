import { describe, expect, it } from 'vitest';
import { downloadsFromEnv, placeholderDownloads, publicSettings } from './public-settings';

describe('download links in /config/app.json (docs/product/public-pages.md#hero)', () => {
  it('are placeholders on the reserved .example domain when nothing is set', () => {
    expect(downloadsFromEnv({})).toEqual(placeholderDownloads);
    for (const url of Object.values(placeholderDownloads)) expect(url).toMatch(/^https:\/\/.*trove\.example/);
  });

  it('take each platform’s setting, and an empty one hides that platform', () => {
    const downloads = downloadsFromEnv({
      DOWNLOAD_URL_IOS: 'https://apps.apple.com/app/id1',
      DOWNLOAD_URL_LINUX: '',
    });
    expect(downloads.ios).toBe('https://apps.apple.com/app/id1');
    expect(downloads.linux).toBeNull();
    expect(downloads.android).toBe(placeholderDownloads.android);
  });

  it('refuse a value that is not an http(s) URL, naming the setting', () => {
    expect(() => downloadsFromEnv({ DOWNLOAD_URL_MACOS: 'javascript:alert(1)' })).toThrow(
      /DOWNLOAD_URL_MACOS/,
    );
  });

  it('sit beside the product names', () => {
    expect(publicSettings({})).toMatchObject({
      name: 'Trove',
      shortName: 'T',
      downloads: placeholderDownloads,
    });
  });
});
