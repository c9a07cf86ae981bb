import { api } from '@trove/kit';
import { startTransition, useEffect, useState } from 'react';
import { type DownloadLinks, downloadLinksFrom, placeholderDownloadLinks } from './downloads';

/** Public runtime config (docs/decisions/001); the deployment's store and installer URLs live there. */
const APP_CONFIG_URL = '/config/app.json';

/**
 * The download links: placeholders at first paint (so the buttons are there at once and nothing moves),
 * then whatever /config/app.json says under "downloads". The kit's config keeps only the app's names,
 * so this reads the file itself; an unreadable file keeps the placeholders.
 */
export function useDownloadLinks(): DownloadLinks {
  const [links, setLinks] = useState<DownloadLinks>(placeholderDownloadLinks);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<unknown>(APP_CONFIG_URL, { cache: 'no-store', signal: controller.signal })
      .then((config) => {
        if (!controller.signal.aborted) startTransition(() => setLinks(downloadLinksFrom(config)));
      })
      .catch(() => {
        // Keep the placeholders: a missing config file must not take the buttons away.
      });
    return () => controller.abort();
  }, []);
  return links;
}
