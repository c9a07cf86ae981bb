import { sql } from 'kysely';
import type { DatabaseHandle } from '../database';
import type { MailMessage } from '../mailer';

// The transactional outbox (docs/architecture.md#mail): a mail is a row written in the same transaction as
// the change it reports, and a worker delivers it later, so a code is never lost while SMTP is down.

/** Returns the row's id, so a caller that shows delivery (a chat answer's) can follow its state. */
export async function enqueueMail(db: DatabaseHandle, message: MailMessage): Promise<string> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface OutboxMail extends MailMessage {
  id: string;
  attempts: number;
}

/**
 * Locks up to `limit` due mails for this transaction. SKIP LOCKED lets several workers (one per auth
 * instance) share the queue without sending a mail twice.
 */
export async function lockDueMails(db: DatabaseHandle, limit: number): Promise<OutboxMail[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'attempts'])
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => ({
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attempts: row.attempts,
  }));
}

/**
 * Marks the mail sent and clears its bodies (issue 18 item 14): a code or an answer has no business in the
 * database once it is in the recipient's mailbox. The row stays, with its subject, address and times, for
 * the delivery status a chat shows and until the retention purge takes it.
 */
export async function markMailSent(db: DatabaseHandle, id: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: sql`now()`, last_error: null, text_body: '', html_body: '' })
    .where('id', '=', id)
    .execute();
}

export async function markMailFailed(
  db: DatabaseHandle,
  id: string,
  error: string,
  retryInSeconds: number,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      attempts: sql`attempts + 1`,
      last_error: error.slice(0, 500),
      next_attempt_at: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where('id', '=', id)
    .execute();
}

/** Mails not sent yet, due or waiting for a retry: the outbox depth operators watch. */
export async function countPendingMails(db: DatabaseHandle): Promise<number> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string>().as('pending'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.pending);
}
