import { describe, expect, it } from 'vitest';
import {
  currencyOfName,
  decimalMarkOf,
  moneyName,
  parseBoolean,
  parseDay,
  parseDecimal,
  parseMoney,
  parseTimestamp,
} from './cell-values';

describe('reading a cell as a decimal', () => {
  it.each([
    ['7593.52', undefined, '7593.52'],
    ['1,234.56', undefined, '1234.56'],
    ['1.234,56', undefined, '1234.56'],
    ['6,14,500', undefined, '614500'],
    ['(120.00)', undefined, '-120'],
    ['-0042.10', undefined, '-42.1'],
    ['1 234,5', 'comma', '1234.5'],
    ['1,234', 'point', '1234'],
    ['1.234', 'comma', '1234'],
    ['1.234', 'point', '1.234'],
    ['12,5', undefined, '12.5'],
  ] as const)('%s (%s) reads as %s', (text, mark, value) => {
    expect(parseDecimal(text, mark)).toBe(value);
  });

  it.each(['1,234', 'abc', '1e+20', '12.3.4', '', '--1'])('“%s” alone is not read as a number', (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });

  it('says which decimal mark a number settles, and none when it could be either', () => {
    expect(decimalMarkOf('1,234.5')).toBe('point');
    expect(decimalMarkOf('1.234,5')).toBe('comma');
    expect(decimalMarkOf('1,234')).toBeUndefined();
    expect(decimalMarkOf('1.234')).toBeUndefined();
  });
});

describe('reading a cell as money, a day, an instant, a boolean', () => {
  it('money keeps the currency its symbol or code names', () => {
    expect(parseMoney('$7,593.52')).toEqual({ value: '7593.52', currency: 'USD' });
    expect(parseMoney('₹6,14,500')).toEqual({ value: '614500', currency: 'INR' });
    expect(parseMoney('1.234,56 €')).toEqual({ value: '1234.56', currency: 'EUR' });
    expect(parseMoney('7593.52 USD')).toEqual({ value: '7593.52', currency: 'USD' });
    expect(parseMoney('-$5.00')).toEqual({ value: '-5', currency: 'USD' });
    expect(parseMoney('7593.52')).toBeUndefined();
  });

  it('days in the three common shapes, slashed ones only when the order is known', () => {
    expect(parseDay('2026-03-05')).toBe('2026-03-05');
    expect(parseDay('5 Mar 2026')).toBe('2026-03-05');
    expect(parseDay('March 5, 2026')).toBe('2026-03-05');
    expect(parseDay('25/03/2026')).toBe('2026-03-25');
    expect(parseDay('03/25/2026')).toBe('2026-03-25');
    expect(parseDay('03/05/2026')).toBeUndefined();
    expect(parseDay('03/05/2026', 'dmy')).toBe('2026-05-03');
    expect(parseDay('03/05/2026', 'mdy')).toBe('2026-03-05');
    expect(parseDay('2026-02-30')).toBeUndefined();
  });

  it('instants as the servers print them, in UTC', () => {
    expect(parseTimestamp('2026-01-30 12:00:00+00')).toBe('2026-01-30T12:00:00.000Z');
    expect(parseTimestamp('2026-01-30 12:00:00.123456+05:30')).toBe('2026-01-30T06:30:00.123Z');
    expect(parseTimestamp('2026-01-30 12:00:00')).toBe('2026-01-30T12:00:00.000Z');
    expect(parseTimestamp('yesterday')).toBeUndefined();
  });

  it('booleans as PostgreSQL, MySQL and sheets write them', () => {
    expect(parseBoolean('t')).toBe(true);
    expect(parseBoolean('0')).toBe(false);
    expect(parseBoolean('TRUE')).toBe(true);
    expect(parseBoolean('maybe')).toBeUndefined();
  });

  it('a column name says money and its currency', () => {
    expect(moneyName('totalAmount')).toBe(true);
    expect(moneyName('amount_usd')).toBe(true);
    expect(moneyName('quantity')).toBe(false);
    expect(currencyOfName('amount_usd')).toBe('USD');
    expect(currencyOfName('Price (€)')).toBe('EUR');
    expect(currencyOfName('Amount')).toBeUndefined();
  });
});
