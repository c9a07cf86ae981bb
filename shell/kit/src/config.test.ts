import { describe, expect, it } from 'vitest';
import { parseAppConfig } from './config';

describe('public settings', () => {
  it('reads name, short name and tagline', () => {
    expect(parseAppConfig({ name: 'Trove', shortName: 'T', tagline: 'x', extra: 1 })).toEqual({
      name: 'Trove',
      shortName: 'T',
      tagline: 'x',
    });
  });

  it('keeps the download links, strings and nulls only (docs/product/public-pages.md#hero)', () => {
    expect(
      parseAppConfig({
        name: 'Trove',
        shortName: 'T',
        tagline: '',
        downloads: { ios: 'https://apps.apple.com/x', linux: null, windows: 3 },
      }).downloads,
    ).toEqual({ ios: 'https://apps.apple.com/x', linux: null });
  });

  it('refuses a missing or empty name', () => {
    expect(() => parseAppConfig({ shortName: 'T', tagline: '' })).toThrow(/"name"/);
    expect(() => parseAppConfig({ name: ' ', shortName: 'T', tagline: '' })).toThrow(/"name"/);
    expect(() => parseAppConfig(null)).toThrow();
  });
});
