import { describe, expect, it } from 'vitest';
import { eventWords, orderInQuestion } from './question-order';
import { understandQuestion } from './understand';

// "Next" and "last" of an event (docs/decisions/219): an order over events' starts, read apart from the periods
// ("next week", "the last 30 days") the dates already read.

const NOW = new Date('2026-11-23T10:00:00Z');

describe('orderInQuestion', () => {
  it.each([
    ['when is the next board meeting?', 'next', 'when is board meeting?'],
    ['When is our next offsite', 'next', 'When is offsite'],
    ['upcoming dentist appointment', 'next', 'dentist appointment'],
    ['when was the last board meeting?', 'last', 'when was board meeting?'],
    ['When did we last meet?', 'last', 'When did we meet?'],
    ['the most recent standup', 'last', 'standup'],
    ['where was the previous retro held', 'last', 'where was retro held'],
  ] as const)('%s → %s', (question, order, rest) => {
    expect(orderInQuestion(question)).toEqual({ order, rest });
  });

  it.each([
    'what is on next week',
    'invoices in the last 30 days',
    'the last time we met',
    'the next Monday standup',
    'the previous one',
    'reports of last March',
    'contracts signed last quarter',
    'the nextcloud invoice',
    'a lastname field',
  ])('%s asks no order', (question) => {
    expect(orderInQuestion(question)).toEqual({ rest: question });
  });
});

describe('eventWords', () => {
  it('keeps the words that name the event', () => {
    expect(eventWords('when is board meeting')).toBe('board meeting');
    expect(eventWords('When did we meet')).toBe('meet');
    expect(eventWords('where was retro held')).toBe('retro');
    expect(eventWords('when is it')).toBe('');
  });
});

describe('understandQuestion with next and last', () => {
  it('reads "when is the next board meeting?" as the next event named board meeting, no date filter', () => {
    const understood = understandQuestion('when is the next board meeting?', NOW);
    expect(understood.order).toBe('next');
    expect(understood.filters).toEqual({});
    expect(eventWords(understood.command.query)).toBe('board meeting');
  });

  it('reads "when was the last board meeting?" as the latest one behind us', () => {
    const understood = understandQuestion('when was the last board meeting?', NOW);
    expect(understood.order).toBe('last');
    expect(understood.filters).toEqual({});
    expect(eventWords(understood.command.query)).toBe('board meeting');
  });

  it('leaves periods, mail and amounts as they were', () => {
    const month = understandQuestion('invoices last month', NOW);
    expect(month.order).toBeUndefined();
    expect(month.filters).toEqual({ date_from: '2026-10-01', date_to: '2026-10-31' });
    expect(understandQuestion('the last email from ann@example.com', NOW).order).toBeUndefined();
    expect(understandQuestion('the last invoice over ₹10,000', NOW).order).toBeUndefined();
    expect(understandQuestion('meetings in the last 30 days', NOW).order).toBeUndefined();
  });

  it('keeps a period named beside the order: the next board meeting in 2027', () => {
    const understood = understandQuestion('when is the next board meeting in 2027?', NOW);
    expect(understood.order).toBe('next');
    expect(understood.filters).toEqual({ date_from: '2027-01-01', date_to: '2027-12-31' });
  });
});
