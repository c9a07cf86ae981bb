import { describe, expect, it } from 'vitest';
import { chatAnswerMail } from '@trove/service-core';
import { FIELDS_MAX, payloadFor } from '../destinations/destination-payloads';
import type { StoredAnswer } from './chats.repository';
import { answerDigest, questionAsked } from './chats.service';

describe('questionAsked', () => {
  it('is the question without where to send the answer, and never empty', () => {
    expect(questionAsked('invoices over ₹10,000 -> #finance')).toBe('invoices over ₹10,000');
    expect(questionAsked('summarize standup')).toBe('summarize standup');
    // Nothing before the arrow: the title and a post's header keep the text rather than be empty.
    expect(questionAsked(' -> #finance ')).toBe('-> #finance');
  });
});

describe('answerDigest of an answer that computes (issue 37 item 4)', () => {
  const row = (n: number) => ({
    people: [],
    organisations: ['Stark Industries'],
    passage_id: String(n),
    document_name: `invoices #${n}`,
    document_title: `INV-${n}`,
    total: { value: 100 + n, currency: 'USD', text: `${100 + n}.00 USD` },
  });
  const answer: StoredAnswer = {
    command: { verb: 'find', query: 'invoices', destination: null },
    filters: {},
    layout: 'table-first',
    summary: [{ text: '50 invoices overdue: 6,225.00 USD in total', passage_id: '1' }],
    passages: [],
    fields: Array.from({ length: 50 }, (_, index) => row(index + 1)),
    documents_read: [],
    empty_hint: null,
    destination_note: null,
  };

  it('leads with the total line and carries the first rows, saying where the rest are', () => {
    const digest = answerDigest({
      linkOrigin: 'https://trove.example',
      product: 'Trove',
      chatId: 'c1',
      question: 'which invoices are overdue? -> #finance',
      answer,
    });
    expect(digest.summary[0]?.text).toBe('50 invoices overdue: 6,225.00 USD in total');
    expect(digest.fields).toHaveLength(FIELDS_MAX);
    expect(digest.fieldHeadings).toEqual(['Date', 'Total', 'People', 'Organisations']);
    expect(digest.fields[0]?.cells).toEqual(['', '101.00 USD', '', 'Stark Industries']);
    expect(digest.summary.at(-1)).toEqual({
      text: `The table shows the first ${FIELDS_MAX} of the 50 rows; every row is in the chat.`,
      url: 'https://trove.example/chats/c1',
    });
  });
});

describe("a workflow's answer in its chosen columns (issue 40 item 5)", () => {
  const answer: StoredAnswer = {
    command: { verb: 'find', query: 'invoices', destination: null },
    filters: {},
    layout: 'table-first',
    summary: [],
    passages: [],
    fields: [
      {
        people: ['Dana Whitfield'],
        organisations: ['Acme'],
        passage_id: 'p1',
        document_name: 'invoices.csv',
        date: '2026-03-01',
        total: { value: 12, currency: 'EUR', text: 'EUR 12.00' },
        fields: [{ name: 'Status', type: 'text', value: 'open' }],
        flagged: true,
      },
    ],
    columns: ['total', 'field:status', 'date'],
    documents_read: [],
    empty_hint: null,
    destination_note: null,
  };
  const digest = answerDigest({
    linkOrigin: 'https://trove.example',
    product: 'Trove',
    chatId: 'c1',
    question: 'Invoice finder: invoices due',
    answer,
  });

  it('the digest, the mail and every post carry those columns in that order, the flag on the first cell', () => {
    expect(digest.fieldHeadings).toEqual(['Total', 'Status', 'Date']);
    expect(digest.fields[0]?.cells).toEqual(['⚑ EUR 12.00', 'open', '2026-03-01']);
    const mail = chatAnswerMail({ ...digest, to: 'ann@example.com', sender: 'Ann' });
    expect(mail.html).toContain(
      '<th style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top">Status</th>',
    );
    expect(mail.html).not.toContain('>Organisations</th>');
    expect(mail.text).toContain('- ⚑ EUR 12.00 · open · 2026-03-01 (invoices.csv)');
    for (const kind of ['slack', 'teams', 'google_chat'] as const) {
      const posted = JSON.stringify(payloadFor(kind, digest));
      expect(posted).toContain('⚑ EUR 12.00 · open · 2026-03-01');
      expect(posted).not.toContain('Dana Whitfield');
    }
  });
});

describe('answerDigest links (issue 38 item 1)', () => {
  it("a passage opens its document's page at the passage; one the answer names no document for opens the chat", () => {
    const digest = answerDigest({
      linkOrigin: 'https://trove.example/',
      product: 'Trove',
      chatId: 'c1',
      question: 'invoices from Globex',
      answer: {
        command: { verb: 'find', query: 'invoices', destination: null },
        filters: {},
        layout: 'summary-first',
        summary: [
          { text: 'Globex billed 1,200.', passage_id: '7' },
          { text: 'Another line.', passage_id: '9' },
        ],
        passages: [
          {
            passage_id: '7',
            document_id: 'd-1',
            document_name: 'invoice.pdf',
            location: 'page 2',
            snippet: [{ text: 'Globex', marked: true }],
            score: 1,
          },
        ],
        fields: [],
        documents_read: [],
        empty_hint: null,
        destination_note: null,
      },
    });
    expect(digest.passages[0]?.url).toBe('https://trove.example/documents/d-1#passage-7');
    expect(digest.summary.map((sentence) => sentence.url)).toEqual([
      'https://trove.example/documents/d-1#passage-7',
      'https://trove.example/chats/c1?passage=9',
    ]);
  });
});
