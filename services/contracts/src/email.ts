import { z } from 'zod';

// The one address grammar (issue 35 item 1, docs/decisions/090-one-address-grammar.md): an RFC 5321
// §4.1.2 Mailbox, `Local-part "@" Domain`, and nothing else. Display names, angle brackets, lists,
// groups and comments are RFC 5322 header syntax: a mail library reads `x1,me@mail.test` as two
// recipients and `g:me@mail.test;` as a group, so one inbox could be reached through many spellings
// that each had their own rate limit. They are refused here, by every route that takes an address.

// RFC 5321 atext, plus UTF-8 beyond ASCII (RFC 6531 §3.3), so accounts made with such an address
// before this grammar keep working. None of these characters is a list, group or comment delimiter.
const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~\\u0080-\\uFFFF-]+";
const DOT_STRING = new RegExp(`^${ATOM}(?:\\.${ATOM})*$`, 'u');
// RFC 5321 Quoted-string: qtextSMTP (%d32-33 / %d35-91 / %d93-126) or a quoted-pairSMTP (\ %d32-126).
const QUOTED_STRING = /^"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"$/;
// RFC 5321 sub-domain: Let-dig [Ldh-str]; a U-label's letters beyond ASCII as in RFC 6531. docs/product/profile.md#validation
// asks for a dot and a last label of at least 2 characters, so no address literals and no bare hosts.
const LABEL = '[a-z0-9\\u0080-\\uFFFF](?:[a-z0-9\\u0080-\\uFFFF-]{0,61}[a-z0-9\\u0080-\\uFFFF])?';
const DOMAIN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`, 'u');

// RFC 5321 §4.5.3.1: a local part of at most 64 octets, a path of at most 256 with its brackets.
const LOCAL_MAX_LENGTH = 64;
const EMAIL_MAX_LENGTH = 254;
const DOMAIN_MAX_LENGTH = 253;

/** Characters that only header syntax uses: names, brackets, lists, groups, comments, quotes. */
const HEADER_SYNTAX = /[<>,;:"()[\]\\]/;

export const EMAIL_REQUIRED_MESSAGE = 'Email is required';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address.';

/** What a setting may loosen in the grammar (ADDRESS_ALLOW_QUOTED_LOCAL). */
export interface AddressRules {
  /** RFC 5321 quoted local parts such as `"jo smith"@example.com`. */
  allowQuotedLocal: boolean;
}

export const STRICT_ADDRESSES: AddressRules = { allowQuotedLocal: false };

/** The message for an address written in header syntax, naming the field it came in. */
export function singleAddressMessage(field: string): string {
  return `${field} must be one address like name@example.com, without a name, angle brackets, list, group, comment or quotes`;
}

/**
 * A quoted local part whose content is itself a dot-string means the same mailbox unquoted
 * (RFC 5321 §4.1.2), so `"me"@mail.test` and `me@mail.test` share one key.
 */
function plainLocal(local: string): string {
  if (!local.startsWith('"')) return local;
  const inner = local.slice(1, -1);
  return DOT_STRING.test(inner) ? inner : local;
}

/**
 * An address as the grammar reads it: trimmed, Unicode-normalised (NFC) and lower-cased (docs/product/accounts.md#email-rules),
 * unneeded quotes removed; `undefined` when it is not one mailbox. Every per-address limit keys on
 * this form, so no two spellings of one inbox count apart.
 */
export function normaliseAddress(raw: string, rules: AddressRules = STRICT_ADDRESSES): string | undefined {
  const address = raw.trim().normalize('NFC').toLowerCase();
  if (address.length > EMAIL_MAX_LENGTH) return undefined;
  const at = address.lastIndexOf('@');
  if (at <= 0) return undefined;
  const local = plainLocal(address.slice(0, at));
  const domain = address.slice(at + 1);
  const localOk = DOT_STRING.test(local) || (rules.allowQuotedLocal && QUOTED_STRING.test(local));
  if (!localOk || new TextEncoder().encode(local).length > LOCAL_MAX_LENGTH) return undefined;
  if (domain.length > DOMAIN_MAX_LENGTH || !DOMAIN.test(domain)) return undefined;
  const suffix = domain.slice(domain.lastIndexOf('.') + 1);
  if (suffix.length < 2) return undefined;
  return `${local}@${domain}`;
}

/**
 * A mailbox field. With `field` (a request body), an address in header syntax gets a message naming
 * that field; without it (a form on the client), every invalid address gets docs/product/accounts.md#email-rules's message.
 */
export function addressSchema(field?: string, rules: AddressRules = STRICT_ADDRESSES) {
  return z
    .string({
      error: (issue) => (issue.input == null ? EMAIL_REQUIRED_MESSAGE : EMAIL_INVALID_MESSAGE),
    })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .transform((raw, ctx) => {
      const address = normaliseAddress(raw, rules);
      if (address !== undefined) return address;
      const headerSyntax = field !== undefined && HEADER_SYNTAX.test(raw);
      ctx.addIssue({
        code: 'custom',
        message: headerSyntax ? singleAddressMessage(field) : EMAIL_INVALID_MESSAGE,
      });
      return z.NEVER;
    });
}

/** docs/product/accounts.md#email-rules: an email is trimmed and lower-cased before it is checked or stored. */
export const EmailSchema = addressSchema();

export type Email = z.output<typeof EmailSchema>;
