import { stemOf } from './highlight';

// Typo tolerance (issue 42 item 1, docs/decisions/140-typo-tolerance-on-the-word-dictionary.md), Meilisearch's
// rules: a word of 5–8 letters matches at one edit, one of 9 or more at two (and one of 4 at one, when nothing
// holds it: docs/decisions/221); an edit is an insertion, a
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
  const last = lastDistanceRow(x, y, limit);
  return last === null ? limit + 1 : Math.min(last[y.length] as number, limit + 1);
}

/**
 * The last row of the Damerau (optimal string alignment) table of `x` against `y`: the distance of all of `x` to
 * each beginning of `y`. Null as soon as a row's least value passes `limit` (no later row can come back under it).
 */
function lastDistanceRow(
  x: readonly string[],
  y: readonly string[],
  limit: number,
): readonly number[] | null {
  let rows: DistanceRows | null = firstRows(y.length);
  for (const letter of x) {
    rows = nextRow(rows, letter, y, limit);
    if (rows === null) return null;
  }
  return rows.previous;
}

/**
 * The Damerau table of letters fed one row at a time against `y` (the columns): the last two rows and the last
 * letter fed, so a row can be added after any beginning — a lexeme's written forms share the rows of their base.
 */
interface DistanceRows {
  before: readonly number[];
  previous: readonly number[];
  last: string | undefined;
}

const firstRows = (columns: number): DistanceRows => ({
  before: new Array<number>(columns + 1).fill(0),
  previous: Array.from({ length: columns + 1 }, (_, j) => j),
  last: undefined,
});

/** The table with `letter`'s row added; null when that row's least value passes `limit` (no later row comes back). */
function nextRow(
  rows: DistanceRows,
  letter: string,
  y: readonly string[],
  limit: number,
): DistanceRows | null {
  const { before, previous, last } = rows;
  const current = new Array<number>(y.length + 1);
  current[0] = (previous[0] as number) + 1;
  let rowBest = current[0];
  for (let j = 1; j <= y.length; j++) {
    const cost = letter === y[j - 1] ? 0 : 1;
    let value = Math.min(
      (previous[j] as number) + 1,
      (current[j - 1] as number) + 1,
      (previous[j - 1] as number) + cost,
    );
    if (last !== undefined && j > 1 && letter === y[j - 2] && last === y[j - 1]) {
      value = Math.min(value, (before[j - 2] as number) + 1);
    }
    current[j] = value;
    rowBest = Math.min(rowBest, value);
  }
  return rowBest > limit ? null : { before: previous, previous: current, last: letter };
}

/**
 * Letters of a word corrected by one edit only when nothing the user has holds it as typed
 * (docs/decisions/221): Meilisearch corrects from 5, and a dropped letter turns a 5-letter word into 4
 * ("wold", "bikr"), which then found nothing. A 4-letter word some passage holds is searched as typed.
 */
export const UNKNOWN_TYPO_LETTERS = 4;

/** A word of the query that may be corrected: its stem (the index's form) and the edits it may take. */
export interface TypoWord {
  /** As typed, lower case. */
  word: string;
  edits: number;
  /** Corrected only when the index does not hold it (a 4-letter word): never by the second pass. */
  unknownOnly?: true;
}

/**
 * The words of a query that typo tolerance may correct: plain words (not in a quoted phrase, not an operator's
 * value such as subject:, not a prefix) of at least ONE_TYPO_LETTERS letters, once each; and those of
 * UNKNOWN_TYPO_LETTERS, by one edit, should the index not hold them.
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
    else if ([...word].length === UNKNOWN_TYPO_LETTERS) out.set(word, { word, edits: 1, unknownOnly: true });
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
  /** The words of the lexeme the typed word is `edits` from ("released" for "reelased"): its exact forms. */
  forms: string[];
}

/** How many dictionary words one typed word may stand for (the nearest, then the most frequent, are kept). */
export const CORRECTIONS_PER_WORD = 8;

/**
 * Endings the english stemmer cuts off (Snowball's steps 1–5, and the common runs of them): the index holds
 * "investig", and the word typed is a typo of "investigator", not of the stem. A lexeme's written forms are
 * approximated by it with each ending; only those within a typo of the typed word count.
 */
const ENDINGS =
  `e s es ed ing ings er ers est ly y al ally ance ence ent ant ment ments ement ic ical able ible
  ism ist ists ate ated ates ating ation ations ator ators ion ions ity ities ive ively ize ized izes ization
  ous ously ness ful fully less ied ies iness ily`.split(/\s+/);

/** The longest ending: a lexeme this much shorter than the typed word may still be what it stands for. */
export const LONGEST_ENDING = Math.max(...ENDINGS.map((ending) => ending.length));

/**
 * The words a lexeme may have been cut from: the lexeme, and it with each ending — after its last letter
 * doubled ("run" → "running"), its final e dropped ("make" → "making") or its final i as y ("privaci" →
 * "privacy").
 */
export function writtenForms(lexeme: string): string[] {
  const forms = new Set<string>();
  for (const base of basesOf(lexeme)) {
    forms.add(base);
    for (const ending of ENDINGS) forms.add(base + ending);
  }
  return [...forms];
}

