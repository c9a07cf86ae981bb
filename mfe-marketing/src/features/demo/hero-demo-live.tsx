import { useAppConfig } from '@trove/kit';
import { useReducedMotion } from '../motion/use-reduced-motion';
import { HeroDemo } from './hero-demo';

/** The typing demo in the app's page: the short name from the public settings, still when drawn at build time. */
export function HeroDemoLive() {
  const { shortName } = useAppConfig();
  const reduced = useReducedMotion();
  return <HeroDemo shortName={shortName} reduced={reduced} />;
}
