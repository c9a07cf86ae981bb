import type { Database, DatabaseHandle } from '@trove/service-core';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { SearchTables } from '../db/tables';

// The chat tables as kysely sees them (services/core/src/db/migrations/2026-11-23-02-chats.ts), kept
// beside the chat code like the search tables are beside search: only this service reads them.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Optional<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type ChatsTable = {
  id: Generated<string>;
  user_id: string;
  title: Optional<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type ChatMessagesTable = {
  id: Generated<string>;
  seq: Generated<string>;
  chat_id: string;
  user_id: string;
  role: 'user' | 'assistant';
  text: string;
  /** The stored answer (StoredAnswer in chats.repository.ts); written as JSON text. */
  answer: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
};

export type ChatDeliveriesTable = {
  id: Generated<string>;
  message_id: string;
  user_id: string;
  address: string;
  mail_id: Optional<string>;
  created_at: Timestamp;
  /** 2026-11-25-10-destinations: a post to a destination instead of a mail, with its own status. */
  destination_id: Optional<string>;
  post_status: Optional<'queued' | 'sent' | 'failed'>;
  post_attempts: Generated<number>;
  post_error: Optional<string>;
  post_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 2026-11-29-95-delivery-retries-shown: when a queued post is tried next, and its tries in all. */
  post_retry_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  post_attempts_max: Optional<number>;
};

/** 2026-11-24-01-chat-mail-ledger: every chat mail a user caused, kept when chats are deleted. */
export type ChatMailSendsTable = {
  id: Generated<string>;
  user_id: string;
  recipient: string;
  kind: 'answer' | 'confirm';
  sent_at: Timestamp;
};

export type ChatMailRecipientsTable = {
  user_id: string;
  address: string;
  token_hash: Optional<string>;
  requested_at: Timestamp;
  confirmed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

export type ChatTables = {
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
  chat_deliveries: ChatDeliveriesTable;
  chat_mail_sends: ChatMailSendsTable;
  chat_mail_recipients: ChatMailRecipientsTable;
};

export type ChatDatabase = Kysely<Database & SearchTables & ChatTables>;

/** The shared handle (or a transaction on it), seen with the search and chat tables too. */
export function chatDb(db: DatabaseHandle): ChatDatabase {
  return db.withTables<SearchTables & ChatTables>() as unknown as ChatDatabase;
}
