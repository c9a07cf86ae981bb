import { renderStandalone } from '@trove/kit/standalone';
import ProfilePage from './expose/profile-page';

// Standalone development page (npm run dev -w @trove/mfe-profile); the shell never loads this file.
void renderStandalone(ProfilePage);
