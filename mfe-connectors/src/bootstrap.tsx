import { renderStandalone } from '@trove/kit/standalone';
import ConnectionsPage from './expose/connections-page';

// Standalone development page (npm run dev -w @trove/mfe-connectors); the shell never loads this file.
void renderStandalone(ConnectionsPage);
