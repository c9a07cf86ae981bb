import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import stem from 'wink-porter2-stemmer';
import { highlightPassage } from './highlight';
import { MARK_START, MARK_STOP, snippetParts } from './snippet';

// Counts the stemmer's calls to prove the prefilter and the per-word memo; it still stems for real.
const stemmed = vi.hoisted(() => [] as string[]);
vi.mock('wink-porter2-stemmer', async (importOriginal) => {
  const real = (await importOriginal<{ default: (word: string) => string }>()).default;
  return {
    default: (word: string) => {
      stemmed.push(word);
      return real(word);
    },
  };
});

beforeEach(() => {
  stemmed.length = 0;
});

const markedWord = new RegExp(`${MARK_START}([^${MARK_STOP}]*)${MARK_STOP}`, 'g');
const marked = (word: string) => `${MARK_START}${word}${MARK_STOP}`;
const wordsOf = (text: string) =>
  text
    .replaceAll(MARK_START, '')
    .replaceAll(MARK_STOP, '')
    .match(/[\p{L}\p{N}]+/gu) ?? [];
// Words that stem to themselves and match no test lexeme, to pad passages to a known length.
const filler = (count: number, name = 'plain') => Array.from({ length: count }, () => name).join(' ');

// Words that match, nearly match and do not, among any Unicode graphemes (the extracted text never
// holds the two marker characters, see snippet.ts).
const piece = fc.oneof(
  fc.constantFrom(
    'Lists',
    'listen',
    'running',
    'RUN',
    'dying',
    'ölig',
    'a1',
    '2024',
    '𝔘𝔫𝔦',
    ' ',
    '\n\t',
    ', ',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
);
const passage = fc
  .string({ unit: piece, maxLength: 80 })
  .map((text) => text.replaceAll(MARK_START, '').replaceAll(MARK_STOP, ''));

describe('highlightPassage', () => {
  it('marks the words whose english lexeme is in the query', () => {
    const snippet = highlightPassage('Lists are kept by the maintainer of our mailing list.', [
      'list',
      'maintain',
    ]);
    expect(snippet).toBe(
      `${marked('Lists')} are kept by the ${marked('maintainer')} of our mailing ${marked('list')}`,
    );
  });

  it('does not mark a word that only starts like a lexeme ("listen" for list)', () => {
    expect(highlightPassage('Listen to the list', ['list'])).toBe(`Listen to the ${marked('list')}`);
  });

  // From PostgreSQL 15: select w, to_tsvector('english', w) from unnest(array[...]) w
  it.each([
    ['running', 'run'],
    ['happiness', 'happi'],
    ['invoices', 'invoic'],
    ['maintainer', 'maintain'],
    ['mailing', 'mail'],
    ['lists', 'list'],
    ['generously', 'generous'],
    ['agreed', 'agre'],
    ['ponies', 'poni'],
    ['dying', 'die'],
    ['news', 'news'],
    ['emails', 'email'],
    ['connected', 'connect'],
    ['organisation', 'organis'],
    ['payments', 'payment'],
    ['quickly', 'quick'],
    ['studies', 'studi'],
    ['hopefully', 'hope'],
  ])('"%s" matches the lexeme PostgreSQL gives it, %s', (word, lexeme) => {
    expect(highlightPassage(`See ${word} here`, [lexeme])).toBe(`See ${marked(word)} here`);
  });

  // Also from PostgreSQL 15: Snowball's exceptions, where the stem is not the word's beginning (the
  // prefilter must let them through), non-ASCII letters, and words with a digit, which PostgreSQL does not stem.
  it.each([
    ['lying', 'lie'],
    ['tying', 'tie'],
    ['skies', 'sky'],
    ['possibility', 'possibl'],
    ['naïvely', 'naïv'],
    ['Ärzte', 'ärzte'],
    ['howe', 'howe'],
    ['invoices2024', 'invoices2024'],
    ['2024invoices', '2024invoices'],
    ['2024', '2024'],
  ])('"%s" matches %s as in PostgreSQL', (word, lexeme) => {
    expect(highlightPassage(`See ${word} here`, [lexeme])).toBe(`See ${marked(word)} here`);
  });

  it('stems only words that could stem to a lexeme, each distinct word once', () => {
    const body = 'Pledges and pledges, pledging a pledge; plenty of alpha and beta. Pledges';
    highlightPassage(body, ['pledg']);
    // "plenty" could stem to "pledg" as far as its first letters tell; "alpha" and "beta" cannot.
    expect(stemmed.sort()).toEqual(['pledge', 'pledges', 'pledging', 'plenty']);
    stemmed.length = 0;
    highlightPassage(body, ['pledg']);
    expect(stemmed).toEqual([]);
  });

  it('keeps to one window of at most 35 words around a lone match', () => {
    const snippet = highlightPassage(`${filler(100)} invoice ${filler(100)}`, ['invoic']);
    expect(snippet).not.toContain(' … ');
    expect(wordsOf(snippet)).toHaveLength(35);
    // Centred: the match has context on both sides.
    expect(snippet).toBe(`${filler(17)} ${marked('invoice')} ${filler(17)}`);
  });

  it('joins two far-apart fragments with " … ", in passage order', () => {
    const body = `${filler(50)} invoice ${filler(100)} payment. Refund ${filler(100)}`;
    const snippet = highlightPassage(body, ['invoic', 'payment', 'refund']);
    const fragments = snippet.split(' … ');
    expect(fragments).toHaveLength(2);
    expect(fragments[0]).toContain(marked('invoice'));
    expect(fragments[1]).toContain(`${marked('payment')}. ${marked('Refund')}`);
    for (const fragment of fragments) expect(wordsOf(fragment)).toHaveLength(35);
  });

  it('prefers the window covering more distinct lexemes, then more matches', () => {
    const body = `invoice invoice invoice ${filler(60)} invoice payment ${filler(60)} payment`;
    const snippet = highlightPassage(body, ['invoic', 'payment'], { maxFragments: 1 });
    expect(snippet).toContain(`${marked('invoice')} ${marked('payment')}`);
    expect(snippet).not.toContain(`${marked('invoice')} ${marked('invoice')}`);
  });

  it('picks the fragments that together cover the most lexemes, not the tightest one first', () => {
    // Three windows hold two lexemes each; the tightest (payment … refund) would leave room for only
    // one more lexeme, the two outer ones hold all four.
    const body = `invoice ${filler(29)} payment ${filler(9)} refund ${filler(29)} receipt ${filler(10)}`;
    const fragments = highlightPassage(body, ['invoic', 'payment', 'refund', 'receipt']).split(' … ');
    expect(fragments).toHaveLength(2);
    expect(fragments[0]).toMatch(new RegExp(`^${marked('invoice')} .*${marked('payment')}`));
    expect(fragments[1]).toMatch(new RegExp(`${marked('refund')} .*${marked('receipt')}`));
  });

  it('takes the context from before a match at the end of the passage', () => {
    expect(highlightPassage(`${filler(100)} invoice.`, ['invoic'])).toBe(
      `${filler(34)} ${marked('invoice')}`,
    );
  });

  it('makes touching fragments one, with no delimiter inside', () => {
    const snippet = highlightPassage(`invoice ${filler(36)} payment`, ['invoic', 'payment']);
    expect(snippet).toBe(`${marked('invoice')} ${filler(36)} ${marked('payment')}`);
  });

  it('shows the first 35 words when nothing matches or the query has no lexemes', () => {
    const body = `${filler(50)} end`;
    expect(highlightPassage(body, ['invoic'])).toBe(filler(35));
    expect(highlightPassage(body, [])).toBe(filler(35));
    expect(highlightPassage('Short one.', ['invoic'])).toBe('Short one');
  });

  it('returns nothing for an empty passage', () => {
    expect(highlightPassage('', ['invoic'])).toBe('');
  });

  it('keeps punctuation but puts the snippet on one line', () => {
    expect(highlightPassage('Invoice\r\n\r\n  total:\tpaid  (in full)', ['invoic'])).toBe(
      `${marked('Invoice')} total: paid  (in full`,
    );
  });

  it('the text comes back raw: a snippet is runs of text, never HTML', () => {
    const snippet = highlightPassage('<script>alert("invoice")</script>', ['invoic']);
    expect(snippet).toBe(`script>alert("${marked('invoice')}")</script`);
    expect(snippetParts(snippet)).toEqual([
      { text: 'script>alert("', marked: false },
      { text: 'invoice', marked: true },
      { text: '")</script', marked: false },
    ]);
  });

  it('takes other window sizes', () => {
    const snippet = highlightPassage(`${filler(20)} invoice ${filler(20)}`, ['invoic'], {
      maxWords: 5,
      minWords: 3,
    });
    expect(snippet).toBe(`${filler(2)} ${marked('invoice')} ${filler(2)}`);
  });

  it('never throws, and marks only whole words that stem to a lexeme', () => {
    fc.assert(
      fc.property(
        passage,
        fc.array(fc.constantFrom('list', 'run', 'die', 'a1', '2024', 'é', 'ölig'), { maxLength: 4 }),
        fc.record({
          maxWords: fc.integer({ min: -2, max: 50 }),
          maxFragments: fc.integer({ min: 0, max: 4 }),
        }),
        (body, lexemes, options) => {
          const snippet = highlightPassage(body, lexemes, options);
          for (const [, word = ''] of snippet.matchAll(markedWord)) {
            const lower = word.toLowerCase();
            expect(word).toMatch(/^[\p{L}\p{N}]+$/u);
            expect(lexemes).toContain(/\p{N}/u.test(lower) ? lower : stem(lower));
          }
        },
      ),
    );
  });

  it('cuts words as runs of Unicode letters and digits, astral ones too', () => {
    fc.assert(
      fc.property(passage, (body) => {
        const words = [...body.matchAll(/[\p{L}\p{N}]+/gu)];
        const first = words[0];
        const last = words[words.length - 1];
        const whole = first && last ? body.slice(first.index, last.index + last[0].length) : '';
        expect(highlightPassage(body, [], { maxWords: 1000 })).toBe(
          whole.replace(/\s*[\t\n\v\f\r\u0085\u2028\u2029]\s*/g, ' '),
        );
      }),
    );
  });
});
