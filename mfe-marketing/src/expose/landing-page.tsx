import { BuildLabel } from '@trove/kit';
import { Hero } from '../features/hero/hero';
import * as styles from './landing-page.module.css';

/** trove_marketing/LandingPage (docs/decisions/001). The other landing sections (SPEC §2.3) come later. */
export default function LandingPage() {
  return (
    <>
      <Hero />
      <footer className={styles.footer}>
        <BuildLabel label={__TROVE_BUILD_LABEL__} />
      </footer>
    </>
  );
}
