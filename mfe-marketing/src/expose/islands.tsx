import type { ComponentType } from 'react';
import { HeroDemo } from '../features/demo/hero-demo';
import { downloadLinksFrom } from '../features/downloads/downloads';
import { useVisitorPlatform } from '../features/downloads/use-platform';
import { HeroDownloads } from '../features/hero/hero-downloads';
import { usePrefersReducedMotion } from '../features/motion/prefers-reduced-motion';

/**
 * trove_marketing/Islands (docs/decisions/190): the parts of the drawn landing page that move or depend on
 * the visitor before the app has started, each rendered by the shell into its own root in the element
 * marked `data-island="<name>"`. No kit and no router, so the page fetches neither for them. The public
 * settings (/config/app.json, as the shell fetched it) come as a prop and are read with plain checks.
 */
export interface IslandProps {
  config: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function HeroDemoIsland({ config }: IslandProps) {
  const reduced = usePrefersReducedMotion();
  return <HeroDemo shortName={text(config.shortName)} reduced={reduced} />;
}

/** The download buttons of the runtime config, the visitor's platform highlighted. */
function DownloadsIsland({ config }: IslandProps) {
  const platform = useVisitorPlatform();
  return <HeroDownloads name={text(config.name)} links={downloadLinksFrom(config)} current={platform} />;
}

export const islands: Record<string, ComponentType<IslandProps>> = {
  'hero-demo': HeroDemoIsland,
  downloads: DownloadsIsland,
};
