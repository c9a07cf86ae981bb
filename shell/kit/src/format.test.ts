import { describe, expect, it } from 'vitest';
import { moneyLabel, relativeTime } from './format';

describe('relative times (uploaded at, last activity)', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  it.each([
    ['2026-11-23T11:59:30Z', 'just now'],
    ['2026-11-23T11:55:00Z', '5 min ago'],
    ['2026-11-23T09:00:00Z', '3 h ago'],
    ['2026-11-22T10:00:00Z', 'yesterday'],
    ['2026-11-19T12:00:00Z', '4 days ago'],
    ['2026-10-01T12:00:00Z', '1 Oct 2026'],
  ])('%s reads "%s"', (iso, text) => expect(relativeTime(iso, now)).toBe(text));
});

describe('money', () => {
  it('rupees in Indian grouping, others in their own symbol', () => {
    expect(moneyLabel(125000, 'INR', '₹1,25,000')).toBe('₹1,25,000');
    expect(moneyLabel(1250.5, 'USD', '$1,250.50')).toBe('$1,250.50');
    expect(moneyLabel(12500.5, 'INR')).toBe('₹12,500.50');
    expect(moneyLabel(1999, 'USD')).toBe('$1,999');
  });
  it('an unknown code is shown as written, else as code and value', () => {
    expect(moneyLabel(5, 'ZZZZ', '5 ZZZZ')).toBe('5 ZZZZ');
    expect(moneyLabel(5, 'ZZZZ')).toBe('ZZZZ 5');
  });
  it('whole amounts without cents', () => {
    expect(moneyLabel(48500, 'INR')).toBe('₹48,500');
  });
});
