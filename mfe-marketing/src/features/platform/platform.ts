/** The visitor's platform, for highlighting its download (docs/product/public-pages.md#hero). Pure: the caller passes navigator. */

export const PLATFORMS = ['android', 'ios', 'windows', 'macos', 'linux'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const platformLabels: Record<Platform, string> = {
  android: 'Android',
  ios: 'iOS',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};

export interface BrowserHints {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS 13+ reports a Mac user agent, and only touch tells them apart. */
  maxTouchPoints?: number;
}

export function detectPlatform({ userAgent, maxTouchPoints = 0 }: BrowserHints): Platform | null {
  const ua = userAgent.toLowerCase();
  // Order matters: Android UAs say "Linux", iOS UAs say "like Mac OS X".
  if (ua.includes('android')) return 'android';
  if (/iphone|ipad|ipod/.test(ua)) return 'ios';
  if (ua.includes('macintosh') && maxTouchPoints > 1) return 'ios';
  if (ua.includes('windows')) return 'windows';
  if (ua.includes('mac os x') || ua.includes('macintosh')) return 'macos';
  if (ua.includes('cros')) return null;
  if (ua.includes('linux') || ua.includes('x11')) return 'linux';
  return null;
}
