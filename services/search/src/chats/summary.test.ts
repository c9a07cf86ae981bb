import { describe, expect, it } from 'vitest';
import { sentencesOf, stem, summarize } from './summary';

// A fixed passage set: an invoice, a reply quoting it, and an unrelated note.
const PASSAGES = [
  {
    passageId: '11',
    text: 'Invoice INV-204 from Acme Pvt Ltd. The invoice total is Rs. 45,000 payable by 30 October. Thanks for your business.',
  },
  {
    passageId: '12',
    text: 'Re: invoice INV-204.\nThe invoice total is Rs. 45,000 payable by 30 October.\nWe will pay the invoice next week after approval.',
  },
  { passageId: '13', text: 'Lunch is at noon on Friday. Please bring your laptop to the offsite.' },
];

describe('summarize', () => {
  it('picks sentences holding the query, most relevant first, each once, with their passage', () => {
    expect(summarize('invoice total payable approval', PASSAGES)).toEqual([
      { text: 'The invoice total is Rs. 45,000 payable by 30 October.', passage_id: '11' },
      { text: 'We will pay the invoice next week after approval.', passage_id: '12' },
      { text: 'Invoice INV-204 from Acme Pvt Ltd.', passage_id: '11' },
    ]);
  });

  it('copies text verbatim: every sentence is a substring of its passage (white space aside)', () => {
    for (const sentence of summarize('invoice pay', PASSAGES)) {
      const passage = PASSAGES.find((p) => p.passageId === sentence.passage_id);
      expect(passage?.text.replace(/\s+/g, ' ')).toContain(sentence.text);
    }
  });

  it('chooses nothing when no sentence holds a query word', () => {
    expect(summarize('quarterly roadmap', PASSAGES)).toEqual([]);
  });

  it('takes each passage’s opening sentence when the question was all filters', () => {
    expect(summarize('', PASSAGES, 2)).toEqual([
      { text: 'Invoice INV-204 from Acme Pvt Ltd.', passage_id: '11' },
      { text: 'Re: invoice INV-204.', passage_id: '12' },
    ]);
  });

  it('honours the limit and handles no passages', () => {
    expect(summarize('invoice', PASSAGES, 1)).toHaveLength(1);
    expect(summarize('invoice', [])).toEqual([]);
  });
});

describe('sentencesOf and stem', () => {
  it('does not cut after Rs. and drops fragments', () => {
    expect(sentencesOf('Pay Rs. 4,500 today please. Ok.')).toEqual(['Pay Rs. 4,500 today please.']);
  });

  it.each([
    ['invoices', 'invoice'],
    ['companies', 'company'],
    ['billing', 'bill'],
    ['boxes', 'box'],
    ['class', 'class'],
  ])('stem(%s) = %s', (word, expected) => {
    expect(stem(word)).toBe(expected);
  });
});
