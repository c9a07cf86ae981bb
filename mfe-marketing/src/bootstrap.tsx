import { renderStandalone } from '@trove/kit/standalone';
import LandingPage from './expose/landing-page';

// Standalone development page (npm run dev -w @trove/mfe-marketing); the shell never loads this file.
void renderStandalone(LandingPage);
