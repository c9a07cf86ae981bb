import type { DatabaseHandle } from '@trove/service-core';
import { chatDb } from '../chats/chat-tables';
import type { DeliveryRow, StoredAnswer } from '../chats/chats.repository';
import type { DestinationRow } from './destinations.repository';

// The rows a post to a destination keeps its status in (chat_deliveries with a destination_id): written when an
// answer is shipped, read and updated by the destination-post job (issue 22 "Ship").

export async function insertPostDelivery(
  tx: DatabaseHandle,
  delivery: { messageId: string; userId: string; destination: DestinationRow; now: Date },
): Promise<DeliveryRow> {
  const row = await chatDb(tx)
    .insertInto('chat_deliveries')
    .values({
      message_id: delivery.messageId,
      user_id: delivery.userId,
      address: delivery.destination.name,
      destination_id: delivery.destination.id,
      post_status: 'queued',
      post_updated_at: delivery.now,
    })
    .returning(['id', 'message_id', 'address', 'created_at'])
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    message_id: row.message_id,
    address: row.address,
    status: 'queued',
    updated_at: row.created_at,
  };
}

export interface PostDeliveryJob {
  id: string;
  userId: string;
  chatId: string;
  question: string;
  answer: StoredAnswer | null;
  destinationId: string | null;
  status: string | null;
  attempts: number;
}

/** A queued post with what it sends (the worker's read, by the delivery's id alone). */
export async function findPostDelivery(db: DatabaseHandle, id: string): Promise<PostDeliveryJob | undefined> {
  const row = await chatDb(db)
    .selectFrom('chat_deliveries as d')
    .innerJoin('chat_messages as a', 'a.id', 'd.message_id')
    .select([
      'd.id',
      'd.user_id',
      'a.chat_id',
      'a.answer',
      'a.seq',
      'd.destination_id',
      'd.post_status',
      'd.post_attempts',
    ])
    .where('d.id', '=', id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  // The question is the user's message just before the answer.
  const question = await chatDb(db)
    .selectFrom('chat_messages')
    .select('text')
    .where('chat_id', '=', row.chat_id)
    .where('seq', '<', row.seq)
    .where('role', '=', 'user')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  return {
    id: row.id,
    userId: row.user_id,
    chatId: row.chat_id,
    question: question?.text ?? '',
    answer: (row.answer ?? null) as StoredAnswer | null,
    destinationId: row.destination_id,
    status: row.post_status,
    attempts: row.post_attempts,
  };
}

export async function recordPostAttempt(
  db: DatabaseHandle,
  id: string,
  outcome: {
    status: 'queued' | 'sent' | 'failed';
    error: string | null;
    now: Date;
    /** When a queued post is tried next; null once it is sent or failed. */
    retryAt?: Date | null;
    /** DESTINATION_POST_ATTEMPTS, for "try 3 of 5". */
    attemptsMax?: number;
  },
): Promise<void> {
  await chatDb(db)
    .updateTable('chat_deliveries')
    .set((eb) => ({
      post_status: outcome.status,
      post_error: outcome.error,
      post_updated_at: outcome.now,
      post_attempts: eb('post_attempts', '+', 1),
      post_retry_at: outcome.retryAt ?? null,
      ...(outcome.attemptsMax === undefined ? {} : { post_attempts_max: outcome.attemptsMax }),
    }))
    .where('id', '=', id)
    .execute();
}
