import { SourceStatusSchema } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { problemWords, retryDelayMinutes, sourceStatus, syncPace } from './source-status';

const at = (text: string) => new Date(text);
const row = (state: string, detail: unknown = {}) => ({
  state,
  detail,
  last_sync_at: at('2026-11-25T09:00:00Z'),
  next_sync_at: at('2026-11-25T10:15:00Z'),
  updated_at: at('2026-11-25T10:00:00Z'),
});

describe('a source card’s status', () => {
  it('syncing: n of N, the rate and the time left once a second of work has passed', () => {
    const status = sourceStatus(
      row('syncing', { done: 300, total: 1200, started_at: '2026-11-25T10:00:00.000Z' }),
      at('2026-11-25T10:00:10Z'),
    );
    expect(status).toEqual({
      state: 'syncing',
      done: 300,
      total: 1200,
      rate: 30,
      eta_seconds: 30,
      started_at: '2026-11-25T10:00:00.000Z',
      stuck_since: null,
      last_sync_at: '2026-11-25T09:00:00.000Z',
    });
    expect(SourceStatusSchema.parse(status)).toEqual(status);
  });

  it('stuck once nothing has moved for the setting’s minutes, from the last step stored', () => {
    const detail = { done: 300, total: 1200, started_at: '2026-11-25T10:00:00.000Z' };
    const moved = { ...detail, progress_at: '2026-11-25T10:05:00.000Z' };
    expect(sourceStatus(row('syncing', moved), at('2026-11-25T10:14:59Z'), 10)).toMatchObject({
      stuck_since: null,
    });
    expect(sourceStatus(row('syncing', moved), at('2026-11-25T10:15:00Z'), 10)).toMatchObject({
      state: 'syncing',
      done: 300,
      stuck_since: '2026-11-25T10:05:00.000Z',
    });
    expect(sourceStatus(row('syncing', moved), at('2026-11-25T10:15:00Z'), 30)).toMatchObject({
      stuck_since: null,
    });
    // A row from before progress_at was kept: measured from its last write.
    expect(sourceStatus(row('syncing', detail), at('2026-11-25T10:10:00Z'), 10)).toMatchObject({
      stuck_since: '2026-11-25T10:00:00.000Z',
    });
  });

  it('no rate or time left in the first second, nor before the first message', () => {
    const start = at('2026-11-25T10:00:00Z');
    expect(syncPace({ done: 50, total: 100, startedAt: start }, at('2026-11-25T10:00:00.500Z'))).toEqual({
      rate: null,
      eta_seconds: null,
    });
    expect(syncPace({ done: 0, total: 100, startedAt: start }, at('2026-11-25T10:00:09Z'))).toEqual({
      rate: null,
      eta_seconds: null,
    });
    expect(syncPace({ done: 10, total: null, startedAt: start }, at('2026-11-25T10:00:05Z'))).toEqual({
      rate: 2,
      eta_seconds: null,
    });
  });

  it('up to date with the last and next sync; paused; connected with its first sync', () => {
    expect(sourceStatus(row('up_to_date'))).toEqual({
      state: 'up_to_date',
      last_sync_at: '2026-11-25T09:00:00.000Z',
      next_sync_at: '2026-11-25T10:15:00.000Z',
    });
    expect(sourceStatus(row('paused'))).toEqual({
      state: 'paused',
      last_sync_at: '2026-11-25T09:00:00.000Z',
    });
    expect(sourceStatus(row('connected'))).toEqual({
      state: 'connected',
      next_sync_at: '2026-11-25T10:15:00.000Z',
    });
  });

  it('needs attention: the reason, what to do, and when it is tried again', () => {
    const status = sourceStatus(
      row('needs_attention', { problem: 'tcp', reason: 'It did not answer.', action: 'Check the port.' }),
    );
    expect(status).toEqual({
      state: 'needs_attention',
      problem: 'tcp',
      reason: 'It did not answer.',
      action: 'Check the port.',
      retry_at: '2026-11-25T10:15:00.000Z',
      last_sync_at: '2026-11-25T09:00:00.000Z',
    });
  });
});

describe('back-off', () => {
  it('1 minute after the first failure, doubling, never more than an hour', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map(retryDelayMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
  });
});

describe('problems in plain words', () => {
  it('a wrong password says to enter it again, and names app passwords', () => {
    const words = problemWords('auth', { host: 'imap.gmail.com' });
    expect(words.reason).toBe('imap.gmail.com refused the user name or password.');
    expect(words.action).toMatch(/app password/);
  });

  it('a refused host says who can allow it', () => {
    expect(problemWords('refused', { host: '10.0.0.5' }).action).toMatch(/SOURCE_ALLOWED_HOSTS/);
  });
});
