import { describe, expect, it } from 'vitest';
import { readPlainText } from './plain-text';

describe('reading a text file', () => {
  it('paragraphs are read in order, titled by the file name', () => {
    expect(readPlainText('Minutes of the call.\r\n\r\nAction: send the quote.\n', 'call-notes')).toEqual({
      title: 'call-notes',
      parts: 1,
      documentDate: null,
      blocks: [
        { location: 'text', text: 'Minutes of the call.' },
        { location: 'text', text: 'Action: send the quote.' },
      ],
      people: [],
      organisations: [],
    });
  });
});
