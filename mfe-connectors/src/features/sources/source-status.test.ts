import type { SourceStatus } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { cardState, isMoving, ROWS, statusText, timeLeft, timeUntil } from './source-status';

const now = Date.parse('2026-03-02T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe('statusText (issue 21: status people can read)', () => {
  it('connected: the first sync is on its way', () => {
    expect(statusText({ state: 'connected', next_sync_at: null }, now)).toEqual({
      label: 'Connected',
      lines: ['The first sync starts shortly.'],
      progress: null,
    });
    expect(statusText({ state: 'connected', next_sync_at: at(2 * MIN) }, now).lines).toEqual([
      'The first sync starts in 2 min.',
    ]);
  });

  it('syncing: n of N, the rate and the time left', () => {
    const status: SourceStatus = {
      state: 'syncing',
      done: 1200,
      total: 6046,
      rate: 212.4,
      eta_seconds: 228,
      started_at: at(-6 * MIN),
      stuck_since: null,
      last_sync_at: null,
    };
    const text = statusText(status, now);
    expect(text.label).toBe('Syncing');
    expect(text.lines).toEqual(['1,200 of 6,046 messages', '212 a second · about 4 min left']);
    expect(text.progress).toBeCloseTo(1200 / 6046);
  });

  it('stuck: no progress for the setting’s minutes reads as stuck, not syncing, with what happens next', () => {
    const status: SourceStatus = {
      state: 'syncing',
      done: 1200,
      total: 6046,
      rate: 3.3,
      eta_seconds: 1468,
      started_at: at(-20 * MIN),
      stuck_since: at(-12 * MIN),
      last_sync_at: null,
    };
    const text = statusText(status, now);
    expect(text.label).toBe('Stuck');
    expect(cardState(status)).toBe('stuck');
    expect(text.lines[0]).toBe('1,200 of 6,046 messages');
    expect(text.lines[1]).toMatch(/^Nothing has moved since 12 min/);
    expect(text.lines.join(' ')).not.toMatch(/left|a second/);
    expect(cardState({ ...status, stuck_since: null })).toBe('syncing');
  });

  it('a database source counts rows (issue 22)', () => {
    const status: SourceStatus = {
      state: 'syncing',
      done: 2000,
      total: 100_000,
      rate: 2500,
      eta_seconds: 39,
      started_at: at(-MIN),
      stuck_since: null,
      last_sync_at: null,
    };
    expect(statusText(status, now, ROWS).lines[0]).toBe('2,000 of 100,000 rows');
    expect(statusText({ ...status, total: null }, now, ROWS).lines[0]).toBe('2,000 rows so far');
  });

  it('syncing before the total and the rate are known', () => {
    const text = statusText(
      {
        state: 'syncing',
        done: 0,
        total: null,
        rate: null,
        eta_seconds: null,
        started_at: at(0),
        stuck_since: null,
        last_sync_at: null,
      },
      now,
    );
    expect(text.lines).toEqual(['0 messages so far', 'Working out how long it will take…']);
    expect(text.progress).toBeNull();
  });

  it('up to date: last sync and next sync, as relative times', () => {
    expect(
      statusText({ state: 'up_to_date', last_sync_at: at(-5 * MIN), next_sync_at: at(10 * MIN) }, now),
    ).toEqual({
      label: 'Up to date',
      lines: ['Last sync 5 min ago', 'Next sync in 10 min'],
      progress: null,
    });
    expect(
      statusText({ state: 'up_to_date', last_sync_at: at(-30_000), next_sync_at: null }, now).lines,
    ).toEqual(['Last sync just now', 'Syncs again when you press Sync now']);
  });

  it('needs attention: the reason in plain words, what to do, and whether it retries by itself', () => {
    const base = {
      state: 'needs_attention',
      problem: 'auth',
      reason: 'The server refused the password.',
      action: 'Enter the password again, or make an app password.',
      last_sync_at: null,
    } as const;
    expect(statusText({ ...base, retry_at: null }, now)).toEqual({
      label: 'Needs attention',
      lines: [
        'The server refused the password.',
        'Enter the password again, or make an app password.',
        'It waits for you before trying again.',
      ],
      progress: null,
    });
    expect(statusText({ ...base, problem: 'tcp', retry_at: at(3 * MIN) }, now).lines[2]).toBe(
      'It tries again by itself in 3 min.',
    );
  });

  it('paused: nothing syncs until resumed', () => {
    expect(statusText({ state: 'paused', last_sync_at: at(-3 * 60 * MIN) }, now).lines).toEqual([
      'Nothing syncs until you resume it.',
      'Last sync 3 h ago',
    ]);
    expect(statusText({ state: 'paused', last_sync_at: null }, now).lines[1]).toBe('It has not synced yet.');
  });

  it('polls only while a sync is on its way or under way', () => {
    expect(isMoving({ state: 'connected', next_sync_at: null })).toBe(true);
    expect(isMoving({ state: 'paused', last_sync_at: null })).toBe(false);
    expect(isMoving({ state: 'up_to_date', last_sync_at: at(0), next_sync_at: null })).toBe(false);
  });

  it('polls while a sync is due — after "Sync now" — and not while the next one is ahead (issue 38)', () => {
    const clock = Date.parse('2026-11-29T10:00:00Z');
    const due = { state: 'up_to_date' as const, last_sync_at: '2026-11-29T09:52:00Z' };
    expect(isMoving({ ...due, next_sync_at: '2026-11-29T10:00:00Z' }, clock)).toBe(true);
    expect(isMoving({ ...due, next_sync_at: '2026-11-29T09:59:00Z' }, clock)).toBe(true);
    expect(isMoving({ ...due, next_sync_at: '2026-11-29T10:10:00Z' }, clock)).toBe(false);
  });
});

describe('timeUntil and timeLeft', () => {
  it('says a time to come the way people do', () => {
    expect(timeUntil(at(-1000), now)).toBe('any moment now');
    expect(timeUntil(at(20_000), now)).toBe('in under a minute');
    expect(timeUntil(at(90 * MIN), now)).toBe('in 2 h');
    expect(timeUntil(at(30 * 60 * MIN), now)).toBe('tomorrow');
  });

  it('says seconds left in minutes and hours', () => {
    expect(timeLeft(30)).toBe('under a minute');
    expect(timeLeft(600)).toBe('about 10 min');
    expect(timeLeft(7200)).toBe('about 2 h');
    expect(timeLeft(7800)).toBe('about 2 h 10 min');
  });
});
