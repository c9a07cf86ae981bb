import { ApiError } from '@trove/kit';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** docs/product/accounts.md#second-factor: the flags a login answer may carry to ask for the second step. */
export const SECOND_FACTOR_FLAGS = [
  'two_factor',
  'twoFactor',
  'require_2fa',
  'mfa_required',
  'otp_required',
] as const;

/** docs/product/accounts.md#second-factor: any flag, or `next=otp`, or `purpose=login2fa`. */
export function asksForSecondFactor(answer: unknown): boolean {
  if (!isRecord(answer)) return false;
  return (
    SECOND_FACTOR_FLAGS.some(
      (flag) => answer[flag] === true || answer[flag] === 'true' || answer[flag] === 1,
    ) ||
    answer.next === 'otp' ||
    answer.purpose === 'login2fa'
  );
}

const SECOND_FACTOR_WORDS = /2fa|mfa|two[-\s]?factor|\botp\b/i;
const UNVERIFIED_WORDS = /not verified|unverified|verify/i;

/** docs/product/accounts.md#second-factor: a rejected login that still means "send a login code": a 401, or a message naming 2fa, mfa, two-factor or otp. */
export function isSecondFactorRejection(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 401 || SECOND_FACTOR_WORDS.test(error.message);
}

/** docs/product/accounts.md#second-factor: a rejected login that means "verify your email first": 403, 412, or such a message. */
export function isUnverifiedRejection(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 403 || error.status === 412 || UNVERIFIED_WORDS.test(error.message);
}

/** docs/product/accounts.md#code-timing "retry_after (seconds) in the error sets the resend wait". */
export function retryAfterFrom(error: unknown): number | null {
  if (!(error instanceof ApiError) || !isRecord(error.data)) return null;
  const value = Number(error.data.retry_after);
  return Number.isFinite(value) && value >= 0 ? value : null;
}
