// The drawn landing page's own script (docs/decisions/245), built by the prerender step into
// assets/js/landing-motion.<hash>.js and loaded with `defer` by that page only.
import { startLandingMotion } from './landing-motion';

startLandingMotion();
