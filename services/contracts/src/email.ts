import { z } from 'zod';

// docs/product/accounts.md#email-rules "Email (identify step)": no spaces, one @, a domain with a dot and a suffix of at least
// 2 characters. The suffix is the last label, so it cannot itself contain a dot.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

// RFC 5321 caps a forward path at 254 characters; anything longer cannot be delivered, and bounding
// it keeps oversized input out of the database and the logs.
const EMAIL_MAX_LENGTH = 254;

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';

/** docs/product/accounts.md#email-rules: an email is trimmed and lower-cased before it is checked or stored. */
export const EmailSchema = z
  .string({
    error: (issue) => (issue.input == null ? EMAIL_REQUIRED_MESSAGE : EMAIL_INVALID_MESSAGE),
  })
  .trim()
  .toLowerCase()
  .min(1, EMAIL_REQUIRED_MESSAGE)
  .max(EMAIL_MAX_LENGTH, EMAIL_INVALID_MESSAGE)
  .regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE);

export type Email = z.output<typeof EmailSchema>;
