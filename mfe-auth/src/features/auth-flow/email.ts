import { EMAIL_INVALID_MESSAGE, EmailSchema } from '@trove/contracts';
import { nameFromEmail } from '@trove/kit';

/** docs/product/accounts.md#email-rules: trimmed and lower-cased before it is checked, sent or remembered. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export type EmailCheck = { ok: true; email: string } | { ok: false; message: string };

/** docs/product/accounts.md#email-rules "Email (identify step)", by the one rule the auth service also applies (contracts). */
export function checkEmail(raw: string): EmailCheck {
  const parsed = EmailSchema.safeParse(raw);
  if (parsed.success) return { ok: true, email: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? EMAIL_INVALID_MESSAGE };
}

const MASK = '•••';

/**
 * docs/product/accounts.md#masked-email "Masked email display": the first and last character of the local part with dots between,
 * plus the domain — `ada.lovelace@example.com` → `a•••e@example.com`. A one-character local part keeps
 * its one character, so the mask never shows more than the address has.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const domain = email.slice(at);
  const first = local.slice(0, 1);
  const last = local.length > 1 ? local.slice(-1) : '';
  return `${first}${MASK}${last}${domain}`;
}

/** docs/product/accounts.md#profile-step-rules: the profile step's first-name placeholder comes from the email's local part. */
export function firstNameHint(email: string): string {
  return nameFromEmail(email)?.split(' ')[0] ?? 'First name';
}
