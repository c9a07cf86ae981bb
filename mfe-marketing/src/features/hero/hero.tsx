import { useAppConfig } from '@trove/kit';
import { Cluster, Text } from '@trove/kit/ui';
import { Link } from 'react-router';
import { HeroDemoLive } from '../demo/hero-demo-live';
import type { DownloadLinks } from '../downloads/downloads';
import type { Platform } from '../platform/platform';
import { HeroDownloads } from './hero-downloads';
import * as styles from './hero.module.css';

interface HeroProps {
  downloads: DownloadLinks;
  platform: Platform | null;
}

/** docs/product/public-pages.md#hero hero: the tagline, the calls to action, the typing demo and the downloads. */
export function Hero({ downloads, platform }: HeroProps) {
  // The tagline is a public setting (docs/product/shell.md#product-name): read it from runtime config, never restate it here.
  const { name, tagline } = useAppConfig();
  return (
    <section className={styles.hero} aria-labelledby="hero-title">
      <div className={styles.copy}>
        <Text tone="muted" size="sm" className={styles.eyebrow}>
          <span className={styles.eyebrowBadge}>New</span> Playbooks for finance, support and IT
        </Text>
        <h1 id="hero-title" className={styles.title}>
          {tagline}
        </h1>
        <p className={styles.lede}>
          Search your mail, files, chat, docs, issues and calendars at once. {name} pulls out the dates,
          totals and people that matter and sends the answer to chat, Teams, email or docs — with the index on
          your device.
        </p>
        <Cluster gap={3}>
          <Link to="/auth/register" className={styles.primary}>
            Get Started
          </Link>
          <Link to="/auth/login" className={styles.secondary}>
            Log in
          </Link>
        </Cluster>
        <Text tone="muted" size="sm" className={styles.fine}>
          Free for up to 3 sources · <a href="#pricing">See pricing</a> · <a href="#downloads">Get the app</a>
        </Text>
      </div>
      {/* On the drawn page, the demo and the downloads are driven by drawn/landing-motion.ts (docs/decisions/245). */}
      <div className={styles.demo}>
        <HeroDemoLive />
      </div>
      {/* The anchor stays for #downloads links even when no platform has a link to show. */}
      <div id="downloads" className={styles.downloads}>
        <HeroDownloads name={name} links={downloads} current={platform} />
      </div>
    </section>
  );
}
