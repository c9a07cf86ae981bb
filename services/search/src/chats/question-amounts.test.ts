import { describe, expect, it } from 'vitest';
import { amountsInQuestion } from './question-amounts';

describe('amountsInQuestion', () => {
  it.each([
    ['invoices over ₹10,000 last month', { amount_min: 10000, currency: 'INR', rest: 'invoices last month' }],
    ['invoices above $500', { amount_min: 500, currency: 'USD', rest: 'invoices' }],
    ['receipts under €50', { amount_max: 50, currency: 'EUR', rest: 'receipts' }],
    ['orders less than £1,200.50', { amount_max: 1200.5, currency: 'GBP', rest: 'orders' }],
    ['at least Rs. 2,500 bills', { amount_min: 2500, currency: 'INR', rest: 'bills' }],
    [
      'between 1,00,000 and 2,00,000 INR',
      { amount_min: 100000, amount_max: 200000, currency: 'INR', rest: '' },
    ],
    [
      'payments between $2k and $5k',
      { amount_min: 2000, amount_max: 5000, currency: 'USD', rest: 'payments' },
    ],
    ['deals over 2 lakh rupees', { amount_min: 200000, currency: 'INR', rest: 'deals' }],
    ['invoices more than 10,000', { amount_min: 10000, rest: 'invoices' }],
    ['invoices over 5000 USD', { amount_min: 5000, currency: 'USD', rest: 'invoices' }],
    [
      'the invoice for ₹12,500',
      { amount_min: 12500, amount_max: 12500, currency: 'INR', rest: 'the invoice' },
    ],
    ['invoice ₹45,000 Acme', { amount_min: 45000, amount_max: 45000, currency: 'INR', rest: 'invoice Acme' }],
    ['quotes > 750 EUR', { amount_min: 750, currency: 'EUR', rest: 'quotes' }],
  ])('%s', (question, expected) => {
    expect(amountsInQuestion(question)).toEqual(expected);
  });

  it.each([
    'invoices from 3 to 5 days late',
    'top 3 contracts',
    'invoices in Q2',
    'meeting at 10:30',
    'over 2 weeks',
  ])('leaves %s without amounts', (question) => {
    expect(amountsInQuestion(question)).toEqual({ rest: question });
  });
});
