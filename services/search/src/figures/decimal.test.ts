import { describe, expect, it } from 'vitest';
import { amountValueText, compareDecimals, meanOfDecimals, showDecimal, sumDecimals } from './decimal';

describe('exact decimals', () => {
  it('adds amounts to the cent, where doubles drift', () => {
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3');
    const many = Array.from({ length: 10_000 }, () => '0.01');
    expect(sumDecimals(many)).toBe('100');
    expect(sumDecimals(['99999999999999999.99', '0.01'])).toBe('100000000000000000');
    expect(sumDecimals(['12', 'abc'])).toBeUndefined();
  });

  it('averages rounding half away from zero, compares and shows', () => {
    expect(meanOfDecimals(['1', '2'])).toBe('1.5');
    expect(meanOfDecimals(['0.005', '0.005'])).toBe('0.005');
    expect(meanOfDecimals(['1', '1', '2'])).toBe('1.33');
    expect(meanOfDecimals(['-1', '-2'])).toBe('-1.5');
    expect(compareDecimals('20000.01', '20000')).toBe(1);
    expect(compareDecimals('-3', '2')).toBe(-1);
    expect(compareDecimals('2.50', '2.5')).toBe(0);
    expect(showDecimal('117091.2', 2)).toBe('117,091.20');
    expect(showDecimal('-1234567')).toBe('-1,234,567');
    expect(amountValueText('20,000')).toBe('20000');
    expect(amountValueText('1.5', 'k')).toBe('1500');
    expect(amountValueText('2', 'lakh')).toBe('200000');
  });
});

describe('the fast sum and the exact one agree', () => {
  it('on small amounts, on amounts past 2^53 units, and on negatives', () => {
    expect(sumDecimals(['0.01', '-0.02', '1234.5'])).toBe('1234.49');
    expect(sumDecimals(['999999999999999', '999999999999999', '0.5'])).toBe('1999999999999998.5');
    expect(sumDecimals(['9007199254740991', '1'])).toBe('9007199254740992');
    expect(sumDecimals(['4503599627370496.5', '4503599627370496.5'])).toBe('9007199254740993');
  });
});

describe('comparing decimals', () => {
  it('exactly, whether short or long', () => {
    expect(compareDecimals('20000', '20000.00')).toBe(0);
    expect(compareDecimals('19999.99', '20000')).toBe(-1);
    expect(compareDecimals('-0.5', '-0.25')).toBe(-1);
    expect(compareDecimals('12345678901234567.01', '12345678901234567.02')).toBe(-1);
    expect(compareDecimals('0.000001', '0')).toBe(1);
  });
});
