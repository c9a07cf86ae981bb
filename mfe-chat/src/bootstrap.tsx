import { renderStandalone } from '@trove/kit/standalone';
import ChatsPage from './expose/chats-page';

// Standalone development page (npm run dev -w @trove/mfe-chat); the shell never loads this file.
void renderStandalone(ChatsPage);
