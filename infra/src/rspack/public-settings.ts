import { appSettings } from './apps';

/** docs/product/public-pages.md#hero: the platforms the landing page offers a download for, in its order. */
export const DOWNLOAD_PLATFORMS = ['android', 'ios', 'windows', 'macos', 'linux'] as const;
export type DownloadPlatform = (typeof DOWNLOAD_PLATFORMS)[number];

/** The setting that overrides each platform's link (empty: no link, and the button is hidden). */
export const DOWNLOAD_SETTINGS: Record<DownloadPlatform, string> = {
  android: 'DOWNLOAD_URL_ANDROID',
  ios: 'DOWNLOAD_URL_IOS',
  windows: 'DOWNLOAD_URL_WINDOWS',
  macos: 'DOWNLOAD_URL_MACOS',
  linux: 'DOWNLOAD_URL_LINUX',
};

/**
 * docs/product/public-pages.md#hero: placeholders until a deployment configures real store and installer URLs. They use the
 * reserved `.example` domain, so a placeholder can never send anyone to someone else's site.
 */
export const placeholderDownloads: Record<DownloadPlatform, string> = {
  android: 'https://play.google.com/store/search?q=trove.example',
  ios: 'https://apps.apple.com/search?term=trove.example',
  windows: 'https://downloads.trove.example/windows/TroveSetup.exe',
  macos: 'https://downloads.trove.example/macos/Trove.dmg',
  linux: 'https://downloads.trove.example/linux/trove.AppImage',
};

/** Each platform's link: its setting when present (empty → null), else the placeholder. */
export function downloadsFromEnv(env: NodeJS.ProcessEnv): Record<DownloadPlatform, string | null> {
  const downloads = { ...placeholderDownloads } as Record<DownloadPlatform, string | null>;
  for (const platform of DOWNLOAD_PLATFORMS) {
    const variable = DOWNLOAD_SETTINGS[platform];
    const value = env[variable];
    if (value === undefined) continue;
    if (value.trim() === '') {
      downloads[platform] = null;
    } else if (/^https?:\/\/[^\s"<>]+$/.test(value)) {
      downloads[platform] = value;
    } else {
      throw new Error(`${variable} must be an http(s) URL or empty, got ${JSON.stringify(value)}`);
    }
  }
  return downloads;
}

/**
 * /config/app.json (docs/decisions/001, 008): the product's names and the download links. Runtime
 * config: the shell reads it with no-store, so editing the file on a server changes the page without a
 * rebuild (the prerendered `/` keeps the links it was built with until the app takes over).
 */
export function publicSettings(env: NodeJS.ProcessEnv) {
  return { ...appSettings, downloads: downloadsFromEnv(env) };
}
