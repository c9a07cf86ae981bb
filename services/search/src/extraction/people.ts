// People and organisations (docs/product/uploads-and-search.md#facts "entities"), from the two places a document names them reliably:
// email headers (From/To/Cc) and signature blocks ("--\nName\nTitle, Company"). Issue 10 part 5.

export interface Person {
  name: string;
  email?: string;
  /** Where an email's header names them: the sender, or a recipient (To, Cc). from:/to: read it. */
  role?: 'from' | 'to' | 'cc';
}

export interface Mailbox {
  name: string;
  address: string;
}

/** Mail providers: an address there says nothing about the organisation its owner works for. */
const PERSONAL_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.in',
  'yahoo.co.uk',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'gmx.de',
  'yandex.com',
  'rediffmail.com',
  'zoho.com',
  'mail.com',
  'fastmail.com',
]);

/** Second-level labels under which the registrable domain has three parts (acme.co.in, acme.com.au). */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ltd', 'plc']);

/** "mail.billing.acme.co.in" → "acme.co.in"; null for personal mail providers. */
export function organisationDomain(address: string): string | null {
  const domain = address.split('@')[1]?.toLowerCase().trim().replace(/\.$/, '');
  if (!domain?.includes('.')) return null;
  const labels = domain.split('.');
  const keep = labels.length >= 3 && SECOND_LEVEL.has(labels[labels.length - 2] ?? '') ? 3 : 2;
  const registrable = labels.slice(-keep).join('.');
  return PERSONAL_MAIL_DOMAINS.has(registrable) ? null : registrable;
}

/** A mailbox as a person; a mailbox without a display name is named by its address. */
export function personFromMailbox(mailbox: Mailbox): Person {
  const name = mailbox.name.trim().replace(/^["']|["']$/g, '');
  return mailbox.address ? { name: name || mailbox.address, email: mailbox.address } : { name };
}

const SIGN_OFF =
  /^(?:best(?: regards| wishes)?|kind regards|warm regards|regards|thanks(?: and regards| & regards)?|thank you|sincerely|yours sincerely|yours truly|cheers|with thanks)[,.!]?$/i;
const PERSON_NAME = /^(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s)?[\p{Lu}][\p{L}'’.-]*(?:\s[\p{Lu}][\p{L}'’.-]*){0,3}$/u;
const ORGANISATION_SUFFIX =
  /\b(?:Ltd|Limited|Inc|LLC|LLP|Pvt|Private|GmbH|Corp|Corporation|Co|Company|Group|Technologies|Solutions|Bank|Partners|Associates|Labs|Systems|Holdings|Industries|Services|AG|SA|BV|PLC)\b\.?/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
const PHONE_OR_LINK =
  /^(?:\+?[\d\s()./-]{7,}|(?:tel|phone|mobile|m|t|ph)[:.]?\s.*|https?:\/\/\S+|www\.\S+)$/i;

export interface SignatureFacts {
  people: Person[];
  organisations: string[];
}

/**
 * The signature at the end of `text`: the lines after an RFC 3676 "-- " delimiter, or after a sign-off
 * ("Regards,"). First line a name, then "Title, Company" / "Title at Company" / a line that is a company.
 */
export function findSignature(text: string): SignatureFacts {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  let start = -1;
  for (let index = lines.length - 1; index >= 0 && index >= lines.length - 12; index -= 1) {
    const line = lines[index] ?? '';
    if (line === '--' || SIGN_OFF.test(line)) {
      start = index + 1;
      break;
    }
  }
  if (start < 0) return { people: [], organisations: [] };
  const block = lines.slice(start).filter(Boolean).slice(0, 6);
  const [first, ...rest] = block;
  if (!first || !PERSON_NAME.test(first)) return { people: [], organisations: [] };
  const email = block.map((line) => line.match(EMAIL)?.[0]).find(Boolean);
  const organisations: string[] = [];
  for (const line of rest) {
    if (EMAIL.test(line) || PHONE_OR_LINK.test(line)) continue;
    const company =
      line.match(/^[^,]+,\s*(.+)$/)?.[1] ??
      line.match(/^.+?\s(?:at|@)\s(.+)$/)?.[1] ??
      (ORGANISATION_SUFFIX.test(line) ? line : undefined);
    if (company && !organisations.includes(company.trim())) organisations.push(company.trim());
  }
  if (email) {
    const domain = organisationDomain(email);
    if (domain && organisations.length === 0) organisations.push(domain);
  }
  return { people: [email ? { name: first, email } : { name: first }], organisations };
}
