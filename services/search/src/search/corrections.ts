import type { DatabaseHandle } from '@trove/service-core';
import { type HitRow, readNearestWords } from './candidates.repository';
import { stemOf } from './highlight';
import type { CorrectedTerm, ResolvedTerm, SearchRequest } from './plan';
import type { BlockList } from './posting-lists';
import { readLists } from './posting-lists.repository';
import { bestFirst, EXACT_FORM_WINDOW, type Scored } from './rank';
import { CORRECTIONS_PER_WORD, corrections, spelledAs } from './typos';

// Which corrections a search takes (docs/decisions/140-typo-tolerance-on-the-word-dictionary.md): typos.ts has
// the rules, candidates.repository.ts the dictionary's nearest words; this joins them to the search's terms.

/** A correction joining its typed word's group, with the word it corrects. */
export type WordCorrection = CorrectedTerm & {
  word: string;
  /** The lexeme's written forms the typed word is a typo of: what counts as the word as typed. */
  forms: readonly string[];
};

/**
 * The corrections of typed words (docs/decisions/140): the dictionary's nearest words within the edits each
 * allows, with their lists, the nearest CORRECTIONS_PER_WORD (then the most frequent) of each word. First only
 * of the words in no passage of the user as typed; with `knownToo`, of the others as well (when the words as
 * typed found too little together: a misspelling can be a word of some other message).
 */
export async function correctionsOf(
  db: DatabaseHandle,
  request: SearchRequest,
  resolved: readonly ResolvedTerm[],
  knownToo: boolean,
): Promise<WordCorrection[]> {
  const known = new Set(resolved.filter((row) => row.list !== undefined).map((row) => row.lexeme));
  const asked = new Set(resolved.map((row) => row.lexeme));
  // The service's stemmer first: a word whose stem the index holds needs no round trip.
  // A known word is corrected only while rare: a misspelling that is some message's word is in a passage or
  // two; a word in more is what the person meant.
  const rare = new Set(
    resolved
      .filter((row) => row.list === undefined || row.list.documentFrequency <= RARE_KNOWN_PASSAGES)
      .map((row) => row.lexeme),
  );
  const words = (request.typoWords ?? []).filter((word) => {
    const stem = stemOf(word.word);
    return !known.has(stem) || (knownToo && word.unknownOnly !== true && rare.has(stem));
  });
  if (words.length === 0) return [];
  const nearest = await readNearestWords(db, request.userId, words);
  const found = corrections(
    words,
    nearest.filter(
      (row) => asked.has(row.stem) && (!known.has(row.stem) || (knownToo && rare.has(row.stem))),
    ),
  );
  const userNo = nearest[0]?.user_no;
  if (found.length === 0 || userNo === undefined) return [];
  const lists = await readLists(
    db,
    userNo,
    found.map((correction) => correction.lexeme),
  );
  const kept: WordCorrection[] = [];
  for (const word of words) {
    const mine = found
      .filter((correction) => correction.word === word.word && lists.has(correction.lexeme))
      .map((correction) => ({ ...correction, list: lists.get(correction.lexeme) as BlockList }))
      .sort((a, b) => a.edits - b.edits || b.list.documentFrequency - a.list.documentFrequency)
      .slice(0, CORRECTIONS_PER_WORD);
    kept.push(
      ...mine.map((c) => ({
        word: c.word,
        grp: c.stem,
        lexeme: c.lexeme,
        edits: c.edits,
        list: c.list,
        forms: c.forms,
      })),
    );
  }
  return kept;
}

/**
 * A word the index holds in at most this many passages may still be a misspelling (the second pass): spam
 * repeats its misspellings ("comission" is in several messages). 2 in ADR 140; 10 since ADR 207 (typo set 0.924 →
 * 0.935, body 0.962 → 0.969; with no bound, body fell to 0.951).
 */
export const RARE_KNOWN_PASSAGES = 10;

/**
 * Each corrected word with the correction the best match holds, spelt as the results write it; a word none of
 * the matches holds by a correction is left out.
 */
export function spelledCorrections(
  corrected: readonly WordCorrection[],
  matches: readonly Scored[],
  hits: readonly HitRow[],
): { word: string; correction: string }[] {
  if (corrected.length === 0 || matches.length === 0) return [];
  const best = [...matches].sort(bestFirst).slice(0, EXACT_FORM_WINDOW);
  const texts = hits.flatMap((hit) => [hit.title ?? '', hit.body]);
  const out: { word: string; correction: string }[] = [];
  for (const word of new Set(corrected.map((c) => c.word))) {
    const mine = corrected.filter((c) => c.word === word);
    const used = mine.find((c) => best.some((m) => c.list.weightOf(m.candidate.id) >= 0));
    if (used !== undefined) out.push({ word, correction: spelledAs(used.lexeme, texts, word) });
  }
  return out;
}
