import { stemOf } from './highlight';

// Typo tolerance (issue 42 item 1, docs/decisions/140-typo-tolerance-on-the-word-dictionary.md), Meilisearch's
// rules: a word of 5–8 letters matches at one edit, one of 9 or more at two; an edit is an insertion, a
// deletion, a substitution or a swap of two neighbouring letters (Damerau); the first letter is never edited;
// words inside a quoted phrase or an operator's value are never corrected. Exact matches rank above corrected
// ones (rank.ts). Pure: the dictionary's nearest words come from candidates.repository.ts.

/** Letters a word needs before one typo is allowed, and before two are. */
export const ONE_TYPO_LETTERS = 5;
export const TWO_TYPOS_LETTERS = 9;

/** How many edits a typed word may be corrected by: 0 below 5 letters, 1 up to 8, 2 from 9. */
export function allowedEdits(word: string): number {
  const letters = [...word].length;
  if (/\p{N}/u.test(word)) return 0;
  return letters >= TWO_TYPOS_LETTERS ? 2 : letters >= ONE_TYPO_LETTERS ? 1 : 0;
}

/**
 * The optimal-string-alignment distance (Damerau–Levenshtein where no substring is edited twice): a swap of
 * two neighbouring letters is one edit. Stops early and answers `limit + 1` once the distance must pass `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let before = new Array<number>(y.length + 1).fill(0);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = new Array<number>(y.length + 1).fill(0);
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        value = Math.min(value, (before[j - 2] as number) + 1);
      }
      current[j] = value;
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[y.length] as number, limit + 1);
}

/** A word of the query that may be corrected: its stem (the index's form) and the edits it may take. */
export interface TypoWord {
  /** As typed, lower case. */
  word: string;
  edits: number;
}

/**
 * The words of a query that typo tolerance may correct: plain words (not in a quoted phrase, not an operator's
 * value such as subject:, not a prefix) of at least ONE_TYPO_LETTERS letters, once each.
 */
export function typoWords(parsed: {
  words: readonly string[];
  phrases: readonly string[];
  subject: readonly string[];
  prefixes: readonly string[];
}): TypoWord[] {
  const lower = (words: readonly string[]) => new Set(words.map((word) => word.toLowerCase()));
  const quoted = lower(parsed.phrases.flatMap((phrase) => phrase.split(/\s+/)));
  const values = lower(parsed.subject);
  const prefixes = lower(parsed.prefixes);
  const out = new Map<string, TypoWord>();
  for (const typed of parsed.words) {
    const word = typed.toLowerCase();
    if (quoted.has(word) || values.has(word) || prefixes.has(word) || !/^\p{L}+$/u.test(word)) continue;
    const edits = allowedEdits(word);
    if (edits > 0) out.set(word, { word, edits });
  }
  return [...out.values()];
}

/** A lexeme of the dictionary the corrected word may stand for, with its distance from the word's stem. */
export interface Correction {
  /** The typed word. */
  word: string;
  /** Its stem (what the index holds), the group it joins. */
  stem: string;
  lexeme: string;
  edits: number;
}

/** How many dictionary words one typed word may stand for (the nearest, then the most frequent, are kept). */
export const CORRECTIONS_PER_WORD = 4;

/**
 * The dictionary's nearest words that are real corrections: within the edits the typed word allows, the same
 * first letter, not the stem itself. The distance is the lesser of the stems' (the index holds stems:
 * "morgages" is "morgag", one edit from "mortgag") and the typed word's to the lexeme (the stemmer cut
 * "agremeent" to "agrem", one edit as typed from "agreement").
 */
export function corrections(
  words: readonly TypoWord[],
  nearest: readonly { word: string; stem: string; lexeme: string }[],
): Correction[] {
  const edits = new Map(words.map((word) => [word.word, word.edits]));
  const out: Correction[] = [];
  for (const { word, stem, lexeme } of nearest) {
    const limit = edits.get(word) ?? 0;
    if (limit === 0 || lexeme === stem || lexeme[0] !== stem[0] || lexeme[0] !== word[0]) continue;
    const distance = Math.min(editDistance(stem, lexeme, limit), editDistance(word, lexeme, limit));
    if (distance <= limit) out.push({ word, stem, lexeme, edits: distance });
  }
  return out;
}

/**
 * How a corrected word reads in the results ("Showing results for mortgage"): the commonest word of `texts`
 * whose stem is `lexeme`, as written there in lower case; the lexeme itself when none holds it.
 */
export function spelledAs(lexeme: string, texts: readonly string[]): string {
  const seen = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(/\p{L}+/gu)) {
      const word = match[0].toLowerCase();
      if (word[0] !== lexeme[0] || stemOf(word) !== lexeme) continue;
      seen.set(word, (seen.get(word) ?? 0) + 1);
    }
  }
  let best = lexeme;
  let count = 0;
  for (const [word, n] of seen) {
    if (n > count || (n === count && word < best)) {
      best = word;
      count = n;
    }
  }
  return best;
}
