import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength (docs/product/accounts.md#strength-meter strength meter)', () => {
  it('an empty password passes no check and is red', () => {
    expect(passwordStrength('')).toMatchObject({ passed: 0, percent: 0, level: 'weak' });
  });

  it('counts each of the five checks on its own', () => {
    expect(passwordStrength('abcdefgh').checks).toEqual({
      length: true,
      upper: false,
      lower: true,
      digit: false,
      symbol: false,
    });
    expect(passwordStrength('A').checks.upper).toBe(true);
    expect(passwordStrength('7').checks.digit).toBe(true);
    expect(passwordStrength('#').checks.symbol).toBe(true);
    // A space is not a symbol: it would let "a b c" look stronger than it is.
    expect(passwordStrength(' ').checks.symbol).toBe(false);
  });

  it('the percentage is passed / 5, red below 40 %, amber below 80 %, green from 80 %', () => {
    expect(passwordStrength('a')).toMatchObject({ percent: 20, level: 'weak' });
    expect(passwordStrength('aA')).toMatchObject({ percent: 40, level: 'fair' });
    expect(passwordStrength('aA1')).toMatchObject({ percent: 60, level: 'fair' });
    expect(passwordStrength('aA1!')).toMatchObject({ percent: 80, level: 'strong' });
    expect(passwordStrength('aA1!aaaa')).toMatchObject({ percent: 100, level: 'strong' });
  });
});
