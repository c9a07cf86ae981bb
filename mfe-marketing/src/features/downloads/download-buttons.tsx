import { Cluster, Text } from '@trove/kit/ui';
import { platformLabels } from '../platform/platform';
import { availablePlatforms, type DownloadLinks, downloadKinds, yoursId } from './downloads';
import * as styles from './downloads.module.css';
import type { Platform } from '../platform/platform';

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
              aria-describedby={mine ? yoursId(platform) : undefined}
            >
              <Text as="span" tone="muted" size="xs" data-download="kind">
                {downloadKinds[platform]}
              </Text>
              <span className={styles.name} data-download="name">
                {platformLabels[platform]}
              </span>
              {/* On every button, shown on the visitor's: the drawn page's driver (drawn/landing-motion.ts)
                  reveals it there, having no class name of its own to draw one with. */}
              <span id={yoursId(platform)} className={styles.yours} hidden={!mine}>
                Your device
              </span>
            </a>
          </li>
        );
      })}
    </Cluster>
  );
}
