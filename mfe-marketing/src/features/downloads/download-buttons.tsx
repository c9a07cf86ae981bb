import { Cluster, Text } from '@trove/kit/ui';
import { platformLabels } from '../platform/platform';
import { availablePlatforms, type DownloadLinks } from './downloads';
import * as styles from './downloads.module.css';
import type { Platform } from '../platform/platform';

const kinds: Record<Platform, string> = {
  android: 'Google Play',
  ios: 'App Store',
  windows: 'Installer',
  macos: 'Installer',
  linux: 'AppImage',
};

/**
 * docs/product/public-pages.md#hero: Android, iOS, Windows, macOS and Linux; the visitor's platform highlighted; a platform with
 * no link hidden; each opens in a new tab.
 */
export function DownloadButtons({
  name,
  links,
  current,
}: {
  /** The product's name (public settings), passed in: no kit here, for the landing page's island. */
  name: string;
  links: DownloadLinks;
  current: Platform | null;
}) {
  return (
    <Cluster as="ul" gap={2} aria-label={`Download ${name}`}>
      {availablePlatforms(links).map((platform) => {
        const mine = platform === current;
        return (
          <li key={platform}>
            <a
              className={styles.button}
              href={links[platform] ?? undefined}
              target="_blank"
              rel="noopener"
              data-platform={platform}
              data-current={mine || undefined}
              aria-describedby={mine ? 'download-yours' : undefined}
            >
              <Text as="span" tone="muted" size="xs">
                {kinds[platform]}
              </Text>
              <span className={styles.name}>{platformLabels[platform]}</span>
              {mine ? (
                <span id="download-yours" className={styles.yours}>
                  Your device
                </span>
              ) : null}
            </a>
          </li>
        );
      })}
    </Cluster>
  );
}
