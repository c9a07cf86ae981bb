import { BuildLabel } from '@trove/kit';
import { ChatsWorkspace } from '../features/workspace/chats-workspace';

/** trove_chat/ChatsPage (docs/decisions/016): issue 11, /chats and /chats/:chatId. */
export default function ChatsPage() {
  return <ChatsWorkspace footer={<BuildLabel label={__TROVE_BUILD_LABEL__} />} />;
}
