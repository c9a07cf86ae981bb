import { describe, expect, it } from 'vitest';
import { snippetParts } from './snippet-parts';

describe('snippets render safely', () => {
  it('splits on <mark> and decodes the escapes', () => {
    expect(snippetParts('Paid &lt;b&gt; <mark>invoice</mark> &amp; co&#39;s')).toEqual([
      { text: 'Paid <b> ', marked: false },
      { text: 'invoice', marked: true },
      { text: " & co's", marked: false },
    ]);
  });

  it('any other tag stays text: nothing is parsed as HTML', () => {
    expect(snippetParts('<img src=x onerror=alert(1)>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
    ]);
  });

  it('an escaped mark is text, not a highlight', () => {
    expect(snippetParts('&lt;mark&gt;x')).toEqual([{ text: '<mark>x', marked: false }]);
  });
});
