import { describe, expect, it } from 'vitest';
import { readMarkdown } from './markdown';

describe('reading Markdown', () => {
  it('headings are sections and the first top heading is the title', () => {
    const md =
      '# Vendor onboarding\n\nIntro **text** with a [link](https://x.test).\n\n## Payment\n\n- Net 30\n- Paid in INR\n\nSetext part\n-----------\n\nDone.';
    const text = readMarkdown(md, 'fallback');
    expect(text.title).toBe('Vendor onboarding');
    expect(text.blocks).toEqual([
      { location: 'section Vendor onboarding', text: 'Intro text with a link.' },
      { location: 'section Payment', text: 'Net 30\nPaid in INR' },
      { location: 'section Setext part', text: 'Done.' },
    ]);
  });

  it('a "#" inside a code fence is not a heading', () => {
    const text = readMarkdown('Before\n\n```\n# not a heading\n```', 'notes');
    expect(text.title).toBe('notes');
    expect(text.blocks.map((b) => b.location)).toEqual(['beginning', 'beginning']);
  });
});