/** What the endings are added to: the lexeme; and its i as y, its e dropped or its last letter doubled. */
function basesOf(lexeme: string): string[] {
  const bases = [lexeme];
  if (lexeme.endsWith('i')) bases.push(`${lexeme.slice(0, -1)}y`);
  if (lexeme.endsWith('e')) bases.push(lexeme.slice(0, -1));
  const last = lexeme.at(-1) ?? '';
  if (/[bdgklmnprtvz]/.test(last)) bases.push(lexeme + last);
  return bases;
}

/**
 * Each written form of `lexeme` (writtenForms' order) with its distance from `word` (`limit + 1` past it), but
 * the word itself and forms too long or short to be within `limit`. A form's rows are its base's, then its
 * ending's: the base is walked once for its sixty endings (a misspelt search spent most of its time here).
 */
function* formDistances(word: string, lexeme: string, limit: number): Generator<[string, number]> {
  const y = [...word];
  const seen = new Set<string>();
  for (const base of basesOf(lexeme)) {
    let baseRows: DistanceRows | null = firstRows(y.length);
    for (const letter of base) baseRows = baseRows === null ? null : nextRow(baseRows, letter, y, limit);
    const baseLetters = [...base].length;
    for (const ending of ['', ...ENDINGS]) {
      const form = base + ending;
      if (seen.has(form)) continue;
      seen.add(form);
      if (form === word || Math.abs(baseLetters + ending.length - y.length) > limit) continue;
      let rows = baseRows;
      for (const letter of ending) rows = rows === null ? null : nextRow(rows, letter, y, limit);
      yield [form, rows === null ? limit + 1 : Math.min(rows.previous[y.length] as number, limit + 1)];
    }
  }
}

/**
 * Whether `lexeme` is within `limit` edits of some beginning of `word` (the least distance to any prefix): a
 * lexeme whose written forms can be a typo of the word must be.
 */
export function prefixDistance(lexeme: string, word: string, limit: number): number {
  const last = lastDistanceRow([...lexeme], [...word], limit);
  return last === null ? limit + 1 : Math.min(limit + 1, ...last);
}

/**
 * The edits between a typed word and a lexeme, and the lexeme's written forms at that distance: the least of
 * the stems' distance (the index holds stems: "morgages" is "morgag", one edit from "mortgag"), the word's to
 * the lexeme and the word's to the lexeme's written forms ("investigstor" is one edit from "investigator",
 * whose lexeme is "investig"). `limit + 1` when none is within the limit.
 */
export function typoDistance(
  word: string,
  stem: string,
  lexeme: string,
  limit: number,
): { edits: number; forms: string[] } {
  const none = { edits: limit + 1, forms: [] };
  // Every written form begins with the lexeme, or with it less a final e or i (the y and dropped-e forms).
  const begins = /[ei]$/.test(lexeme) ? lexeme.slice(0, -1) : lexeme;
  if (prefixDistance(begins, word, limit) > limit) {
    const edits = editDistance(stem, lexeme, limit);
    return edits > limit ? none : { edits, forms: [] };
  }
  let edits = Math.min(editDistance(stem, lexeme, limit), limit + 1);
  let forms: string[] = [];
  // A form spelt as typed is the endings' guess, not the lexeme's word (the index would hold it as typed):
  // formDistances leaves it out.
  for (const [form, distance] of formDistances(word, lexeme, limit)) {
    if (distance < edits) {
      edits = distance;
      forms = [form];
    } else if (distance === edits && distance <= limit) forms.push(form);
  }
  return edits > limit ? none : { edits, forms };
}

/**
 * The dictionary's words that are real corrections: within the edits the typed word allows (typoDistance), the
 * same first letter, not the stem itself.
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
    const found = typoDistance(word, stem, lexeme, limit);
    if (found.edits <= limit) out.push({ word, stem, lexeme, edits: found.edits, forms: found.forms });
  }
  return out;
}

/**
 * How a corrected word reads in the results ("Showing results for mortgage"): of the words of `texts` whose stem
 * is `lexeme`, as written there in lower case, the nearest to the word as `typed` (a short stem has many forms:
 * "goingg" reads "going", not "go"), then the commonest; the lexeme itself when none holds it.
 */
export function spelledAs(lexeme: string, texts: readonly string[], typed?: string): string {
  const seen = new Map<string, number>();
  for (const text of texts) {
    for (const match of text.matchAll(/\p{L}+/gu)) {
      const word = match[0].toLowerCase();
      if (word[0] !== lexeme[0] || stemOf(word) !== lexeme) continue;
      seen.set(word, (seen.get(word) ?? 0) + 1);
    }
  }
  const far = 64;
  const distance = (word: string) => (typed === undefined ? 0 : editDistance(typed, word, far));
  let best = lexeme;
  let bestDistance = far + 1;
  let count = 0;
  for (const [word, n] of seen) {
    const d = distance(word);
    if (d < bestDistance || (d === bestDistance && (n > count || (n === count && word < best)))) {
      best = word;
      bestDistance = d;
      count = n;
    }
  }
  return best;
}
