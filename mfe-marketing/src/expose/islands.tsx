import type { ComponentType } from 'react';
import { HeroDemo } from '../features/demo/hero-demo';
import { usePrefersReducedMotion } from '../features/motion/prefers-reduced-motion';

/**
 * trove_marketing/Islands (docs/decisions/190): the parts of the drawn landing page that move before the
 * app has started, each rendered by the shell into its own root in the element marked
 * `data-island="<name>"`. No kit and no router, so the page fetches neither for them. What they read from
 * the public settings comes as props (the shell's islands.ts passes /config/app.json's fields).
 */
export interface IslandProps {
  shortName: string;
}

function HeroDemoIsland({ shortName }: IslandProps) {
  const reduced = usePrefersReducedMotion();
  return <HeroDemo shortName={shortName} reduced={reduced} />;
}

export const islands: Record<string, ComponentType<IslandProps>> = { 'hero-demo': HeroDemoIsland };
