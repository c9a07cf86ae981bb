import { lazy } from 'react';
import { useDownloadLinks } from '../features/downloads/use-download-links';
import { useVisitorPlatform } from '../features/downloads/use-platform';
import { SiteFooter } from '../features/footer/site-footer';
import { Hero } from '../features/hero/hero';
import { LazySection } from '../features/lazy/lazy-section';
import { useHashTarget } from '../features/lazy/use-hash-target';

// docs/product/public-pages.md#landing-sections order. Everything after the hero is below the fold and loads as it comes near.
const sections = [
  // Nothing in the grid moves: it stays the served HTML (docs/decisions/190).
  {
    id: 'features',
    minHeight: '80rem',
    component: lazy(() => import('../features/grid/feature-grid')),
    isStatic: true,
  },
  { id: 'how-it-works', minHeight: '48rem', component: lazy(() => import('../features/flow/how-it-works')) },
  { id: 'explore', minHeight: '40rem', component: lazy(() => import('../features/explore/explore-tabs')) },
  {
    id: 'security',
    minHeight: '44rem',
    component: lazy(() => import('../features/security/security-section')),
  },
  { id: 'pricing', minHeight: '52rem', component: lazy(() => import('../features/pricing/pricing-section')) },
  {
    id: 'customers',
    minHeight: '30rem',
    component: lazy(() => import('../features/testimonials/social-proof')),
  },
] as const;
const sectionIds = sections.map((section) => section.id);

/** trove_marketing/LandingPage (docs/decisions/001): the landing page, docs/product/public-pages.md#landing-sections sections in order. */
export default function LandingPage() {
  const downloads = useDownloadLinks();
  const platform = useVisitorPlatform();
  const forceUpTo = useHashTarget(sectionIds);
  return (
    <>
      <Hero downloads={downloads} platform={platform} />
      {sections.map((section, index) => (
        <LazySection key={section.id} {...section} force={index <= forceUpTo} />
      ))}
      <SiteFooter />
    </>
  );
}
