import { PLATFORMS, type Platform } from '../platform/platform';

export type DownloadLinks = Record<Platform, string | null>;

/**
 * SPEC §2.3: the store and installer URLs are placeholders until real ones are configured. They use the
 * reserved `.example` domain, so a placeholder can never point at someone else's site. A deployment sets
 * real ones in /config/app.json under "downloads" (see useDownloadLinks).
 */
export const placeholderDownloadLinks: DownloadLinks = {
  android: 'https://play.google.com/store/search?q=trove.example',
  ios: 'https://apps.apple.com/search?term=trove.example',
  windows: 'https://downloads.trove.example/windows/TroveSetup.exe',
  macos: 'https://downloads.trove.example/macos/Trove.dmg',
  linux: 'https://downloads.trove.example/linux/trove.AppImage',
};

/**
 * Reads `downloads` from the public runtime config. A platform whose value is missing keeps its
 * placeholder; one set to null or "" has no link and is hidden (SPEC §2.3); only http(s) URLs count.
 */
export function downloadLinksFrom(config: unknown): DownloadLinks {
  const downloads =
    typeof config === 'object' && config !== null ? (config as { downloads?: unknown }).downloads : undefined;
  const links = { ...placeholderDownloadLinks };
  if (typeof downloads !== 'object' || downloads === null) return links;
  for (const platform of PLATFORMS) {
    if (!(platform in downloads)) continue;
    const value = (downloads as Record<string, unknown>)[platform];
    links[platform] = typeof value === 'string' && /^https?:\/\//.test(value) ? value : null;
  }
  return links;
}

/** The platforms with a link, in the spec's order. */
export function availablePlatforms(links: DownloadLinks): Platform[] {
  return PLATFORMS.filter((platform) => links[platform] !== null);
}
