import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { OtpTiming } from '@trove/contracts';
import { type CodePurpose, codeMail, type DatabaseHandle, enqueueMail } from '@trove/service-core';
import {
  consumeCode,
  insertCode,
  lockLatestCode,
  recordWrongAttempt,
  secondsSinceLastCode,
} from './codes.repository';

export interface CodeSettings {
  ttlSeconds: number;
  resendSeconds: number;
  maxAttempts: number;
  product: string;
  hashKey: Buffer;
}

/** The keyed hash stored for a code: bound to its purpose and target, so it fits nowhere else. */
export function hashCode(key: Buffer, purpose: CodePurpose, target: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\u0000${target}\u0000${code}`).digest('base64url');
}

/** docs/product/accounts.md#constants: 6 digits, from a CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** docs/product/accounts.md#code-timing "Code timer", from the server: seconds and absolute times. */
export function codeTiming(settings: CodeSettings, issuedAt: Date = new Date()): OtpTiming {
  return {
    expires_in: settings.ttlSeconds,
    resend_in: settings.resendSeconds,
    expires_at: new Date(issuedAt.getTime() + settings.ttlSeconds * 1000).toISOString(),
    resend_at: new Date(issuedAt.getTime() + settings.resendSeconds * 1000).toISOString(),
  };
}

/** Seconds until a new code may be sent for this purpose and target (0 when it may be sent now). */
export async function resendWait(
  db: DatabaseHandle,
  settings: CodeSettings,
  purpose: CodePurpose,
  target: string,
): Promise<number> {
  const age = await secondsSinceLastCode(db, purpose, target);
  return age === undefined ? 0 : Math.max(0, settings.resendSeconds - age);
}

/**
 * Issues a code and queues its mail in the caller's transaction (the outbox rule: the code and its mail
 * commit together or not at all). Older codes for the same purpose and target stop counting, because
 * only the newest is ever checked.
 */
export async function issueCode(
  tx: DatabaseHandle,
  settings: CodeSettings,
  purpose: Exclude<CodePurpose, 'reset_token'>,
  target: string,
): Promise<OtpTiming> {
  const code = newCode();
  const { createdAt } = await insertCode(tx, {
    purpose,
    target,
    codeHash: hashCode(settings.hashKey, purpose, target, code),
    ttlSeconds: settings.ttlSeconds,
  });
  await enqueueMail(
    tx,
    codeMail({
      product: settings.product,
      to: target,
      purpose,
      code,
      minutes: Math.round(settings.ttlSeconds / 60),
    }),
  );
  return codeTiming(settings, createdAt);
}

export type CodeCheck = 'ok' | 'wrong' | 'gone';

/**
 * Checks `code` against the newest code for purpose and target, in the caller's transaction. Wrong
 * answers count; at OTP_MAX_ATTEMPTS the code is burned, and from then on even the right code is
 * `gone` (410), like an expired or used one. The right code is consumed: single use.
 */
export async function checkCode(
  tx: DatabaseHandle,
  settings: CodeSettings,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<CodeCheck> {
  const stored = await lockLatestCode(tx, purpose, target);
  if (stored === undefined) return 'wrong';
  if (stored.consumed || stored.expired || stored.attempts >= settings.maxAttempts) return 'gone';
  const expected = Buffer.from(stored.codeHash);
  const given = Buffer.from(hashCode(settings.hashKey, purpose, target, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await recordWrongAttempt(tx, stored.id);
    return 'wrong';
  }
  await consumeCode(tx, stored.id);
  return 'ok';
}
