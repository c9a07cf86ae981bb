import { createContext, type ReactNode, useContext } from 'react';
import * as z from 'zod/mini';

/** /config/app.json: the public settings (docs/decisions/001). Names never live in code. */
export const AppConfigSchema = z.object({
  name: z.string().check(z.minLength(1)),
  shortName: z.string().check(z.minLength(1)),
  tagline: z.string(),
});
export type AppConfig = z.infer<typeof AppConfigSchema>;

export const APP_CONFIG_URL = '/config/app.json';

/** Fetched with no-store: the file is runtime config and may change without a rebuild. */
export async function fetchAppConfig(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
) {
  const response = await fetchImpl(APP_CONFIG_URL, { cache: 'no-store', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${APP_CONFIG_URL} answered ${response.status}`);
  return AppConfigSchema.parse(await response.json());
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
