import {
  API_PATHS,
  type Delivery,
  DestinationsListResponseSchema,
  type SavedDestination,
  SendAnswerResponseSchema,
} from '@trove/contracts';
import { api } from '@trove/kit';

// Issue 22 "Ship": the Send menu's destinations (added on Connections) and posting an answer to one.

export async function listDestinations(signal?: AbortSignal): Promise<SavedDestination[]> {
  return DestinationsListResponseSchema.parse(
    await api.get(API_PATHS.destinations, { signal, cache: 'no-store' }),
  ).destinations;
}

export async function postAnswer(
  chatId: string,
  messageId: string,
  destinationId: string,
): Promise<Delivery> {
  const path = `${API_PATHS.chats}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/send`;
  return SendAnswerResponseSchema.parse(await api.post(path, { destination_id: destinationId })).delivery;
}
