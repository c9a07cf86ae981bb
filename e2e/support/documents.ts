import { pdfWithPages } from '../../services/search/src/extraction/test-fixtures';
import { type BrowserCookie, sessionHeaders } from './accounts';
import { testTime } from '@trove/service-core/testing/time';

// Documents for browser tests, made at test time (no binary files committed), and their upload through
// the API as the Uploads page sends them. The PDF writer is the search service's own test fixture, so
// the e2e documents and the extraction tests are built the same way.

/** A file for playwright's `setInputFiles`, or for `uploadAndIndex`. */
export interface UploadFixture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A real PDF with one page per entry, Helvetica text drawn line by line. WinAnsi has no ₹, so amounts in
 * a PDF are written "INR …".
 */
export function pdfFile(name: string, pages: string[][]): UploadFixture {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(pdfWithPages(pages)) };
}

/** A PDF header followed by nothing a reader can open: it must end "failed" with its reason. */
export function corruptPdf(name: string): UploadFixture {
  return {
    name,
    mimeType: 'application/pdf',
    buffer: Buffer.from(
      '%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R\ngarbage without an end',
      'latin1',
    ),
  };
}

/** An RFC 5322 message as a mail client saves it (.eml); a Date is written as its UTC date. */
export function emailFile(
  name: string,
  headers: { from: string; to: string; subject: string; date: Date | string },
  body: string,
): UploadFixture {
  const text = [
    `From: ${headers.from}`,
    `To: ${headers.to}`,
    `Subject: ${headers.subject}`,
    `Date: ${typeof headers.date === 'string' ? headers.date : headers.date.toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    body,
    '',
  ].join('\r\n');
  // Browsers often report .eml as octet-stream; the page and the service go by the extension.
  return { name, mimeType: 'message/rfc822', buffer: Buffer.from(text) };
}

export function markdownFile(name: string, text: string): UploadFixture {
  return { name, mimeType: 'text/markdown', buffer: Buffer.from(text) };
}

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
  documents: UploadFixture[],
  timeoutMs = 30_000,
): Promise<void> {
  const form = new FormData();
  for (const document of documents)
    form.append(
      'file',
      new Blob([new Uint8Array(document.buffer)], { type: document.mimeType }),
      document.name,
    );
  const response = await fetch(`${baseUrl}/api/v1/uploads`, {
    method: 'POST',
    headers: sessionHeaders(cookies),
    body: form,
  });
  if (response.status !== 202)
    throw new Error(`upload answered ${response.status}: ${await response.text()}`);
  const names = new Set(documents.map((document) => document.name));
  const deadline = Date.now() + testTime(timeoutMs);
  for (;;) {
    const list = (await (
      await fetch(`${baseUrl}/api/v1/uploads`, { headers: sessionHeaders(cookies) })
    ).json()) as {
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
