import type { AcceptedSessionUser } from '@trove/contracts';

/** docs/product/shell.md#account-menu: the account menu's name when there is neither a name nor an email. */
export const GUEST_NAME = 'Guest user';
/**
 * docs/product/shell.md#display-name: the secondary line's "placeholder guest address". example.com is reserved for exactly this
 * (RFC 2606), so it can never be mistaken for, or mail, a real person.
 */
export const GUEST_ADDRESS = 'guest@example.com';

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * docs/product/shell.md#display-name: a name from the part of the email before the @, separators turned to spaces and words
 * capitalised: `john.doe_smith@x.com` → "John Doe Smith".
 */
export function nameFromEmail(email: string | null | undefined): string | null {
  const local = present(email)?.split('@')[0];
  if (!local) return null;
  const words = local.split(/[._\-+\s]+/).filter((word) => word !== '');
  if (words.length === 0) return null;
  return words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

/** docs/product/shell.md#display-name: the user's name; else one derived from the email; else "Guest user". */
export function displayName(user: AcceptedSessionUser | null | undefined): string {
  return present(user?.name) ?? nameFromEmail(user?.email) ?? GUEST_NAME;
}

/** docs/product/shell.md#navigation: the email, else the phone, else a placeholder guest address. */
export function secondaryLine(user: AcceptedSessionUser | null | undefined): string {
  return present(user?.email) ?? present(user?.phone) ?? GUEST_ADDRESS;
}

/** docs/product/shell.md#avatar (avatar): the initials of up to two words, or "U". */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  const letters = words.map((word) => word.charAt(0).toUpperCase()).join('');
  return letters || 'U';
}
