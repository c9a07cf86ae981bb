import { describe, expect, it } from 'vitest';
import { MARK_START, MARK_STOP, snippetHtml } from './snippet';

describe('snippetHtml', () => {
  it('escapes the passage text and marks the matches', () => {
    expect(snippetHtml(`a <b> & "c" ${MARK_START}kiwi${MARK_STOP}'s`)).toBe(
      'a &lt;b&gt; &amp; &quot;c&quot; <mark>kiwi</mark>&#39;s',
    );
  });
});
