import type { SummarySentence } from '@trove/contracts';
import { ATTRIBUTION_LINE, QUOTED_LINE } from '../extraction/quoted-text';

// The extractive summary of an answer (issue 11 "Answers, honest and cited"): whole sentences copied
// from the best passages, chosen and ordered by how much of the question they hold. Nothing is
// rewritten, so every sentence can be traced to its passage; an empty summary is better than filler.

export interface SummaryPassage {
  passageId: string;
  /** The passage's plain text. */
  text: string;
}

export const SUMMARY_SENTENCES = 3;
/** A "sentence" longer than this is a table row dump or a run-on; it reads badly as a summary line. */
const MAX_SENTENCE_WORDS = 60;
const MIN_SENTENCE_WORDS = 3;

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were will with about into over under than'.split(
    ' ',
  ),
);

/** Sentence ends (and line breaks), but not after the abbreviations that stand before names and amounts (Rs. 4,500). */
const SENTENCE_END = /(?<=[.!?。！？])(?<!\b(?:Rs|Mr|Mrs|Ms|Dr|Prof|No|vs|approx|St)\.)\s+|\n+/;

/** A crude English stem, enough to let "invoices" meet "invoice" and "paid" meet "pay" rarely wrongly. */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith('ing')) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith('ed')) return w.slice(0, -2);
  if (w.length > 4 && w.endsWith('es') && /(?:ch|sh|x|ss)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}

function terms(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => !STOP_WORDS.has(word))
    .map(stem);
}

// Issue 19 item 5: what a person wrote, not what their mail client or list added. Detected by shape, for any
// list: quoted lines and the "On … wrote:" line before them, everything after the "-- " signature line,
// separator rules, and lines about the list itself (unsubscribe, mailing list, listinfo, removal notices).
const SIGNATURE_LINE = /^--\s?$/;
const RULE = /[-_=*~#]{5,}/;
const LIST_BOILERPLATE =
  /\b(?:unsubscribe|mailing[ -]list|listinfo|list-?serv|manage your subscription|you (?:are|were) receiving this|to be removed from|opt[ -]out)\b/i;

/** A passage's text without quoted replies, the signature and list boilerplate. */
export function ownWords(text: string): string {
  const kept: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    if (SIGNATURE_LINE.test(line)) break;
    if (QUOTED_LINE.test(line) || ATTRIBUTION_LINE.test(line)) continue;
    // A short line about the list is the footer; in a long one (a paragraph joined into a line) only the
    // sentence that says it goes (sentencesOf).
    if (LIST_BOILERPLATE.test(line) && line.split(/\s+/).length <= 12) continue;
    if (RULE.test(line) && line.replace(RULE, '').trim().length < 3) continue;
    kept.push(line);
  }
  return kept.join('\n');
}

/** A sentence that, once lines are joined, still carries a quote marker, a rule or list boilerplate. */
const notOwnSentence = (sentence: string) =>
  /^[>|]/.test(sentence) ||
  /(?:^|\s)>\s*>/.test(sentence) ||
  RULE.test(sentence) ||
  LIST_BOILERPLATE.test(sentence);

