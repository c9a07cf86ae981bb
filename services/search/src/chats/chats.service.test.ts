import { describe, expect, it } from 'vitest';
import { questionAsked } from './chats.service';

describe('questionAsked', () => {
  it('is the question without where to send the answer, and never empty', () => {
    expect(questionAsked('invoices over ₹10,000 -> #finance')).toBe('invoices over ₹10,000');
    expect(questionAsked('summarize standup')).toBe('summarize standup');
    // Nothing before the arrow: the title and a post's header keep the text rather than be empty.
    expect(questionAsked(' -> #finance ')).toBe('-> #finance');
  });
});
