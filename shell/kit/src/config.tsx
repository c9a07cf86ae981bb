import { createContext, type ReactNode, useContext } from 'react';

/** /config/app.json: the public settings (docs/decisions/001). Names never live in code. */
export interface AppConfig {
  name: string;
  shortName: string;
  tagline: string;
  /**
   * docs/product/public-pages.md#hero: the store and installer URL of each platform (`android`, `ios`, `windows`, `macos`,
   * `linux`); null for a platform without one. Written by the build (placeholders unless configured).
   */
  downloads?: Readonly<Record<string, string | null>>;
}

/**
 * Checked by hand rather than with zod: three strings do not justify putting a schema library on the
 * path of every first page load (the kit loads before anything renders).
 */
export function parseAppConfig(value: unknown): AppConfig {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const text = (key: keyof AppConfig, required: boolean): string => {
    const field = record[key];
    if (typeof field !== 'string' || (required && field.trim() === '')) {
      throw new Error(`${APP_CONFIG_URL}: "${key}" must be a${required ? ' non-empty' : ''} string`);
    }
    return field;
  };
  const config: AppConfig = {
    name: text('name', true),
    shortName: text('shortName', true),
    tagline: text('tagline', false),
  };
  const downloads = record.downloads;
  if (typeof downloads === 'object' && downloads !== null) {
    // Only strings and nulls: whoever shows a link still checks it is an http(s) URL.
    config.downloads = Object.fromEntries(
      Object.entries(downloads).filter(
        (entry): entry is [string, string | null] => typeof entry[1] === 'string' || entry[1] === null,
      ),
    );
  }
  return config;
}

export const APP_CONFIG_URL = '/config/app.json';

/** Fetched with no-store: the file is runtime config and may change without a rebuild. */
export async function fetchAppConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
) {
  const response = await fetchImpl(APP_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${APP_CONFIG_URL} answered ${response.status}`);
  return parseAppConfig(await response.json());
}

const AppConfigContext = createContext<AppConfig | null>(null);

export function AppConfigProvider({ value, children }: { value: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

export function useAppConfig(): AppConfig {
  const value = useContext(AppConfigContext);
  if (!value) throw new Error('useAppConfig must be used inside <AppConfigProvider>');
  return value;
}
