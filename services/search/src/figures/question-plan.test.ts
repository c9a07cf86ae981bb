import { describe, expect, it } from 'vitest';
import { planQuestion } from './question-plan';

// The question grammar (issue 37 item 5): a table of questions and the plan each gives, read on 29 Nov 2026.
const now = new Date('2026-11-29T12:00:00Z');

describe('the plan of a question that computes', () => {
  it.each([
    [
      'what is the total amount of the invoices due in March?',
      {
        aggregates: ['sum'],
        measure: 'amount',
        period: { from: '2026-03-01', to: '2026-03-31', latest: true, field: 'due' },
      },
    ],
    [
      'which invoices are over $20,000?',
      { aggregates: [], comparisons: [{ op: 'gt', value: '20000', currency: 'USD', field: null }] },
    ],
    ['which invoices are overdue?', { aggregates: [], states: ['overdue'] }],
    [
      'how many invoices does Stark Industries have and what do they add up to?',
      { aggregates: ['count', 'sum'], states: [], rest: expect.stringContaining('stark industries') },
    ],
    ['total amount per customer', { aggregates: ['sum'], group: { by: 'field', words: 'customer' } }],
    [
      'invoices by month this year',
      { group: { by: 'month' }, period: { from: '2026-01-01', to: '2026-12-31', latest: false } },
    ],
    [
      'average invoice amount last quarter',
      { aggregates: ['average'], period: { from: '2026-07-01', to: '2026-09-30' } },
    ],
    ['largest invoice before March', { aggregates: ['max'], period: { to: '2026-02-28' } }],
    [
      'invoices between $1,000 and $5,000',
      { comparisons: [{ op: 'between', value: '1000', high: '5000', currency: 'USD' }] },
    ],
    [
      'orders with quantity less than 5',
      { comparisons: [{ op: 'lt', value: '5', field: 'quantity', money: false }] },
    ],
    ['orders with at least 12 items', { comparisons: [{ op: 'gte', value: '12' }] }],
    [
      'how many open invoices are due this week',
      {
        aggregates: ['count'],
        states: ['open'],
        period: { from: '2026-11-23', to: '2026-11-29', field: 'due' },
      },
    ],
    [
      'invoices over 20k not paid',
      { comparisons: [{ op: 'gt', value: '20000', money: true }], states: ['open'] },
    ],
    ['smallest paid invoice', { aggregates: ['min'], states: ['paid'] }],
    ['unpaid invoices', { states: ['open'] }],
    ['invoices under ₹6,14,500', { comparisons: [{ op: 'lt', value: '614500', currency: 'INR' }] }],
    [
      'sum of invoices in Q3 2025',
      { aggregates: ['sum'], period: { from: '2025-07-01', to: '2025-09-30', latest: false } },
    ],
    ['list invoices from 1 March to 15 April 2026', { period: { from: '2026-03-01', to: '2026-04-15' } }],
  ] as const)('“%s”', (question, plan) => {
    expect(planQuestion(question, now)).toMatchObject(plan);
  });

  it('reads the same question the same way each time', () => {
    const question = 'total of the overdue invoices over $500 per customer';
    expect(planQuestion(question, now)).toEqual(planQuestion(question, now));
  });

  it('a number of days is no amount', () => {
    expect(planQuestion('invoices more than 30 days late', now).comparisons).toEqual([]);
  });
});
