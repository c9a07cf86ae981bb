import { Text } from '@trove/kit/ui';
import { DownloadButtons } from '../downloads/download-buttons';
import { availablePlatforms, type DownloadLinks } from '../downloads/downloads';
import type { Platform } from '../platform/platform';
import * as styles from './hero.module.css';

/**
 * What the hero's `#downloads` holds: the title and a button per platform with a link, the visitor's own
 * highlighted. On the drawn landing page, drawn/landing-motion.ts brings this markup to the runtime
 * config's links and highlights the visitor's platform, without the app (docs/decisions/245).
 */
export function HeroDownloads({
  name,
  links,
  current,
}: {
  name: string;
  links: DownloadLinks;
  current: Platform | null;
}) {
  if (availablePlatforms(links).length === 0) return null;
  return (
    <>
      <Text as="h2" tone="muted" size="sm" weight="semibold" className={styles.downloadsTitle}>
        Get {name} for your devices
      </Text>
      <DownloadButtons name={name} links={links} current={current} />
    </>
  );
}
