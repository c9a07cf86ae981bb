import { nameFromEmail } from '@trove/kit';

/**
 * docs/product/profile.md#page: the display name falls back to first and last name, then to the name the account
 * menu shows for the email (docs/product/shell.md#display-name), then to "Your Name". Issue 38: a new account
 * that left "Finish your profile" read "Your Name" / "U" here while the account menu named it.
 */
export function profileDisplayName(person: {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}) {
  const name = person.name?.trim();
  if (name) return name;
  const full = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return full || nameFromEmail(person.email) || 'Your Name';
}
