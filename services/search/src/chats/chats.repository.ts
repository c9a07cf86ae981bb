import type { AssistantChatMessage, DeliveryStatus } from '@trove/contracts';
import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { chatDb } from './chat-tables';

// Chats, their messages and deliveries (docs/decisions/015-chats.md). Every statement names the user:
// a chat, message or delivery id of another user reads as missing.

/** An answer as stored in chat_messages.answer: everything shown except what has its own column. */
export type StoredAnswer = Omit<AssistantChatMessage, 'id' | 'role' | 'text' | 'created_at' | 'deliveries'>;

export interface ChatRow {
  id: string;
  title: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MessageRow {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  answer: StoredAnswer | null;
  created_at: Date;
}

export interface DeliveryRow {
  id: string;
  message_id: string;
  address: string;
  status: DeliveryStatus;
  updated_at: Date;
  /** A post's last failure in words (issue 38 item 4); null when it has none. */
  error?: string | null;
  /** A queued post's next try: when, its number, and the tries it has in all. */
  retry?: { at: Date; nextTry: number; tries: number } | null;
}

const CHAT_COLUMNS = ['id', 'title', 'created_at', 'updated_at'] as const;

/** Where a page of the list ends: the last chat's activity (PostgreSQL's text, to the microsecond) and id. */
export interface ChatListPosition {
  updatedAt: string;
  id: string;
}

export interface ChatListPage {
  chats: ChatRow[];
  /** Where the next page starts; null when this page is the last. */
  next: ChatListPosition | null;
}

/**
 * One page of the user's chats, most recent activity first (docs/decisions/015-chats.md, "Paging").
 * Keyset, not offset: a chat that becomes active while the user pages moves to the top and is neither
 * shown twice nor skipped among the rest, and a page costs the same however deep it is. The index
 * chats_user_activity (user_id, updated_at desc, id) serves it: the row comparison is its index condition,
 * and only chats sharing an updated_at are sorted (an incremental sort), so a page reads `limit + 1` rows.
 */
export async function listChats(
  db: DatabaseHandle,
  userId: string,
  page: { limit: number; after?: ChatListPosition | undefined },
): Promise<ChatListPage> {
  let query = chatDb(db)
    .selectFrom('chats')
    .select([
      ...CHAT_COLUMNS,
      // A Date keeps milliseconds; the cursor needs the column's microseconds or it would skip chats.
      sql<string>`to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('position'),
    ])
    .where('user_id', '=', userId);
  if (page.after !== undefined) {
    query = query.where(
      sql<boolean>`(updated_at, id) < (${page.after.updatedAt}::timestamptz, ${page.after.id}::uuid)`,
    );
  }
  const rows = await query
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    chats: shown.map(({ position: _, ...chat }) => chat),
    next: rows.length > page.limit && last !== undefined ? { updatedAt: last.position, id: last.id } : null,
  };
}

export async function createChat(db: DatabaseHandle, userId: string, title: string | null): Promise<ChatRow> {
  return chatDb(db)
    .insertInto('chats')
    .values({ user_id: userId, title })
    .returning(CHAT_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The user's chat by id: a chat of another user is not found. */
const ownChat = (db: DatabaseHandle, userId: string, chatId: string) =>
  chatDb(db).selectFrom('chats').select(CHAT_COLUMNS).where('id', '=', chatId).where('user_id', '=', userId);

export async function findChat(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
): Promise<ChatRow | undefined> {
  return ownChat(db, userId, chatId).executeTakeFirst();
}

/** Locks the chat for this transaction, so two questions asked at once both see whether it has a title. */
export async function lockChat(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
): Promise<ChatRow | undefined> {
  return ownChat(db, userId, chatId).forUpdate().executeTakeFirst();
}

export async function renameChat(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
  title: string,
): Promise<ChatRow | undefined> {
  return chatDb(db)
    .updateTable('chats')
    .set({ title, updated_at: sql`now()` })
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .returning(CHAT_COLUMNS)
    .executeTakeFirst();
}

export async function deleteChat(db: DatabaseHandle, userId: string, chatId: string): Promise<boolean> {
  const result = await chatDb(db)
    .deleteFrom('chats')
    .where('id', '=', chatId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Writes a question and its answer and marks the chat active; an untitled chat takes `title`.
 * Call inside a transaction with the chat locked.
 */
export async function appendExchange(
  db: DatabaseHandle,
  exchange: { userId: string; chatId: string; question: string; answer: StoredAnswer; title: string },
): Promise<{ chat: ChatRow; question: MessageRow; answer: MessageRow }> {
  const chats = chatDb(db);
  const rows = await chats
    .insertInto('chat_messages')
    .values([
      {
        chat_id: exchange.chatId,
        user_id: exchange.userId,
        role: 'user',
        text: exchange.question,
        answer: null,
      },
      {
        chat_id: exchange.chatId,
        user_id: exchange.userId,
        role: 'assistant',
        text: exchange.question,
        answer: JSON.stringify(exchange.answer),
      },
    ])
    .returning(['id', 'role', 'text', 'answer', 'created_at', 'seq'])
    .execute();
  const chat = await chats
    .updateTable('chats')
    .set({ updated_at: sql`now()`, title: sql`coalesce(title, ${exchange.title})` })
    .where('id', '=', exchange.chatId)
    .where('user_id', '=', exchange.userId)
    .returning(CHAT_COLUMNS)
    .executeTakeFirstOrThrow();
  const [question, answer] = [...rows].sort((a, b) => Number(a.seq) - Number(b.seq)).map(toMessage);
  if (question === undefined || answer === undefined) throw new Error('the exchange was not written');
  return { chat, question, answer };
}

/**
 * An answer stored before the chat's date filters took the search API's names (`from`/`to`, issue 42 item 6)
 * reads with the new ones, so the thread shows its date chip as before.
 */
function withDateNames(answer: StoredAnswer): StoredAnswer {
  const old = answer.filters as StoredAnswer['filters'] & { from?: string; to?: string };
  if (old === undefined || (old.from === undefined && old.to === undefined)) return answer;
  const { from, to, ...filters } = old;
  return {
    ...answer,
    filters: {
      ...filters,
      ...(from === undefined ? {} : { date_from: from }),
      ...(to === undefined ? {} : { date_to: to }),
    },
  };
}

function toMessage(row: {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  answer: unknown;
  created_at: Date;
}): MessageRow {
  return {
    id: row.id,
    role: row.role,
    text: row.text,
    answer: row.answer == null ? null : withDateNames(row.answer as StoredAnswer),
    created_at: row.created_at,
  };
}

/** The thread, oldest first. */
export async function listMessages(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
): Promise<MessageRow[]> {
  const rows = await chatDb(db)
    .selectFrom('chat_messages')
    .select(['id', 'role', 'text', 'answer', 'created_at'])
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();
  return rows.map(toMessage);
}

export async function findAnswer(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
  messageId: string,
): Promise<MessageRow | undefined> {
  const row = await chatDb(db)
    .selectFrom('chat_messages')
    .select(['id', 'role', 'text', 'answer', 'created_at'])
    .where('id', '=', messageId)
    .where('chat_id', '=', chatId)
    .where('user_id', '=', userId)
    .where('role', '=', 'assistant')
    .executeTakeFirst();
  return row === undefined ? undefined : toMessage(row);
}

export async function insertDelivery(
  db: DatabaseHandle,
  delivery: { messageId: string; userId: string; address: string; mailId: string },
): Promise<DeliveryRow> {
  const row = await chatDb(db)
    .insertInto('chat_deliveries')
    .values({
      message_id: delivery.messageId,
      user_id: delivery.userId,
      address: delivery.address,
      mail_id: delivery.mailId,
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

/**
 * The deliveries of these answers, oldest first, with their status read from the outbox row the auth
 * service's worker delivers: sent once it is marked sent; failed once `failedAfterAttempts` tries have
 * failed (it is still retried, and turns to sent if a retry gets through); queued until then.
 */
export async function listDeliveries(
  db: DatabaseHandle,
  userId: string,
  messageIds: readonly string[],
  failedAfterAttempts: number,
): Promise<DeliveryRow[]> {
  if (messageIds.length === 0) return [];
  const rows = await chatDb(db)
    .selectFrom('chat_deliveries as d')
    .leftJoin('mail_outbox as m', 'm.id', 'd.mail_id')
    .select([
      'd.id',
      'd.message_id',
      'd.address',
      'd.created_at',
      'm.id as mail_id',
      'm.sent_at',
      'm.attempts',
      'm.created_at as mail_created_at',
      'd.post_status',
      'd.post_updated_at',
      'd.post_error',
      'd.post_attempts',
      'd.post_retry_at',
      'd.post_attempts_max',
    ])
    .where('d.user_id', '=', userId)
    .where('d.message_id', 'in', messageIds)
    .orderBy('d.created_at')
    .orderBy('d.id')
    .execute();
  return rows.map((row) => {
    // No outbox row any more: the retention purge (RETENTION_DAYS) took it, and it takes only sent mail.
    const status: DeliveryStatus =
      row.sent_at != null || row.mail_id == null
        ? 'sent'
        : (row.attempts ?? 0) >= failedAfterAttempts
          ? 'failed'
          : 'queued';
    // A post to a destination (issue 22) keeps its own status, written by the post worker.
    if (row.post_status != null) {
      return {
        id: row.id,
        message_id: row.message_id,
        address: row.address,
        status: row.post_status,
        updated_at: row.post_updated_at ?? row.created_at,
        error: row.post_status === 'sent' ? null : (row.post_error ?? null),
        retry:
          row.post_status === 'queued' && row.post_retry_at != null && row.post_attempts_max != null
            ? { at: row.post_retry_at, nextTry: row.post_attempts + 1, tries: row.post_attempts_max }
            : null,
      };
    }
    return {
      id: row.id,
      message_id: row.message_id,
      address: row.address,
      status,
      updated_at: row.sent_at ?? row.created_at,
    };
  });
}
