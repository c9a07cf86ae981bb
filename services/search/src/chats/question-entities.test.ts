import { describe, expect, it } from 'vitest';
import { entityCandidates, withoutCandidate } from './question-entities';

const names = (question: string) => entityCandidates(question).map((candidate) => candidate.name);

describe('entityCandidates', () => {
  it.each([
    ['invoices from Acme', ['Acme']],
    ['invoices from acme', ['acme']],
    ['mails by Ann Lee about the offsite', ['Ann Lee']],
    ['What did Priya Sharma send', ['Priya Sharma']],
    ['Contracts with Globex Corp invoices', ['Globex Corp']],
    ['Acme invoices', []],
    ['find invoices', []],
    ['invoices for Q2', []],
    ['summarize the March invoices', []],
  ])('%s → %j', (question, expected) => {
    expect(names(question)).toEqual(expected);
  });

  it('knows where the words stand, so they can be taken out', () => {
    const question = 'invoices from Acme Corp overdue';
    const [candidate] = entityCandidates(question);
    expect(candidate && withoutCandidate(question, candidate)).toBe('invoices overdue');
  });
});
