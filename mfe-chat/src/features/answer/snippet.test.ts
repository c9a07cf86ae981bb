import { describe, expect, it } from 'vitest';
import { decodeEntities, snippetParts } from './snippet';

describe('snippetParts: escaped snippet HTML read safely', () => {
  it('splits the marked words from the rest', () => {
    expect(snippetParts('Total <mark>₹12,500</mark> due on <mark>3 May</mark>.')).toEqual([
      { text: 'Total ', marked: false },
      { text: '₹12,500', marked: true },
      { text: ' due on ', marked: false },
      { text: '3 May', marked: true },
      { text: '.', marked: false },
    ]);
  });

  it('keeps escaped markup as visible text, never as tags', () => {
    expect(snippetParts('&lt;script&gt;alert(1)&lt;/script&gt; <mark>invoice</mark>')).toEqual([
      { text: '<script>alert(1)</script> ', marked: false },
      { text: 'invoice', marked: true },
    ]);
  });

  it('treats any tag other than mark as text', () => {
    expect(snippetParts('<b>bold</b> <img src=x onerror=alert(1)>')).toEqual([
      { text: '<b>bold</b> <img src=x onerror=alert(1)>', marked: false },
    ]);
  });

  it('survives an unclosed mark and joins neighbouring runs', () => {
    expect(snippetParts('a <mark>b<mark>c')).toEqual([
      { text: 'a ', marked: false },
      { text: 'bc', marked: true },
    ]);
    expect(snippetParts('')).toEqual([]);
  });
});

describe('decodeEntities', () => {
  it('decodes named and numeric entities and leaves unknown ones', () => {
    expect(decodeEntities('Tom &amp; Jerry &quot;Ltd&quot; &#39;x&#x27; &#8377; &bogus;')).toBe(
      'Tom & Jerry "Ltd" \'x\' ₹ &bogus;',
    );
    expect(decodeEntities('&#0; &#x110000;')).toBe('&#0; &#x110000;');
  });
});
