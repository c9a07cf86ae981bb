// The search result snippet, made here instead of by PostgreSQL's ts_headline: ts_headline parsed and
// stemmed every word of every passage inside the database (~0.35 ms of PostgreSQL CPU per passage, about
// half of a search). The SQL now returns the passage body and the query's `english` lexemes; this finds
// the words that stem to them and cuts fragments the way ts_headline(..., 'MaxFragments=2, ...') did.
// The output is raw passage text with MARK_START/MARK_STOP around matches; snippetParts cuts it into runs.

import stem from 'wink-porter2-stemmer';
import { MARK_START, MARK_STOP } from './snippet';

export interface HighlightOptions {
  /** Most words in one fragment (ts_headline MaxWords). */
  maxWords: number;
  /** Each fragment is first grown to this many words before any grows further (ts_headline MinWords). */
  minWords: number;
  /** Most fragments (ts_headline MaxFragments). */
  maxFragments: number;
  /** Between two fragments (ts_headline FragmentDelimiter). */
  delimiter: string;
}

// What search.repository.ts passed to ts_headline, so snippets keep their length and look.
const DEFAULT_OPTIONS: HighlightOptions = { maxWords: 35, minWords: 15, maxFragments: 2, delimiter: ' … ' };

const WORD = /[\p{L}\p{N}]+/gu;
const HAS_DIGIT = /\p{N}/u;
const WHITESPACE_RUN = /\s+/g;
const LINE_BREAK_OR_TAB = /[\t\n\v\f\r\u0085\u2028\u2029]/;