/** A line at least this long that does not end a sentence was most likely wrapped by the writer's mail client. */
const WRAPPED_LINE_CHARS = 40;
const ENDS_A_SENTENCE = /[.!?。！？:;]["'”’)\]]*\s*$/;
const LIST_ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s/;
const STARTS_LOWER_CASE = /^\s*\p{Ll}/u;

/**
 * Mail is hard-wrapped at ~72 characters, so most line breaks inside a paragraph are no sentence end: a line
 * that ends no sentence runs on into the next when that one goes on in lower case, or when it is long enough
 * to have been wrapped. Short lines (a list, an address block, a table) and list items stay lines.
 */
function unwrapLines(text: string): string {
  const lines = text.split('\n');
  let joined = lines[0] ?? '';
  for (let at = 1; at < lines.length; at++) {
    const before = lines[at - 1] ?? '';
    const line = lines[at] ?? '';
    const runsOn =
      before.trim() !== '' &&
      line.trim() !== '' &&
      !ENDS_A_SENTENCE.test(before) &&
      !LIST_ITEM.test(line) &&
      (STARTS_LOWER_CASE.test(line) || before.trim().length >= WRAPPED_LINE_CHARS);
    joined += (runsOn ? ' ' : '\n') + line;
  }
  return joined;
}

export function sentencesOf(text: string): string[] {
  return unwrapLines(ownWords(text))
    .split(SENTENCE_END)
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter((sentence) => {
      const words = sentence.split(' ').length;
      return words >= MIN_SENTENCE_WORDS && words <= MAX_SENTENCE_WORDS && !notOwnSentence(sentence);
    });
}

/** A sentence in this many passages or more is boilerplate (a footer, a disclaimer), whatever it says. */
const BOILERPLATE_PASSAGES = 3;
const sentenceKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

interface Candidate {
  text: string;
  passageId: string;
  rank: number;
  position: number;
  terms: Set<string>;
  score: number;
}

/**
 * Up to `limit` sentences from `passages` (best passage first), best first. A sentence scores the
 * inverse-frequency weight of each query term it holds (a rare word counts more than one every sentence
 * has), plus a little for coming from a higher-ranked passage; a sentence with no query term is chosen
 * only when the query has no terms at all (a question that was all filters), and then in passage order.
 */
export function summarize(
  query: string,
  passages: readonly SummaryPassage[],
  limit = SUMMARY_SENTENCES,
): SummarySentence[] {
  const wanted = new Set(terms(query));
  const candidates: Candidate[] = [];
  passages.forEach((passage, rank) => {
    sentencesOf(passage.text).forEach((text, position) => {
      candidates.push({
        text,
        passageId: passage.passageId,
        rank,
        position,
        terms: new Set(terms(text)),
        score: 0,
      });
    });
  });
  // Detected, not listed: the same sentence in several passages is a footer or a disclaimer, not an answer.
  const seenIn = new Map<string, Set<string>>();
  for (const candidate of candidates) {
    const key = sentenceKey(candidate.text);
    seenIn.set(key, (seenIn.get(key) ?? new Set()).add(candidate.passageId));
  }
  const own = candidates.filter(
    (candidate) => (seenIn.get(sentenceKey(candidate.text))?.size ?? 0) < BOILERPLATE_PASSAGES,
  );
  candidates.length = 0;
  candidates.push(...own);
  if (candidates.length === 0) return [];

  const frequency = new Map<string, number>();
  for (const candidate of candidates) {
    for (const term of wanted)
      if (candidate.terms.has(term)) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  }
  for (const candidate of candidates) {
    let score = 0;
    for (const term of wanted) {
      if (candidate.terms.has(term)) score += Math.log(1 + candidates.length / (frequency.get(term) ?? 1));
    }
    candidate.score = score > 0 ? score + 0.25 / (1 + candidate.rank) : 0;
  }

  const eligible =
    wanted.size === 0
      ? candidates.filter((candidate) => candidate.position === 0)
      : candidates.filter((c) => c.score > 0);
  eligible.sort((a, b) => b.score - a.score || a.rank - b.rank || a.position - b.position);

  const chosen: Candidate[] = [];
  for (const candidate of eligible) {
    if (chosen.length >= limit) break;
    // The same line quoted in two mails (a reply) is said once.
    if (chosen.some((other) => nearDuplicate(other.terms, candidate.terms))) continue;
    chosen.push(candidate);
  }
  return chosen.map((candidate) => ({ text: candidate.text, passage_id: candidate.passageId }));
}

function nearDuplicate(a: Set<string>, b: Set<string>): boolean {
  let shared = 0;
  for (const term of a) if (b.has(term)) shared += 1;
  const union = a.size + b.size - shared;
  return union === 0 || shared / union >= 0.8;
}
