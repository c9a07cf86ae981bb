import { useAppConfig } from '@trove/kit';
import { useMemo } from 'react';
import { type DownloadLinks, downloadLinksFrom } from './downloads';

/**
 * The download links, from the runtime config the shell has already read (/config/app.json): there at
 * the first render, the same as in the prerendered page, so the buttons never appear late or move.
 */
export function useDownloadLinks(): DownloadLinks {
  const config = useAppConfig();
  return useMemo(() => downloadLinksFrom(config), [config]);
}
