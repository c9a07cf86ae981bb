import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { type BrowserCookie, cookieHeader } from './accounts';

// The Chats page (issue 11) for browser tests: documents made at test time and uploaded through the API
// with the session's CSRF token, and the page's controls found by role and label as a person finds them.

export interface ChatDocument {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const pdfText = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A one-page PDF with Helvetica lines, objects and xref written by hand (the approach of
 * services/search/src/extraction/test-fixtures.ts). WinAnsi has no ₹, so amounts are written "INR …".
 */
export function pdfDocument(name: string, lines: string[]): ChatDocument {
  const stream = lines
    .map((line, row) => `BT /F1 12 Tf 72 ${720 - row * 18} Td ${pdfText(line)} Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdf, 'latin1') };
}

/** An RFC 5322 message as a mail client saves it (.eml). */
export function emailDocument(
  name: string,
  headers: { from: string; to: string; subject: string; date: Date },
  body: string,
): ChatDocument {
  const text = [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    `Date: ${headers.date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  return { name, mimeType: 'message/rfc822', buffer: Buffer.from(text) };
}

/** The 15th of last month, at noon UTC: "last month" in any time zone the service reads it in. */
export function midLastMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15, 12));
}

/** "15 October 2026": how the invoice writes its date (chrono reads it; the page shows "15 Oct 2026"). */
export const longDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
export const shortDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

interface UploadedDocument {
  id: string;
  name: string;
  status: string;
  failure_reason: string | null;
}

/**
 * Uploads through nginx as the page would (multipart, session cookies, the CSRF header) and waits until
 * every document is indexed. Polls the documents list, like the Uploads page does.
 */
export async function uploadAndIndex(
  baseUrl: string,
  cookies: readonly BrowserCookie[],
  documents: ChatDocument[],
  timeoutMs = 30_000,
): Promise<void> {
  const csrf = cookies.find((cookie) => cookie.name === 'csrf_access_token')?.value ?? '';
  const headers = { Cookie: cookieHeader(cookies) };
  const form = new FormData();
  for (const document of documents)
    form.append(
      'file',
      new Blob([new Uint8Array(document.buffer)], { type: document.mimeType }),
      document.name,
    );
  const response = await fetch(`${baseUrl}/api/v1/uploads`, {
    method: 'POST',
    headers: { ...headers, 'X-CSRF-TOKEN': csrf },
    body: form,
  });
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const names = new Set(documents.map((document) => document.name));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = (await (await fetch(`${baseUrl}/api/v1/uploads`, { headers })).json()) as {
      documents: UploadedDocument[];
    };
    const ours = list.documents.filter((document) => names.has(document.name));
    const failed = ours.find((document) => document.status === 'failed');
    if (failed) throw new Error(`${failed.name} failed to index: ${failed.failure_reason}`);
    if (ours.length === names.size && ours.every((document) => document.status === 'indexed')) return;
    if (Date.now() > deadline) throw new Error('documents were not indexed in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export const composer = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Ask about your documents' });

/** The answers in the thread, oldest first. */
export const answers = (page: Page): Locator => page.locator('article[data-layout]');

/** Types a question and sends it with Enter, then waits for its answer to be in the thread. */
export async function ask(page: Page, question: string): Promise<Locator> {
  const before = await answers(page).count();
  await composer(page).fill(question);
  await composer(page).press('Enter');
  const answer = answers(page).nth(before);
  await answer.waitFor();
  return answer;
}

interface CaughtMail {
  subject: string;
  text: string;
  html?: string;
  to: { address: string }[];
}

/** The newest mail maildev caught for `address`, waiting for the outbox to send it. */
export async function mailTo(mailUrl: string, address: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const inbox = (await (await fetch(`${mailUrl}/email`)).json()) as CaughtMail[];
    const mail = inbox.filter((item) => item.to.some((to) => to.address.toLowerCase() === address)).pop();
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within the time allowed`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Serious and critical axe findings on the page, as "rule: selectors" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
