import { seededRandom, wordsOf } from './queries';
import { type KnownDocument, type RelevanceQuery, subjectKey } from './relevance-queries';

// Typo queries for the relevance bench (issue 42 item 1, "build your own set the same way"): two words of a
// message's subject, the longer one misspelt the ways people misspell — two neighbouring letters swapped, a
// letter dropped, a letter doubled, a neighbouring key struck instead — never the first letter (people rarely
// get it wrong, and Meilisearch's rules never correct it). Only a pair that no other message's subject holds is
// asked, so the message is the one right answer. Seeded: every run and every machine asks the same.

/** Each key's neighbours on a QWERTY keyboard (same row and the rows above and below). */
const NEIGHBOURS: Readonly<Record<string, string>> = {
  q: 'wa',
  w: 'qeas',
  e: 'wrsd',
  r: 'etdf',
  t: 'ryfg',
  y: 'tugh',
  u: 'yihj',
  i: 'uojk',
  o: 'ipkl',
  p: 'ol',
  a: 'qwsz',
  s: 'awedxz',
  d: 'serfcx',
  f: 'drtgvc',
  g: 'ftyhbv',
  h: 'gyujnb',
  j: 'huikmn',
  k: 'jiolm',
  l: 'kop',
  z: 'asx',
  x: 'zsdc',
  c: 'xdfv',
  v: 'cfgb',
  b: 'vghn',
  n: 'bhjm',
  m: 'njk',
};

export type TypoKind = 'swap' | 'drop' | 'double' | 'neighbour';
export const TYPO_KINDS: readonly TypoKind[] = ['swap', 'drop', 'double', 'neighbour'];

/** `word` misspelt one way at a place after its first letter; undefined when that way cannot change it. */
export function misspell(word: string, kind: TypoKind, random: () => number): string | undefined {
  const at = 1 + Math.floor(random() * (word.length - 1));
  const letter = word[at] as string;
  switch (kind) {
    case 'swap': {
      const next = word[at + 1];
      if (next === undefined || next === letter) return undefined;
      return word.slice(0, at) + next + letter + word.slice(at + 2);
    }
    case 'drop':
      return word.slice(0, at) + word.slice(at + 1);
    case 'double':
      return word.slice(0, at + 1) + letter + word.slice(at + 1);
    case 'neighbour': {
      const keys = NEIGHBOURS[letter];
      if (keys === undefined) return undefined;
      return word.slice(0, at) + (keys[Math.floor(random() * keys.length)] as string) + word.slice(at + 1);
    }
  }
}

/** The shortest word a typo query misspells: below it no typo is forgiven (5 letters, as Meilisearch). */
export const TYPO_MIN_LETTERS = 5;

/** `count` typo queries (kind 'typo'), each of a different message, the kinds of misspelling in turn. */
export function typoQueries(
  documents: readonly KnownDocument[],
  count: number,
  seed: number,
): RelevanceQuery[] {
  const random = seededRandom(seed);
  const subjectWords = documents.map((document) => [...new Set(wordsOf(document.title))]);
  const holders = new Map<string, Set<number>>();
  subjectWords.forEach((words, at) => {
    for (const word of words) holders.set(word, (holders.get(word) ?? new Set()).add(at));
  });
  const copiesOf = new Map<string, string[]>();
  for (const document of documents) {
    const key = `${subjectKey(document.title)}\u0000${document.body.trim()}`;
    copiesOf.set(key, [...(copiesOf.get(key) ?? []), document.id]);
  }
  const relevantTo = (document: KnownDocument) =>
    copiesOf.get(`${subjectKey(document.title)}\u0000${document.body.trim()}`) ?? [document.id];
  const order = documents.map((_, at) => at);
  for (let at = order.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [order[at], order[other]] = [order[other] as number, order[at] as number];
  }
  const queries: RelevanceQuery[] = [];
  for (const at of order) {
    if (queries.length >= count) break;
    const document = documents[at] as KnownDocument;
    const words = subjectWords[at] ?? [];
    if (words.length < 2) continue;
    const first = Math.floor(random() * words.length);
    let second = Math.floor(random() * (words.length - 1));
    if (second >= first) second++;
    const pair = [words[Math.min(first, second)] as string, words[Math.max(first, second)] as string];
    const longer = (pair[0] as string).length >= (pair[1] as string).length ? 0 : 1;
    const target = pair[longer] as string;
    if (target.length < TYPO_MIN_LETTERS) continue;
    // Unambiguous: no other message (but copies) has both words in its subject.
    const right = new Set(relevantTo(document));
    const both = [...(holders.get(pair[0] as string) ?? [])].filter(
      (index) => holders.get(pair[1] as string)?.has(index) === true,
    );
    if (both.some((index) => !right.has((documents[index] as KnownDocument).id))) continue;
    const kind = TYPO_KINDS[queries.length % TYPO_KINDS.length] as TypoKind;
    const typo = misspell(target, kind, random);
    if (typo === undefined || typo === target) continue;
    const typed = pair.map((word, index) => (index === longer ? typo : word)).join(' ');
    queries.push({ kind: 'typo', query: typed, words: typed, relevant: [...right] });
  }
  return queries;
}