// Whether each BMP character is a letter or digit, filled on first sight: the Unicode property test is
// the slow part of tokenizing, and a passage uses few distinct characters.
const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const BMP_WORD_UNIT = new Uint8Array(0x10000); // 0 unknown, 1 no, 2 yes
for (let code = 0; code < 128; code++) {
  const isWord = (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  BMP_WORD_UNIT[code] = isWord ? 2 : 1;
}

// PostgreSQL's parser calls a token with a digit `numword`/`int`, and the `english` configuration sends
// those to the `simple` dictionary: lower-cased, never stemmed ('invoices2024' stays 'invoices2024').
// wink-porter2-stemmer 2.0.1 misses one Snowball exception: "howe" is invariant (PostgreSQL: 'howe').
const NOT_STEMMED = new Set(['howe']);

// Bounds the search for the best set of fragments on passages with very many matches; below it the search
// is exhaustive. 20,000 combinations is ~200 candidate windows for two fragments, far above a 1 kB passage.
const COMBINATION_BUDGET = 20_000;

/** A window of words [first, last] (word indices), by the matches it covers. */
interface Fragment {
  first: number;
  last: number;
  distinct: number;
  matches: number;
}

export function highlightPassage(
  body: string,
  lexemes: readonly string[],
  options?: Partial<HighlightOptions>,
): string {
  if (typeof body !== 'string' || body === '') return '';
  const settings = settle(options);
  try {
    return headline(body, Array.isArray(lexemes) ? lexemes : [], settings);
  } catch {
    // A snippet is decoration: a search must not fail because one passage broke the highlighter.
    return plainExcerpt(body, settings.maxWords);
  }
}

function settle(options: Partial<HighlightOptions> | undefined): HighlightOptions {
  const wholeAtLeast = (value: unknown, least: number, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.max(least, Math.floor(value)) : fallback;
  const maxWords = wholeAtLeast(options?.maxWords, 1, DEFAULT_OPTIONS.maxWords);
  return {
    maxWords,
    minWords: Math.min(
      maxWords,
      wholeAtLeast(options?.minWords, 0, Math.min(maxWords, DEFAULT_OPTIONS.minWords)),
    ),
    maxFragments: wholeAtLeast(options?.maxFragments, 1, DEFAULT_OPTIONS.maxFragments),
    delimiter: typeof options?.delimiter === 'string' ? options.delimiter : DEFAULT_OPTIONS.delimiter,
  };
}

function headline(body: string, lexemes: readonly string[], settings: HighlightOptions): string {
  const starts: number[] = [];
  const ends: number[] = [];
  // Per word: index of the lexeme it matches, or -1.
  const matched: number[] = [];
  const lexemeOf = lexemeMatcher(lexemes);
  // A scan by character code rather than matchAll(WORD): no match object per word, and most words are
  // never sliced out of the body (see lexemeMatcher). Same words as WORD.
  const length = body.length;
  for (let i = 0; i < length; ) {
    const start = i;
    while (i < length) {
      const code = body.charCodeAt(i);
      if (code < 128) {
        if (BMP_WORD_UNIT[code] !== 2) break;
        i++;
        continue;
      }
      const size = wordUnitAt(body, i);
      if (size === 0) break;
      i += size;
    }
    if (i === start) {
      i++;
      continue;
    }
    starts.push(start);
    ends.push(i);
    matched.push(lexemeOf(body, start, i));
  }
  const words = starts.length;
  if (words === 0) return '';

  const chosen = chooseFragments(matched, settings);
  const ranges: Array<[number, number]> =
    chosen.length === 0
      ? [[0, Math.min(words, settings.maxWords) - 1]]
      : grow(chosen, words, settings).map((fragment) => [fragment.first, fragment.last]);

  const text = (first: number, last: number) => {
    let out = '';
    let from = starts[first] ?? 0;
    for (let i = first; i <= last; i++) {
      if ((matched[i] ?? -1) < 0) continue;
      const start = starts[i] ?? 0;
      const end = ends[i] ?? start;
      out += `${body.slice(from, start)}${MARK_START}${body.slice(start, end)}${MARK_STOP}`;
      from = end;
    }
    return oneLine(out + body.slice(from, ends[last]));
  };
  return ranges.map(([first, last]) => text(first, last)).join(settings.delimiter);
}

/** Length in UTF-16 units of the letter or digit at `i`, or 0 if there is none. */
function wordUnitAt(text: string, i: number): number {
  if (i >= text.length) return 0;
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) {
    const point = text.codePointAt(i) ?? code;
    return point > 0xffff && LETTER_OR_DIGIT.test(String.fromCodePoint(point)) ? 2 : 0;
  }
  let known = BMP_WORD_UNIT[code] ?? 1;
  if (known === 0) {
    known = LETTER_OR_DIGIT.test(String.fromCharCode(code)) ? 2 : 1;
    BMP_WORD_UNIT[code] = known;
  }
  return known === 2 ? 1 : 0;
}

/**
 * Returns, for the word body[start, end), the index of the lexeme it stems to, or -1. Stemming is most
 * of the cost, so a word is stemmed only when it could stem to a lexeme, and each distinct word once.
 */
function lexemeMatcher(lexemes: readonly string[]): (body: string, start: number, end: number) => number {
  const index = new Map<string, number>();
  for (const lexeme of lexemes) {
    if (typeof lexeme !== 'string' || lexeme === '') continue;
    const key = lexeme.toLowerCase();
    if (!index.has(key)) index.set(key, index.size);
  }
  // Porter2 keeps a word's beginning and rewrites at most its last two letters of the stem: a suffix
  // swap adds at most two new letters ("possibility" → "possible", "-biliti" → "-ble") and the exceptions
  // ("dying" → "die", "skies" → "sky") keep all but the last two. So a word that stems to a lexeme starts
  // with the lexeme minus its last two letters (at least one letter). Checked against PostgreSQL on ~20k words.
  const prefixes = [
    ...new Set([...index.keys()].map((lexeme) => lexeme.slice(0, Math.max(1, lexeme.length - 2)))),
  ];
  // First test, before the word is even sliced: an ASCII first letter, lower-cased, must begin a prefix.
  const asciiFirst = new Uint8Array(128);
  for (const prefix of prefixes) {
    const code = prefix.charCodeAt(0);
    if (code < 128) asciiFirst[code] = 1;
  }
  // Memo by the word as written, which skips lower-casing; stemOf memoises the stems themselves.
  const seen = new Map<string, number>();
  return (body, start, end) => {
    const first = body.charCodeAt(start);
    if (first < 128 && asciiFirst[first >= 65 && first <= 90 ? first | 32 : first] !== 1) return -1;
    const word = body.slice(start, end);
    const known = seen.get(word);
    if (known !== undefined) return known;
    const lower = word.toLowerCase();
    let found = -1;
    if (HAS_DIGIT.test(lower) || NOT_STEMMED.has(lower)) {
      found = index.get(lower) ?? -1;
    } else if (prefixes.some((prefix) => lower.startsWith(prefix))) {
      found = index.get(stemOf(lower)) ?? -1;
    }
    seen.set(word, found);
    return found;
  };
}

// Stems outlive one passage: a page of results shares the query, so mostly the same candidate words.
// Bounded so a long-running service does not keep every word it has seen.
const STEM_MEMO_LIMIT = 10_000;
const stemMemo = new Map<string, string>();

export function stemOf(lower: string): string {
  let stemmed = stemMemo.get(lower);
  if (stemmed === undefined) {
    if (stemMemo.size >= STEM_MEMO_LIMIT) stemMemo.clear();
    stemmed = stem(lower);
    stemMemo.set(lower, stemmed);
  }
  return stemmed;
}

/**
 * Picks up to maxFragments non-overlapping windows of at most maxWords words that together cover the most
 * distinct lexemes, then the most matches (then the tightest, then the earliest), in passage order.
 */
function chooseFragments(matched: readonly number[], settings: HighlightOptions): Fragment[] {
  const positions: number[] = [];
  const bits: number[] = [];
  // Bit per lexeme present in this passage; past 31 lexemes bits are shared, which only undercounts
  // "distinct" for such queries.
  const bitOf = new Map<number, number>();
  matched.forEach((lexeme, position) => {
    if (lexeme < 0) return;
    let bit = bitOf.get(lexeme);
    if (bit === undefined) {
      bit = 1 << (bitOf.size % 31);
      bitOf.set(lexeme, bit);
    }
    positions.push(position);
    bits.push(bit);
  });
  const count = positions.length;
  if (count === 0) return [];
  const at = (list: readonly number[], i: number) => list[i] ?? 0;

  // A window is a run of consecutive matches. For a set of windows the best choice starts each at a match
  // and extends it as far as maxWords allows, stopping before the next window's first match; so a choice
  // is just its starting matches. reach[a] is the last match a window starting at match a can include.
  const reach: number[] = [];
  for (let a = 0, b = 0; a < count; a++) {
    if (b < a) b = a;
    while (b + 1 < count && at(positions, b + 1) - at(positions, a) < settings.maxWords) b++;
    reach.push(b);
  }
  const orOf = rangeOr(bits);
  const window = (a: number, nextStart: number): Fragment => {
    const b = Math.min(at(reach, a), nextStart - 1);
    return { first: at(positions, a), last: at(positions, b), distinct: orOf(a, b), matches: b - a + 1 };
  };

  // Candidate starts: all matches, unless there are too many to try every combination; then the ones
  // whose own window is best.
  let starts = [...Array(count).keys()];
  if (combinations(count, settings.maxFragments) > COMBINATION_BUDGET) {
    const limit = candidateLimit(settings.maxFragments);
    const own = starts.map((a) => window(a, count));
    starts = starts
      .sort((x, y) => compareSingle(own[y], own[x]) || x - y)
      .slice(0, limit)
      .sort((x, y) => x - y);
  }

  let best: Fragment[] = [];
  let bestScore: Score | undefined;
  const chosen: number[] = [];
  const visit = (from: number) => {
    if (chosen.length > 0) {
      const fragments = chosen.map((a, i) => window(a, chosen[i + 1] ?? count));
      const score = scoreOf(fragments);
      if (bestScore === undefined || compareScore(score, bestScore) > 0) {
        best = fragments;
        bestScore = score;
      }
    }
    if (chosen.length === settings.maxFragments) return;
    for (let i = from; i < starts.length; i++) {
      chosen.push(at(starts, i));
      visit(i + 1);
      chosen.pop();
    }
  };
  visit(0);
  return best;
}

interface Score {
  distinct: number;
  matches: number;
  span: number;
  first: number;
}

function scoreOf(fragments: readonly Fragment[]): Score {
  let union = 0;
  let matches = 0;
  let span = 0;
  for (const fragment of fragments) {
    union |= fragment.distinct;
    matches += fragment.matches;
    span += fragment.last - fragment.first + 1;
  }
  return { distinct: bitCount(union), matches, span, first: fragments[0]?.first ?? 0 };
}

function compareScore(x: Score, y: Score): number {
  return x.distinct - y.distinct || x.matches - y.matches || y.span - x.span || y.first - x.first;
}

function compareSingle(x: Fragment | undefined, y: Fragment | undefined): number {
  if (x === undefined || y === undefined) return 0;
  return compareScore(scoreOf([x]), scoreOf([y]));
}

/** Largest number of candidate starts whose combinations of up to `fragments` stay within the budget. */
function candidateLimit(fragments: number): number {
  let limit = fragments;
  while (limit < 100_000 && combinations(limit + 1, fragments) <= COMBINATION_BUDGET) limit++;
  return limit;
}

function combinations(n: number, upTo: number): number {
  let total = 0;
  let term = 1;
  for (let k = 1; k <= upTo && k <= n; k++) {
    term = (term * (n - k + 1)) / k;
    total += term;
    if (total > COMBINATION_BUDGET) break;
  }
  return total;
}

/** OR of bits[a..b] in constant time (sparse table), for scoring many windows. */
function rangeOr(bits: readonly number[]): (a: number, b: number) => number {
  const table: number[][] = [bits.slice()];
  for (let size = 1; size * 2 <= bits.length; size *= 2) {
    const previous = table[table.length - 1] ?? [];
    const next: number[] = [];
    for (let i = 0; i + size * 2 <= bits.length; i++)
      next.push((previous[i] ?? 0) | (previous[i + size] ?? 0));
    table.push(next);
  }
  return (a, b) => {
    const level = 31 - Math.clz32(b - a + 1);
    const row = table[level] ?? [];
    return (row[a] ?? 0) | (row[b - (1 << level) + 1] ?? 0);
  };
}

function bitCount(value: number): number {
  let n = value >>> 0;
  let count = 0;
  while (n !== 0) {
    n &= n - 1;
    count++;
  }
  return count;
}

/**
 * Grows the chosen windows around their matches into the words nobody else holds: first each (best
 * first) to minWords, so a crowded neighbour cannot starve it, then each to maxWords as ts_headline
 * does. Windows that end up touching become one fragment, with no delimiter inside.
 */
function grow(chosen: readonly Fragment[], words: number, settings: HighlightOptions): Fragment[] {
  const fragments = chosen.map((fragment) => ({ ...fragment }));
  const byPriority = [...fragments.keys()].sort((x, y) => compareSingle(fragments[y], fragments[x]) || x - y);
  for (const target of [settings.minWords, settings.maxWords]) {
    for (const i of byPriority) {
      const fragment = fragments[i];
      if (fragment === undefined) continue;
      const extra = target - (fragment.last - fragment.first + 1);
      if (extra <= 0) continue;
      const leftRoom = fragment.first - ((fragments[i - 1]?.last ?? -1) + 1);
      const rightRoom = (fragments[i + 1]?.first ?? words) - 1 - fragment.last;
      let left = Math.min(Math.floor(extra / 2), leftRoom);
      const right = Math.min(extra - left, rightRoom);
      left = Math.min(extra - right, leftRoom);
      fragment.first -= left;
      fragment.last += right;
    }
  }
  const merged: Fragment[] = [];
  for (const fragment of fragments) {
    const previous = merged[merged.length - 1];
    if (previous !== undefined && previous.last + 1 >= fragment.first) {
      previous.last = Math.max(previous.last, fragment.last);
    } else {
      merged.push(fragment);
    }
  }
  return merged;
}

/** Keeps the passage's own punctuation and spacing but makes the snippet one line. */
function oneLine(text: string): string {
  if (!LINE_BREAK_OR_TAB.test(text)) return text;
  return text.replace(WHITESPACE_RUN, (run) => (LINE_BREAK_OR_TAB.test(run) ? ' ' : run));
}

function plainExcerpt(body: string, maxWords: number): string {
  let start = -1;
  let end = 0;
  let count = 0;
  for (const word of body.matchAll(WORD)) {
    if (count === maxWords) break;
    if (start < 0) start = word.index;
    end = word.index + word[0].length;
    count++;
  }
  return start < 0 ? '' : oneLine(body.slice(start, end));
}
