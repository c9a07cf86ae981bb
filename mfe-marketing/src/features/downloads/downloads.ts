import { PLATFORMS, type Platform } from '../platform/platform';

export type DownloadLinks = Record<Platform, string | null>;

/** What each button says above the platform's name. */
export const downloadKinds: Record<Platform, string> = {
  android: 'Google Play',
  ios: 'App Store',
  windows: 'Installer',
  macos: 'Installer',
  linux: 'AppImage',
};

/** The "Your device" badge of a platform's button (every button has one; the visitor's is shown). */
export const yoursId = (platform: Platform) => `download-yours-${platform}`;

/**
 * docs/product/public-pages.md#hero: the store and installer URLs come from runtime config — `downloads` in /config/app.json,
 * which the build writes (placeholders on the reserved `.example` domain unless a deployment sets real
 * ones; docs/decisions/008). A platform whose value is missing, empty, null or not an http(s) URL has
 * no link and is hidden.
 */
export function downloadLinksFrom(config: unknown): DownloadLinks {
  const downloads =
    typeof config === 'object' && config !== null ? (config as { downloads?: unknown }).downloads : undefined;
  const record =
    typeof downloads === 'object' && downloads !== null ? (downloads as Record<string, unknown>) : {};
  const links = {} as DownloadLinks;
  for (const platform of PLATFORMS) {
    const value = record[platform];
    links[platform] = typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
  }
  return links;
}

/** The platforms with a link, in the spec's order. */
export function availablePlatforms(links: DownloadLinks): Platform[] {
  return PLATFORMS.filter((platform) => links[platform] !== null);
}
