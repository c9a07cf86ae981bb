import {
  API_PATHS,
  type AskResponse,
  AskResponseSchema,
  type Chat,
  type ChatListResponse,
  ChatListResponseSchema,
  ChatResponseSchema,
  type ChatThreadResponse,
  ChatThreadResponseSchema,
  type Delivery,
  type PassageContextResponse,
  PassageContextResponseSchema,
  SendAnswerResponseSchema,
} from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 11, the agreed Chats API. Every answer is read with its contracts schema (docs/conventions.md#one-schema-per-payload: one schema
// per payload), so a server that drifts from the contract fails here with a message, not deep in a render.

const CHATS = API_PATHS.chats;
const chatPath = (chatId: string) => `${CHATS}/${encodeURIComponent(chatId)}`;

/**
 * One page of the user's chats, most recent activity first: the first page without a cursor (the service's
 * default size), the next with the `next_cursor` the previous page gave.
 */
export async function listChats(cursor?: string | null, signal?: AbortSignal): Promise<ChatListResponse> {
  const path = cursor ? `${CHATS}?cursor=${encodeURIComponent(cursor)}` : CHATS;
  return ChatListResponseSchema.parse(await api.get(path, { signal }));
}

export async function createChat(): Promise<Chat> {
  return ChatResponseSchema.parse(await api.post(CHATS, {})).chat;
}

export async function getChat(chatId: string, signal?: AbortSignal): Promise<ChatThreadResponse> {
  return ChatThreadResponseSchema.parse(await api.get(chatPath(chatId), { signal, cache: 'no-store' }));
}

export async function renameChat(chatId: string, title: string): Promise<Chat> {
  return ChatResponseSchema.parse(await api.patch(chatPath(chatId), { title })).chat;
}

export async function deleteChat(chatId: string): Promise<void> {
  await api.delete(chatPath(chatId));
}

export async function ask(chatId: string, text: string): Promise<AskResponse> {
  return AskResponseSchema.parse(await api.post(`${chatPath(chatId)}/messages`, { text }));
}

export async function sendAnswer(chatId: string, messageId: string, address: string): Promise<Delivery> {
  const path = `${chatPath(chatId)}/messages/${encodeURIComponent(messageId)}/send`;
  return SendAnswerResponseSchema.parse(await api.post(path, { address })).delivery;
}

export async function getPassage(passageId: string, signal?: AbortSignal): Promise<PassageContextResponse> {
  return PassageContextResponseSchema.parse(
    await api.get(`${API_PATHS.passages}/${encodeURIComponent(passageId)}`, { signal }),
  );
}
