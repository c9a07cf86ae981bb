import { lazy } from 'react';
import { useDownloadLinks } from '../features/downloads/use-download-links';
import { useVisitorPlatform } from '../features/downloads/use-platform';
import { SiteFooter } from '../features/footer/site-footer';
import { Hero } from '../features/hero/hero';
import { LazySection } from '../features/lazy/lazy-section';

// SPEC §2.3 order. Everything after the hero is below the fold and loads as it comes near.
const FeatureGrid = lazy(() => import('../features/grid/feature-grid'));
const HowItWorks = lazy(() => import('../features/flow/how-it-works'));
const ExploreTabs = lazy(() => import('../features/explore/explore-tabs'));
const SecuritySection = lazy(() => import('../features/security/security-section'));
const PricingSection = lazy(() => import('../features/pricing/pricing-section'));
const SocialProof = lazy(() => import('../features/testimonials/social-proof'));

/** trove_marketing/LandingPage (docs/decisions/001): the landing page, SPEC §2.3 sections in order. */
export default function LandingPage() {
  const downloads = useDownloadLinks();
  const platform = useVisitorPlatform();
  return (
    <>
      <Hero downloads={downloads} platform={platform} />
      <LazySection id="features" component={FeatureGrid} minHeight="80rem" />
      <LazySection id="how-it-works" component={HowItWorks} minHeight="48rem" />
      <LazySection id="explore" component={ExploreTabs} minHeight="40rem" />
      <LazySection id="security" component={SecuritySection} minHeight="44rem" />
      <LazySection id="pricing" component={PricingSection} minHeight="52rem" />
      <LazySection id="customers" component={SocialProof} minHeight="30rem" />
      <SiteFooter />
    </>
  );
}
