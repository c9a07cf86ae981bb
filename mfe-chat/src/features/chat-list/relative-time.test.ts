import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const NOW = new Date('2026-05-20T12:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('relativeTime: last activity in the chat list', () => {
  it.each([
    [ago(5_000), 'just now'],
    [ago(-30_000), 'just now'],
    [ago(5 * 60_000), '5 min. ago'],
    [ago(3 * 3_600_000), '3 hr. ago'],
    [ago(26 * 3_600_000), 'yesterday'],
    [ago(3 * 86_400_000), '3 days ago'],
  ])('%s reads as %s', (iso, expected) => {
    expect(relativeTime(iso, NOW)).toBe(expected);
  });

  it('gives a date after a week, with the year when it is another year', () => {
    expect(relativeTime('2026-03-02T09:00:00Z', NOW)).toBe('Mar 2');
    expect(relativeTime('2025-12-24T09:00:00Z', NOW)).toBe('Dec 24, 2025');
  });

  it('is empty for a date it cannot read', () => {
    expect(relativeTime('soon', NOW)).toBe('');
  });
});
