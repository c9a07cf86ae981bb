import type { UploadedDocument } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import {
  batchCountLine,
  fileStage,
  finishedSince,
  needsPolling,
  nextToStart,
  queueReducer,
  type UploadItem,
} from './upload-queue';

const doc = (
  id: string,
  status: UploadedDocument['status'],
  reason: string | null = null,
): UploadedDocument => ({
  id,
  name: `${id}.pdf`,
  title: null,
  type: 'pdf',
  media_type: 'application/pdf',
  size_bytes: 10,
  parts: status === 'indexed' ? 2 : null,
  status,
  failure_reason: reason,
  document_date: null,
  created_at: '2026-11-23T10:00:00Z',
});

function added(count: number, rejected: string[] = []): UploadItem[] {
  return queueReducer([], {
    type: 'add',
    accepted: Array.from({ length: count }, (_, index) => ({
      key: `k${index}`,
      name: `f${index}.pdf`,
      size: 10,
      kind: 'pdf' as const,
    })),
    rejected: rejected.map((name) => ({ key: name, name, size: 1, reason: 'Not a type Trove can index.' })),
  });
}

describe('the upload queue', () => {
  it('refused files sit first with their reason; accepted ones wait', () => {
    const items = added(2, ['x.exe']);
    expect(items.map((item) => [item.name, item.phase])).toEqual([
      ['x.exe', 'rejected'],
      ['f0.pdf', 'waiting'],
      ['f1.pdf', 'waiting'],
    ]);
    expect(fileStage(items[0] as UploadItem, undefined)).toEqual({
      stage: 'rejected',
      reason: 'Not a type Trove can index.',
    });
  });

  it('starts at most two at a time (the service takes two uploads of a user at once), oldest first, and the next when one is sent', () => {
    let items = added(5);
    expect(nextToStart(items)).toEqual(['k0', 'k1']);
    for (const key of ['k0', 'k1']) items = queueReducer(items, { type: 'start', key });
    expect(nextToStart(items)).toEqual([]);
    items = queueReducer(items, { type: 'sent', key: 'k1', documentId: 'd1' });
    expect(nextToStart(items)).toEqual(['k2']);
  });

  it('progress moves the bar; the server then says queued → extracting → indexed', () => {
    let items = queueReducer(added(1), { type: 'start', key: 'k0' });
    items = queueReducer(items, { type: 'progress', key: 'k0', loaded: 30, total: 120 });
    const item = () => items[0] as UploadItem;
    expect(fileStage(item(), undefined)).toEqual({ stage: 'uploading', percent: 25 });
    items = queueReducer(items, { type: 'sent', key: 'k0', documentId: 'd0' });
    expect(fileStage(item(), undefined)).toEqual({ stage: 'queued', reason: null });
    expect(fileStage(item(), doc('d0', 'extracting')).stage).toBe('extracting');
    expect(fileStage(item(), doc('d0', 'indexed')).stage).toBe('indexed');
    expect(fileStage(item(), doc('d0', 'failed', 'The PDF is damaged.'))).toEqual({
      stage: 'failed',
      reason: 'The PDF is damaged.',
    });
  });

  it('a failed send keeps its reason, the others go on, and it can be tried again', () => {
    let items = added(2);
    items = queueReducer(items, { type: 'start', key: 'k0' });
    items = queueReducer(items, { type: 'start', key: 'k1' });
    items = queueReducer(items, {
      type: 'failed',
      key: 'k0',
      error: 'The upload could not reach the server',
    });
    expect(items.map((item) => item.phase)).toEqual(['upload-failed', 'uploading']);
    items = queueReducer(items, { type: 'retry', key: 'k0' });
    expect(items[0]?.phase).toBe('waiting');
    expect(nextToStart(items)).toEqual(['k0']);
  });

  it('a deleted document leaves the batch too', () => {
    let items = queueReducer(added(2), { type: 'sent', key: 'k0', documentId: 'd0' });
    items = queueReducer(items, { type: 'forget-documents', ids: ['d0'] });
    expect(items.map((item) => item.key)).toEqual(['k1']);
  });
});

describe('live status', () => {
  it('polls while a file is on its way or being read, and stops when all are done', () => {
    expect(needsPolling(added(1), [])).toBe(true);
    expect(needsPolling([], [doc('a', 'queued')])).toBe(true);
    expect(needsPolling([], [doc('a', 'extracting')])).toBe(true);
    expect(needsPolling([], [doc('a', 'indexed'), doc('b', 'failed')])).toBe(false);
  });

  it('announces documents that finished since the last answer', () => {
    const before = [doc('a', 'extracting'), doc('b', 'queued'), doc('c', 'indexed')];
    const after = [
      doc('a', 'indexed'),
      doc('b', 'failed', 'The PDF is encrypted'),
      doc('c', 'indexed'),
      doc('d', 'indexed'),
    ];
    expect(finishedSince(before, after)).toEqual([
      'a.pdf is indexed.',
      'b.pdf failed: The PDF is encrypted.',
    ]);
  });
});

describe('the batch count line (issue 38)', () => {
  it('counts refused files apart, never as done', () => {
    expect(batchCountLine(['rejected', 'uploading', 'queued'])).toBe('0 of 2 done · 1 refused');
    expect(batchCountLine(['rejected', 'indexed', 'failed'])).toBe('2 of 2 done · 1 refused');
    expect(batchCountLine(['indexed', 'failed', 'indexed', 'indexed'])).toBe('4 of 4 done');
    expect(batchCountLine(['rejected'])).toBe('1 refused');
    expect(batchCountLine(['upload-failed', 'indexed'])).toBe('1 of 2 done');
  });
});
