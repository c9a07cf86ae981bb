import { fieldText, type MessageHeaders } from '@trove/contracts';
import PostalMime, { type Address } from 'postal-mime';
import { withUtf8Headers } from '../extraction/email';
import { rowRecordOf } from '../records/row-record';

// How a stored original reads on the document's page (issue 38 item 1): a message's headers, a database row's
// columns. Pure functions of the bytes, so the page needs no extraction of its own.

/** The header section of a message: up to the first empty line (a message without a body is all header). */
function headerSection(bytes: Uint8Array): Uint8Array {
  for (let index = 0; index < bytes.length - 1; index += 1) {
    if (bytes[index] !== 0x0a) continue;
    if (bytes[index + 1] === 0x0a) return bytes.subarray(0, index + 1);
    if (bytes[index + 1] === 0x0d && bytes[index + 2] === 0x0a) return bytes.subarray(0, index + 1);
  }
  return bytes;
}

const mailbox = (address: Address): string[] => {
  if ('group' in address && Array.isArray(address.group)) return address.group.flatMap(mailbox);
  const name = address.name?.trim() ?? '';
  const email = address.address?.trim() ?? '';
  if (name === '') return email === '' ? [] : [email];
  return [email === '' || name === email ? name : `${name} <${email}>`];
};

/**
 * A message's From, To, Cc, Date and Subject, read from its header section alone: a message of 25 MB of
 * attachments is not parsed whole to show five lines.
 */
export async function messageHeaders(original: Uint8Array): Promise<MessageHeaders> {
  const head = headerSection(original);
  try {
    const email = await PostalMime.parse(withUtf8Headers(head));
    const date = email.date ? new Date(email.date) : null;
    return {
      from: email.from === undefined ? null : (mailbox(email.from)[0] ?? null),
      to: (email.to ?? []).flatMap(mailbox),
      cc: (email.cc ?? []).flatMap(mailbox),
      date: date === null || Number.isNaN(date.getTime()) ? null : date.toISOString(),
      subject: email.subject?.trim() || null,
    };
  } catch {
    return { from: null, to: [], cc: [], date: null, subject: null };
  }
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const unescapeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? '');

/**
 * A database row's columns as its document holds them (sources/database/row-document.ts): the typed record's
 * fields first (its id, title and body columns, each as a person reads it), then each paragraph
 * ("Customer: ACME") whose column the record left out (NULL, binary or long text).
 */
export function rowColumns(html: string): { name: string; value: string }[] {
  const columns = (rowRecordOf(html)?.fields ?? []).map((field) => ({
    name: field.name,
    value: fieldText(field),
  }));
  const named = new Set(columns.map((column) => column.name));
  const body = html.slice(html.indexOf('<body>'));
  for (const match of body.matchAll(/<p>([\s\S]*?)<\/p>/g)) {
    const text = unescapeHtml((match[1] ?? '').replace(/<br>\n?/g, '\n'));
    const colon = text.indexOf(': ');
    if (colon <= 0) continue;
    const name = text.slice(0, colon);
    if (named.has(name)) continue;
    named.add(name);
    columns.push({ name, value: text.slice(colon + 2) });
  }
  return columns;
}
