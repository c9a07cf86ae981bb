import { isUtf8 } from 'node:buffer';
import PostalMime, { type Address, type Attachment } from 'postal-mime';
import { ExtractionError } from './detect-kind';
import { documentKindOf } from '@trove/contracts';
import type { ContainedFile, DocumentText } from './document-text';
import { uniquePeople } from './facts';
import { htmlToText } from './html-text';
// Before postal-mime parses anything: its body decoders join a part's pieces without a Blob.
import './mime-body-decoders';
import { paragraphsOf } from './passages';
import { decodeText, declaredCharset } from './text-decoding';
import type { ReadContext } from './reader';
import { sniffKind } from './sniff';
import { findSignature, type Mailbox, organisationDomain, type Person, personFromMailbox } from './people';

/** Attachments of messages this deep in containers are not taken out (an attached message's attachments are). */
const MAX_ATTACHING_DEPTH = 1;

const withRole = (addresses: Address[] | Address | undefined, role: NonNullable<Person['role']>): Person[] =>
  mailboxes(addresses).map((mailbox) => ({ ...personFromMailbox(mailbox), role }));

const mailboxes = (addresses: Address[] | Address | undefined): Mailbox[] =>
  (Array.isArray(addresses) ? addresses : addresses ? [addresses] : []).flatMap((a) =>
    a.group ? a.group : [{ name: a.name, address: a.address }],
  );

function attachmentBytes(attachment: Attachment): Uint8Array {
  const { content } = attachment;
  if (typeof content === 'string') return new TextEncoder().encode(content);
  return content instanceof Uint8Array ? content : new Uint8Array(content);
}

/** Where the header section ends (the blank line), or the length when there is none. */
function headerEnd(bytes: Uint8Array): number {
  for (let index = 0; index < bytes.length - 1; index += 1) {
    if (bytes[index] !== 0x0a) continue;
    if (bytes[index + 1] === 0x0a) return index + 1;
    if (bytes[index + 1] === 0x0d && bytes[index + 2] === 0x0a) return index + 1;
  }
  return bytes.length;
}

/**
 * RFC 5322 headers are ASCII, with RFC 2047 words for anything else; real mail often has raw 8-bit
 * headers instead (a Latin-1 subject, a KOI8-R sender name), which the parser would read as broken UTF-8.
 * Such a header section is decoded by the charset the message declares (or a detected one) and handed to
 * the parser as UTF-8; the body's bytes stay as they are, for the parts' own charsets (issue 19 item 2).
 */
export function withUtf8Headers(bytes: Uint8Array): Uint8Array {
  const end = headerEnd(bytes);
  const head = bytes.subarray(0, end);
  if (isUtf8(head)) return bytes;
  const asBytes = new TextDecoder('windows-1252').decode(head);
  const declared = declaredCharset(asBytes.replace(/\r?\n[ \t]+/g, ' '));
  const utf8Head = new TextEncoder().encode(decodeText(head, declared)?.text ?? asBytes);
  const joined = new Uint8Array(utf8Head.length + bytes.length - end);
  joined.set(utf8Head, 0);
  joined.set(bytes.subarray(end), utf8Head.length);
  return joined;
}

const htmlText = (html: string) =>
  htmlToText(html)
    .blocks.map((b) => b.text)
    .join('\n\n');

/** A MIME boundary line, or a part's header line (and its folded continuation). */
const MIME_FRAMING =
  /^(?:--\S.*|Content-[\w-]+:.*|[ \t]+[\w-]+=.*|This is a multi-?part (?:MIME )?message(?: in MIME format)?\.?)$/i;

/**
 * The body as its bytes say when the parser found no part to read: a multipart message whose boundary
 * never appears in it (a sender's mistake, common in bulk mail) has no parts, and mail programs show such a
 * body as it is. Its framing lines are dropped and HTML is read as HTML, so the message is found by its
 * words like any other (issue 19: 22 of the archive's 6,046 messages were indexed with no text at all).
 */
function unparsedBody(bytes: Uint8Array): string {
  const raw = bytes.subarray(headerEnd(bytes));
  const text = decodeText(raw)?.text ?? new TextDecoder('windows-1252').decode(raw);
  const kept = text
    .split(/\r?\n/)
    .filter((line) => !MIME_FRAMING.test(line))
    .join('\n');
  return /<(?:html|body|p|div|br|table|font)\b/i.test(kept) ? htmlText(kept) : kept;
}

/**
 * The attachments that become documents of their own (issue 39 item 6): those of a kind Trove reads, by name,
 * media type or content. An inline image (a logo, a signature's picture: shown in the body, with a Content-ID)
 * only when SEARCH_OCR_INLINE_IMAGES says so.
 */
function attachedFiles(attachments: Attachment[], context: ReadContext): ContainedFile[] {
  const files: ContainedFile[] = [];
  attachments.forEach((attachment, index) => {
    const bytes = attachmentBytes(attachment);
    if (bytes.byteLength === 0) return;
    const fileName = attachment.filename?.trim() || `attachment ${index + 1}`;
    const kind = documentKindOf(fileName, attachment.mimeType) ?? sniffKind(bytes);
    if (kind === undefined) return;
    const inline =
      attachment.related === true || (attachment.disposition === 'inline' && attachment.contentId);
    if (kind === 'image' && inline && !context.settings.ocrInlineImages) return;
    files.push({ name: fileName, fileName, mediaType: attachment.mimeType, bytes, role: 'attachment' });
  });
  return files;
}

/**
 * An email (issue 10 parts 2 and 5): subject as title, the Date header as the document's date, people
 * from From/To/Cc, organisations from their address domains and the signature. Attachments Trove can
 * read become documents of their own, linked to the message (docs/decisions/121); one it cannot read is
 * told on that document, never on the mail.
 */
export async function readEmail(
  bytes: Uint8Array,
  fallbackTitle: string,
  context: ReadContext,
): Promise<DocumentText> {
  let email: Awaited<ReturnType<typeof PostalMime.parse>>;
  try {
    email = await PostalMime.parse(withUtf8Headers(bytes), { attachmentEncoding: 'arraybuffer' });
  } catch {
    throw new ExtractionError('This email is damaged and cannot be read.');
  }
  // No part at all to read (not a part that reads as nothing, such as HTML of images alone): the body's bytes.
  const unparsed = email.text == null && email.html == null && email.attachments.length === 0;
  const body = unparsed ? unparsedBody(bytes) : email.text?.trim() ? email.text : htmlText(email.html ?? '');
  const blocks: DocumentText['blocks'] = paragraphsOf(body).map((text) => ({ location: 'body', text }));
  const contained = context.depth <= MAX_ATTACHING_DEPTH ? attachedFiles(email.attachments, context) : [];
  const everyone = [...mailboxes(email.from), ...mailboxes(email.to), ...mailboxes(email.cc)];
  const signature = findSignature(body);
  const date = email.date ? new Date(email.date) : null;
  const domains = everyone.map((m) => organisationDomain(m.address)).filter((d): d is string => d !== null);
  return {
    title: email.subject?.trim() || fallbackTitle,
    parts: 1 + contained.length,
    documentDate: date && !Number.isNaN(date.getTime()) ? date : null,
    blocks,
    people: uniquePeople([
      ...withRole(email.from, 'from'),
      ...withRole(email.to, 'to'),
      ...withRole(email.cc, 'cc'),
      ...signature.people,
    ]),
    organisations: [...new Set([...domains, ...signature.organisations])],
    contained,
  };
}
