import { describe, expect, it } from 'vitest';
import { detectPlatform } from './platform';

const agents = {
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  linux: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  chromeos:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
};

describe("the visitor's platform is detected from the browser (docs/product/public-pages.md#hero)", () => {
  it('Android, though its user agent says Linux', () => {
    expect(detectPlatform({ userAgent: agents.android })).toBe('android');
  });
  it('iOS on an iPhone, though its user agent says Mac OS X', () => {
    expect(detectPlatform({ userAgent: agents.iphone })).toBe('ios');
  });
  it('iOS on an iPad that reports a Mac user agent but has touch', () => {
    expect(detectPlatform({ userAgent: agents.mac, maxTouchPoints: 5 })).toBe('ios');
  });
  it('Windows', () => {
    expect(detectPlatform({ userAgent: agents.windows })).toBe('windows');
  });
  it('macOS', () => {
    expect(detectPlatform({ userAgent: agents.mac, maxTouchPoints: 0 })).toBe('macos');
  });
  it('Linux', () => {
    expect(detectPlatform({ userAgent: agents.linux })).toBe('linux');
  });
  it('nothing for a platform without an app (ChromeOS) or an unknown agent', () => {
    expect(detectPlatform({ userAgent: agents.chromeos })).toBeNull();
    expect(detectPlatform({ userAgent: 'curl/8.5' })).toBeNull();
  });
});
