import type { DatabaseHandle } from '@trove/service-core';
import { sql } from 'kysely';
import { chatDb } from './chat-tables';

// The chat-mail ledger and confirmed recipients (docs/decisions/021-chat-mail-limits.md). Rows belong to
// the user who caused the mail and are never removed with a chat.

/**
 * Serialises one user's sends until the transaction ends, so a count read after it cannot be raced by a
 * parallel send (30 sends at once all read "19 sent" without it).
 */
export async function lockUserMail(tx: DatabaseHandle, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`chat-mail:${userId}`}, 0))`.execute(tx);
}

export interface MailSendCounts {
  lastHour: number;
  lastDay: number;
  recipientLastDay: number;
}

export async function countMailSends(
  db: DatabaseHandle,
  request: { userId: string; recipient: string; now: Date },
): Promise<MailSendCounts> {
  const hourAgo = new Date(request.now.getTime() - 3_600_000);
  const dayAgo = new Date(request.now.getTime() - 86_400_000);
  const row = await chatDb(db)
    .selectFrom('chat_mail_sends')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('sent_at', '>', hourAgo).as('last_hour'),
      eb.fn.countAll<string>().as('last_day'),
      eb.fn.countAll<string>().filterWhere('recipient', '=', request.recipient).as('recipient_last_day'),
    ])
    .where('user_id', '=', request.userId)
    .where('sent_at', '>', dayAgo)
    .executeTakeFirstOrThrow();
  return {
    lastHour: Number(row.last_hour),
    lastDay: Number(row.last_day),
    recipientLastDay: Number(row.recipient_last_day),
  };
}

export async function recordMailSend(
  db: DatabaseHandle,
  send: { userId: string; recipient: string; kind: 'answer' | 'confirm'; now: Date },
): Promise<void> {
  await chatDb(db)
    .insertInto('chat_mail_sends')
    .values({ user_id: send.userId, recipient: send.recipient, kind: send.kind, sent_at: send.now })
    .execute();
}

/** The account's address and its name ("first last", kept by the profile service); name null when unset. */
export async function findAccountSender(
  db: DatabaseHandle,
  userId: string,
): Promise<{ email: string; name: string | null } | undefined> {
  return chatDb(db).selectFrom('users').select(['email', 'name']).where('id', '=', userId).executeTakeFirst();
}

export interface RecipientRow {
  confirmed: boolean;
  /** When the last confirm mail was asked for (a pending one is not sent again within the hour). */
  requestedAt: Date;
  pending: boolean;
}

export async function findRecipient(
  db: DatabaseHandle,
  userId: string,
  address: string,
): Promise<RecipientRow | undefined> {
  const row = await chatDb(db)
    .selectFrom('chat_mail_recipients')
    .select(['confirmed_at', 'requested_at', 'token_hash'])
    .where('user_id', '=', userId)
    .where('address', '=', address)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    confirmed: row.confirmed_at !== null,
    requestedAt: row.requested_at,
    pending: row.token_hash !== null,
  };
}

/** A new confirm token for this address (the old one, if any, stops working). */
export async function requestRecipientConfirm(
  db: DatabaseHandle,
  request: { userId: string; address: string; tokenHash: string; now: Date },
): Promise<void> {
  await chatDb(db)
    .insertInto('chat_mail_recipients')
    .values({
      user_id: request.userId,
      address: request.address,
      token_hash: request.tokenHash,
      requested_at: request.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'address'])
        .doUpdateSet({ token_hash: request.tokenHash, requested_at: request.now }),
    )
    .execute();
}

/** Spends a confirm token: the address it was sent to, and who asked, or undefined for an unknown/used one. */
export async function confirmRecipient(
  db: DatabaseHandle,
  tokenHash: string,
  now: Date,
): Promise<{ address: string; accountEmail: string } | undefined> {
  const row = await chatDb(db)
    .updateTable('chat_mail_recipients')
    .set({ token_hash: null, confirmed_at: now })
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'address'])
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { address: row.address, accountEmail: (await findAccountSender(db, row.user_id))?.email ?? '' };
}
