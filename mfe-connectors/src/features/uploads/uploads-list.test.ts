import type { UploadedDocument } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { countLine, pollLimit, withFirstPage, withNextPage } from './uploads-list';

const doc = (n: number, status: UploadedDocument['status'] = 'indexed'): UploadedDocument => ({
  id: `id-${n}`,
  name: `file-${n}.txt`,
  title: null,
  type: 'txt',
  media_type: 'text/plain',
  size_bytes: 1,
  parts: 1,
  status,
  failure_reason: null,
  document_date: null,
  created_at: '2026-11-23T08:00:00.000Z',
});
const docs = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => doc(from + i));
const ids = (list: { documents: UploadedDocument[] }) => list.documents.map((document) => document.id);
const none = new Set<string>();

describe('withFirstPage', () => {
  it('the first answer is the list, with its cursor and total', () => {
    const list = withFirstPage(null, { documents: docs(1, 3), next_cursor: 'c3', total: 9 }, none);
    expect(list).toEqual({ documents: docs(1, 3), nextCursor: 'c3', total: 9 });
  });

  it('a poll updates the first page by id, puts new documents first and keeps the pages loaded since', () => {
    const loaded = { documents: docs(1, 6), nextCursor: 'c6', total: 9 };
    const polled = withFirstPage(
      loaded,
      { documents: [doc(0), doc(1, 'failed'), doc(2)], next_cursor: 'c2', total: 10 },
      none,
    );
    expect(ids(polled)).toEqual(['id-0', 'id-1', 'id-2', 'id-3', 'id-4', 'id-5', 'id-6']);
    expect(polled.documents[1]?.status).toBe('failed');
    // The cursor still points after the last loaded document, not after the polled page.
    expect([polled.nextCursor, polled.total]).toEqual(['c6', 10]);
  });

  it('a first page that is the whole list replaces it, so documents deleted elsewhere go', () => {
    const loaded = { documents: docs(1, 4), nextCursor: 'c4', total: 5 };
    const polled = withFirstPage(loaded, { documents: [doc(1), doc(3)], next_cursor: null, total: 2 }, none);
    expect(polled).toEqual({ documents: [doc(1), doc(3)], nextCursor: null, total: 2 });
  });

  it('documents being deleted stay out and out of the total', () => {
    const list = withFirstPage(
      null,
      { documents: docs(1, 3), next_cursor: null, total: 3 },
      new Set(['id-2']),
    );
    expect([ids(list), list.total]).toEqual([['id-1', 'id-3'], 2]);
  });
});

describe('withNextPage', () => {
  it('appends the page, moves the cursor on, and never shows a document twice', () => {
    const loaded = { documents: docs(1, 4), nextCursor: 'c3', total: 8 };
    const next = withNextPage(
      loaded,
      { documents: docs(4, 6), next_cursor: 'c6', total: 8 },
      new Set(['id-5']),
    );
    expect(ids(next)).toEqual(['id-1', 'id-2', 'id-3', 'id-4', 'id-6']);
    expect([next.nextCursor, next.total]).toEqual(['c6', 7]);
  });
});

describe('pollLimit', () => {
  it('50 unless a document still indexing is further down; never more than the service gives', () => {
    expect(pollLimit(docs(1, 300))).toBe(50);
    const far = docs(1, 300);
    far[119] = doc(120, 'extracting');
    expect(pollLimit(far)).toBe(120);
    far[249] = doc(250, 'queued');
    expect(pollLimit(far)).toBe(120);
    far[199] = doc(200, 'queued');
    expect(pollLimit(far)).toBe(200);
  });
});

describe('countLine', () => {
  it('"Showing 50 of 48,368" while more are to load; the count alone once all are shown', () => {
    expect(countLine(50, 48368, 'en-US')).toBe('Showing 50 of 48,368');
    expect(countLine(3, 3, 'en-US')).toBe('3 documents');
    expect(countLine(1, 1, 'en-US')).toBe('1 document');
  });
});
