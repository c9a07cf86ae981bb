import { describe, expect, it } from 'vitest';
import { daysAfter, localDay, nextDay, startOfDay } from './time-zone';

describe('days in a time zone', () => {
  it('a day begins at local midnight', () => {
    expect(startOfDay('2024-04-01', 'Asia/Kolkata').toISOString()).toBe('2024-03-31T18:30:00.000Z');
    expect(startOfDay('2024-04-01', 'America/New_York').toISOString()).toBe('2024-04-01T04:00:00.000Z');
    expect(startOfDay('2024-01-15', 'America/New_York').toISOString()).toBe('2024-01-15T05:00:00.000Z');
    expect(startOfDay('2024-04-01', 'UTC').toISOString()).toBe('2024-04-01T00:00:00.000Z');
  });

  it('across a daylight-saving change, the offset of that midnight', () => {
    // Europe/London moves to BST at 01:00 UTC on 31 March 2024: that midnight is still GMT.
    expect(startOfDay('2024-03-31', 'Europe/London').toISOString()).toBe('2024-03-31T00:00:00.000Z');
    expect(startOfDay('2024-04-01', 'Europe/London').toISOString()).toBe('2024-03-31T23:00:00.000Z');
  });

  it('an unknown or missing zone reads as UTC', () => {
    expect(startOfDay('2024-04-01', 'Mars/Olympus').toISOString()).toBe('2024-04-01T00:00:00.000Z');
    expect(startOfDay('2024-04-01', null).toISOString()).toBe('2024-04-01T00:00:00.000Z');
  });

  it('nextDay crosses months and years', () => {
    expect(nextDay('2024-02-29')).toBe('2024-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(daysAfter('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysAfter('2024-12-25', 7)).toBe('2025-01-01');
  });

  it('an instant reads as the day it is in the zone; UTC with no zone or an unknown one', () => {
    expect(localDay('2026-11-29T23:30:00Z', 'Asia/Tokyo')).toBe('2026-11-30');
    expect(localDay('2026-11-29T23:30:00Z', 'UTC')).toBe('2026-11-29');
    expect(localDay('2026-11-29T23:30:00Z', null)).toBe('2026-11-29');
    expect(localDay('2026-11-29T23:30:00Z', 'Mars/Olympus')).toBe('2026-11-29');
  });
});
