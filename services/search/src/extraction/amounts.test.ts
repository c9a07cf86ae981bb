import { describe, expect, it } from 'vitest';
import { findAmounts } from './amounts';

describe('money amounts', () => {
  it('Indian grouping is understood', () => {
    expect(findAmounts('Total due: ₹1,25,000.50 by Friday')).toEqual([
      { text: '₹1,25,000.50', currency: 'INR', value: 125000.5 },
    ]);
  });

  it('Western grouping is understood', () => {
    expect(findAmounts('The invoice is $1,250,000.75.')).toEqual([
      { text: '$1,250,000.75', currency: 'USD', value: 1250000.75 },
    ]);
  });

  it('rupees written as Rs., Rs and INR are all INR', () => {
    const amounts = findAmounts('Rs. 4,500 advance, Rs 500 fee and INR 12,00,000 in all');
    expect(amounts.map((a) => [a.currency, a.value])).toEqual([
      ['INR', 4500],
      ['INR', 500],
      ['INR', 1200000],
    ]);
  });

  it('euros, pounds and ISO codes before or after the number', () => {
    const amounts = findAmounts('€ 99.90, £12, 300 EUR, USD 45 and CHF 1,000 and 2,500 SGD');
    expect(amounts.map((a) => [a.currency, a.value])).toEqual([
      ['EUR', 99.9],
      ['GBP', 12],
      ['EUR', 300],
      ['USD', 45],
      ['CHF', 1000],
      ['SGD', 2500],
    ]);
  });

  it('lakh and crore scale the number', () => {
    expect(findAmounts('a budget of ₹2.5 lakh, raised to Rs 1 crore').map((a) => a.value)).toEqual([
      250000, 10000000,
    ]);
  });

  it('bare numbers and unknown codes are not money', () => {
    expect(findAmounts('Invoice 2024 has 3 items, ref ABC 120, room 1,200')).toEqual([]);
  });
});
