import { describe, expect, it } from 'vitest';
import { datesInQuestion } from './question-dates';

// A Monday, so "this week" and "last week" are easy to check by hand.
const NOW = new Date('2026-11-23T10:00:00Z');

describe('datesInQuestion', () => {
  it.each([
    ['invoices last month', { from: '2026-10-01', to: '2026-10-31', rest: 'invoices' }],
    ['receipts this month', { from: '2026-11-01', to: '2026-11-30', rest: 'receipts' }],
    ['invoices since 3 March', { from: '2026-03-03', rest: 'invoices' }],
    ['invoices since March 3rd', { from: '2026-03-03', rest: 'invoices' }],
    ['invoices in Q2', { from: '2026-04-01', to: '2026-06-30', rest: 'invoices' }],
    ['invoices for q4 2025', { from: '2025-10-01', to: '2025-12-31', rest: 'invoices' }],
    ['the second quarter of 2024 reports', { from: '2024-04-01', to: '2024-06-30', rest: 'reports' }],
    ['orders this year', { from: '2026-01-01', to: '2026-12-31', rest: 'orders' }],
    ['orders last year', { from: '2025-01-01', to: '2025-12-31', rest: 'orders' }],
    ['mails from yesterday', { from: '2026-11-22', to: '2026-11-22', rest: 'mails' }],
    ['mails today', { from: '2026-11-23', to: '2026-11-23', rest: 'mails' }],
    ['meetings this week', { from: '2026-11-23', to: '2026-11-29', rest: 'meetings' }],
    ['meetings last week', { from: '2026-11-16', to: '2026-11-22', rest: 'meetings' }],
    ['contracts in the last 30 days', { from: '2026-10-25', to: '2026-11-23', rest: 'contracts' }],
    ['payments in March', { from: '2026-03-01', to: '2026-03-31', rest: 'payments' }],
    ['payments in December', { from: '2025-12-01', to: '2025-12-31', rest: 'payments' }],
    ['payments in March 2024', { from: '2024-03-01', to: '2024-03-31', rest: 'payments' }],
    ['payments in 2025', { from: '2025-01-01', to: '2025-12-31', rest: 'payments' }],
    ['invoices before 1 June 2026', { to: '2026-05-31', rest: 'invoices' }],
    ['invoices after 15 May', { from: '2026-05-16', rest: 'invoices' }],
    ['invoices until April', { to: '2026-04-30', rest: 'invoices' }],
    ['invoices on 2026-02-14', { from: '2026-02-14', to: '2026-02-14', rest: 'invoices' }],
    ['invoices between 1 March and 15 April', { from: '2026-03-01', to: '2026-04-15', rest: 'invoices' }],
    ['invoices from January to March 2026', { from: '2026-01-01', to: '2026-03-31', rest: 'invoices' }],
    [
      'shipping notes from the previous quarter',
      { from: '2026-07-01', to: '2026-09-30', rest: 'shipping notes' },
    ],
  ])('%s', (question, expected) => {
    expect(datesInQuestion(question, NOW)).toEqual(expected);
  });

  it.each([
    'invoices that may be late',
    'invoice 2024 from Acme',
    'invoices over ₹10,000',
    'between 1,00,000 and 2,00,000 INR',
    'march of the penguins',
  ])('leaves %s without dates', (question) => {
    expect(datesInQuestion(question, NOW)).toEqual({ rest: question });
  });
});
