/** docs/product/accounts.md#constants: fallback code lifetime 60 s, fallback resend wait 30 s, countdown tick 500 ms. */
export const FALLBACK_CODE_LIFE_S = 60;
export const FALLBACK_RESEND_WAIT_S = 30;
export const COUNTDOWN_TICK_MS = 500;

export type OtpPurpose = 'verify' | 'login2fa' | 'reset';

/** docs/product/accounts.md#one-time-code-meta "One-time-code meta (client side)". Times are epoch milliseconds. */
export interface OtpMeta {
  target: string;
  channel: 'email';
  purpose: OtpPurpose;
  expiresAt: number;
  resendAt: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function seconds(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
}

/** An absolute time: an ISO string, or epoch seconds / milliseconds as a number. */
function instant(value: unknown): number | null {
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : parsed;
  }
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    // Ten digits of seconds reach the year 2286; anything bigger is already milliseconds.
    return value < 1e11 ? value * 1000 : value;
  }
  return null;
}

/**
 * docs/product/accounts.md#code-timing "Code timer": the server's values when it gives them — seconds (`expires_in`, `resend_in`)
 * first, since they do not depend on the two clocks agreeing, then absolute times (`expires_at`,
 * `resend_at`) — else a 60 s life and a 30 s resend wait from `now`.
 */
export function codeTimes(answer: unknown, now: number): { expiresAt: number; resendAt: number } {
  const data = isRecord(answer) ? answer : {};
  const expiresIn = seconds(data.expires_in);
  const resendIn = seconds(data.resend_in);
  const expiresAt =
    expiresIn !== null
      ? now + expiresIn * 1000
      : (instant(data.expires_at) ?? now + FALLBACK_CODE_LIFE_S * 1000);
  const resendAt =
    resendIn !== null
      ? now + resendIn * 1000
      : (instant(data.resend_at) ?? now + FALLBACK_RESEND_WAIT_S * 1000);
  return { expiresAt, resendAt };
}

/**
 * docs/product/accounts.md#code-timing: when the code request failed with `retry_after` (a code was sent moments ago), that many
 * seconds set the resend wait; the code's life is the fallback, as the answer says nothing of it.
 */
export function timesAfterRetry(
  retryAfterSeconds: number | null,
  now: number,
): { expiresAt: number; resendAt: number } {
  return {
    expiresAt: now + FALLBACK_CODE_LIFE_S * 1000,
    resendAt: now + (retryAfterSeconds ?? FALLBACK_RESEND_WAIT_S) * 1000,
  };
}

/** Whole seconds left until `at`, rounded up so "Resend in 1s" shows until the moment it is allowed. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** docs/product/accounts.md#code-rules: "Resend in {n}s", then "Resend code". */
export function resendLabel(secondsLeft: number): string {
  return secondsLeft > 0 ? `Resend in ${secondsLeft}s` : 'Resend code';
}
