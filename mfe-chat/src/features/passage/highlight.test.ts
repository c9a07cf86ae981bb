import { describe, expect, it } from 'vitest';
import { highlightParts } from './highlight';

describe("highlightParts: the hit's words marked in the passage in context", () => {
  it('marks every occurrence, ignoring case', () => {
    expect(highlightParts('Invoice total: ₹12,500. The invoice is due.', ['invoice'])).toEqual([
      { text: 'Invoice', marked: true },
      { text: ' total: ₹12,500. The ', marked: false },
      { text: 'invoice', marked: true },
      { text: ' is due.', marked: false },
    ]);
  });

  it('treats terms as text, not patterns', () => {
    expect(highlightParts('a (b) c', ['(b)'])).toEqual([
      { text: 'a ', marked: false },
      { text: '(b)', marked: true },
      { text: ' c', marked: false },
    ]);
  });

  it('leaves the text whole without terms', () => {
    expect(highlightParts('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });
});
