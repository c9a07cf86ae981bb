import { createHash, randomBytes } from 'node:crypto';
import { senderLabel } from './sender-label';
import {
  type AddressRules,
  CHAT_MAIL_CODES,
  CHAT_MESSAGES,
  CHAT_RECIPIENT_CONFIRM_PATH,
} from '@trove/contracts';
import {
  ApiError,
  type DatabaseHandle,
  enqueueMail,
  recipientConfirmMail,
  tooManyRequests,
} from '@trove/service-core';
import {
  confirmRecipient,
  countMailSends,
  findAccountSender,
  findRecipient,
  lockUserMail,
  recordMailSend,
  requestRecipientConfirm,
} from './chat-mail.repository';

// Who an answer may be mailed to, and how often (issue 18 item 1, docs/decisions/021-chat-mail-limits.md).
// The outbox mails from the product's own address, so every send is counted in a ledger that deleting a
// chat never touches, reserved under a per-user lock in the transaction that queues the mail, and an
// address other than the account's own must confirm once before answers go to it.

export interface ChatMailLimits {
  /** APP_NAME, for the confirm mail. */
  product: string;
  /**
   * Where mailed links point: PUBLIC_URL, or without it the service's own listen origin — never a request's
   * Host or X-Forwarded-Host, which whoever sends the request writes (issue 18 item 12).
   */
  linkOrigin: string;
  mailsPerHour: number;
  mailsPerDay: number;
  mailsPerRecipientPerDay: number;
  /** ADDRESS_ALLOW_QUOTED_LOCAL (docs/decisions/090); strict when unset. */
  addressRules?: AddressRules | undefined;
}

const HOUR_S = 3_600;
const DAY_S = 86_400;
/** A pending confirmation is not mailed again within this time (each one is a mail to a stranger). */
const CONFIRM_RESEND_MS = 3_600_000;

export type MailClearance = { allowed: true; sender: string } | { allowed: false; error: ApiError };

export const hashConfirmToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Reserves one answer mail from `userId` to `address`, or says why not. Call it inside the transaction
 * that queues the mail: the per-user lock it takes is held until that transaction ends, so parallel sends
 * are counted one after another. A refusal that mailed a confirmation must still be committed.
 */
export async function clearAnswerMail(
  tx: DatabaseHandle,
  request: { userId: string; address: string; now: Date },
  limits: ChatMailLimits,
): Promise<MailClearance> {
  await lockUserMail(tx, request.userId);
  const account = await findAccountSender(tx, request.userId);
  // The confirmation names the address asking; the answer, the account's name with it (issue 38).
  const sender = account?.email ?? '';
  const refusal = await overLimit(tx, request, limits);
  if (refusal) return { allowed: false, error: refusal };

  if (request.address !== sender.toLowerCase()) {
    const recipient = await findRecipient(tx, request.userId, request.address);
    if (recipient?.confirmed !== true) {
      const waiting =
        recipient?.pending === true &&
        request.now.getTime() - recipient.requestedAt.getTime() < CONFIRM_RESEND_MS;
      if (!waiting) await mailConfirmation(tx, { ...request, sender }, limits);
      const message = waiting
        ? CHAT_MESSAGES.recipientConfirmPending(request.address)
        : CHAT_MESSAGES.recipientConfirmSent(request.address);
      return { allowed: false, error: new ApiError(403, message, CHAT_MAIL_CODES.recipientUnconfirmed) };
    }
  }
  await recordMailSend(tx, {
    userId: request.userId,
    recipient: request.address,
    kind: 'answer',
    now: request.now,
  });
  return { allowed: true, sender: account === undefined ? sender : senderLabel(account) };
}

async function overLimit(
  tx: DatabaseHandle,
  request: { userId: string; address: string; now: Date },
  limits: ChatMailLimits,
): Promise<ApiError | undefined> {
  const counts = await countMailSends(tx, {
    userId: request.userId,
    recipient: request.address,
    now: request.now,
  });
  // The longest wait first: when a day's cap is reached, "try again later" in an hour would be wrong.
  if (counts.lastDay >= limits.mailsPerDay) {
    return tooManyRequests(CHAT_MESSAGES.mailsPerDay(limits.mailsPerDay), DAY_S);
  }
  if (counts.recipientLastDay >= limits.mailsPerRecipientPerDay) {
    return tooManyRequests(
      CHAT_MESSAGES.mailsPerRecipient(request.address, limits.mailsPerRecipientPerDay),
      DAY_S,
    );
  }
  if (counts.lastHour >= limits.mailsPerHour) {
    return tooManyRequests(CHAT_MESSAGES.mailsPerHour(limits.mailsPerHour), HOUR_S);
  }
  return undefined;
}

/** Queues the one-click confirmation; it is a mail to that address, so the ledger counts it too. */
async function mailConfirmation(
  tx: DatabaseHandle,
  request: { userId: string; address: string; now: Date; sender: string },
  limits: ChatMailLimits,
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await requestRecipientConfirm(tx, {
    userId: request.userId,
    address: request.address,
    tokenHash: hashConfirmToken(token),
    now: request.now,
  });
  const base = limits.linkOrigin.replace(/\/+$/, '');
  await enqueueMail(
    tx,
    recipientConfirmMail({
      product: limits.product,
      to: request.address,
      sender: request.sender,
      confirmUrl: `${base}${CHAT_RECIPIENT_CONFIRM_PATH}?token=${encodeURIComponent(token)}`,
    }),
  );
  await recordMailSend(tx, {
    userId: request.userId,
    recipient: request.address,
    kind: 'confirm',
    now: request.now,
  });
}

/** Spends a confirm token; undefined when it is unknown or was used. */
export function confirmRecipientToken(db: DatabaseHandle, token: string, now: Date) {
  return confirmRecipient(db, hashConfirmToken(token), now);
}
