import { RemoteMount } from '../remotes/remote-mount';

/**
 * Issue 11: /chats and /chats/:chatId are the chat remote's (trove_chat/ChatsPage), which reads the chat
 * id from the path itself. Kept as a shell page so the signed-in area still loads it on first use.
 */
export function ChatsPage() {
  return <RemoteMount key="chat" remote="chat" expose="ChatsPage" what="your chats" />;
}
