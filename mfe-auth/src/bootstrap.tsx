import { renderStandalone } from '@trove/kit/standalone';
import AuthPage from './expose/auth-page';

// Standalone development page (npm run dev -w @trove/mfe-auth); the shell never loads this file.
void renderStandalone(AuthPage);
