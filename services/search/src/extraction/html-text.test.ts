import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText } from './html-text';

describe('reading HTML', () => {
  it('scripts, styles and comments are not text', () => {
    const html = `<html><head><title>Q3 report</title><style>p{color:red}</style></head>
      <body><script>var total = "₹9";</script><!-- draft --><p>Revenue grew.</p></body></html>`;
    expect(htmlToText(html)).toEqual({
      title: 'Q3 report',
      blocks: [{ heading: null, text: 'Revenue grew.' }],
    });
  });

  it('headings name the section of the paragraphs under them', () => {
    const { blocks } = htmlToText(
      '<p>Intro</p><h2>Pricing &amp; terms</h2><p>Net <b>30</b> days.</p><div>Late fee</div>',
    );
    expect(blocks).toEqual([
      { heading: null, text: 'Intro' },
      { heading: 'Pricing & terms', text: 'Net 30 days.' },
      { heading: 'Pricing & terms', text: 'Late fee' },
    ]);
  });

  it('without a <title> the first heading is the title', () => {
    expect(htmlToText('<h1>Vendor list</h1><p>a</p>').title).toBe('Vendor list');
  });

  it('table cells stay apart, a row stays together', () => {
    expect(htmlToText('<table><tr><td>Acme</td><td>₹500</td></tr></table>').blocks).toEqual([
      { heading: null, text: 'Acme ₹500' },
    ]);
  });

  it('entities are decoded', () => {
    expect(decodeEntities('&lt;a&gt; &#8377;10 &#x20AC;5 &rupee;')).toBe('<a> ₹10 €5 ₹');
  });

  it('an unclosed comment or <script> of megabytes ends the text there, read in one pass (issue 18 item 6)', () => {
    const filler = 'x <b>y</b> '.repeat(400_000); // 4.4 MB after the opening
    const comment = htmlToText(`<title>Notes</title><p>Before</p><!-- ${filler}`);
    expect(comment).toEqual({ title: 'Notes', blocks: [{ heading: null, text: 'Before' }] });
    const script = htmlToText(`<p>Before</p><script>${filler}`);
    expect(script.blocks).toEqual([{ heading: null, text: 'Before' }]);
    // Many unclosed openers, each of which the regex tokenizer scanned to the end again.
    const openers = htmlToText(`<p>Start</p>${'<!-- <script '.repeat(200_000)}`);
    expect(openers.blocks).toEqual([{ heading: null, text: 'Start' }]);
  });
});
