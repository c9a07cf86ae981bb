import { describe, expect, it } from 'vitest';
import { COLUMNS_KEPT, KEY_KEPT_CHARS, remembered } from './column-memo';

describe('the column memo', () => {
  it('makes a value once per key', () => {
    const memo = new Map<string, number>();
    let made = 0;
    const make = () => ++made;
    expect(remembered(memo, 'amount', make)).toBe(1);
    expect(remembered(memo, 'amount', make)).toBe(1);
    expect(remembered(memo, 'total', make)).toBe(2);
  });

  it('keeps neither a key longer than KEY_KEPT_CHARS nor more than COLUMNS_KEPT keys', () => {
    const memo = new Map<string, string>();
    const long = `numeric${'x'.repeat(KEY_KEPT_CHARS)}`;
    expect(remembered(memo, long, () => 'money')).toBe('money');
    expect(memo.size).toBe(0);
    for (let key = 0; key <= COLUMNS_KEPT; key++) remembered(memo, `c${key}`, () => 'text');
    expect(memo.size).toBeLessThanOrEqual(COLUMNS_KEPT);
  });
});
