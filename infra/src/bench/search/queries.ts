import { type CorpusMessage, subjectOf } from './corpus';

// The search bench's query sets, drawn from the corpus with a seeded generator so every run asks the same
// questions: a latency set (words as people type them into a search box) and a known-item set (issue 10
// "Quality": 3–6 distinctive words of a message's subject, the message is the one right answer).

/** mulberry32: a small seeded PRNG; the same seed gives the same query sets on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Words no one searches for, and the words mail headers and list footers put everywhere.
const STOP = new Set(
  `the and for are but not you all any can had her was one our out day get has him his how man new now old
  see two way who boy did its let put say she too use that with have this will your from they know want been
  good much some time very when come here just like long make many more only over such take than them well
  were what which while into there their about would these other could after first also then where those
  because through being should each just re fw fwd subject`.split(/\s+/),
);

/** The words of a text as a search box user types them: letters only, 3–20 long, lower case. */
export function wordsOf(text: string): string[] {
  return (text.toLowerCase().match(/\b[a-z]{3,20}\b/g) ?? []).filter((word) => !STOP.has(word));
}

function bodyOf(eml: string): string {
  const at = eml.search(/\r?\n\r?\n/);
  return at < 0 ? '' : eml.slice(at).replace(/<[^>]*>/g, ' ');
}

/**
 * `count` queries of 1–3 consecutive words from the body of a random message (seeded), as a user recalls
 * a phrase. Words from a message's text, so each query finds something and some find a lot (common words),
 * which is the load that matters.
 */
export function latencyQueries(corpus: readonly CorpusMessage[], count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const queries: string[] = [];
  while (queries.length < count) {
    const message = corpus[Math.floor(random() * corpus.length)];
    if (message === undefined) continue;
    const words = wordsOf(bodyOf(message.eml));
    if (words.length < 3) continue;
    const length = 1 + Math.floor(random() * 3);
    const start = Math.floor(random() * (words.length - length));
    queries.push(words.slice(start, start + length).join(' '));
  }
  return queries;
}

export interface KnownItem {
  /** Index of the message in the corpus: the one right answer. */
  index: number;
  query: string;
}

/**
 * `count` messages (seeded) whose subject has at least 3 words, each queried by its subject's 3–6 most
 * distinctive words (fewest messages holding them, ties by first use), kept in subject order. Subjects
 * shared by several messages (a thread's replies, a mailing-list digest) stay in: every system ranks the
 * same ambiguity, and a reply outranking its original counts against all of them alike.
 */
export function knownItems(corpus: readonly CorpusMessage[], count: number, seed: number): KnownItem[] {
  const documentFrequency = new Map<string, number>();
  const subjectWords = corpus.map((message) => [...new Set(wordsOf(subjectOf(message.eml)))]);
  corpus.forEach((message, index) => {
    const words = new Set([...(subjectWords[index] ?? []), ...wordsOf(bodyOf(message.eml))]);
    for (const word of words) documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
  });
  const random = seededRandom(seed);
  const eligible = corpus.map((_, index) => index).filter((index) => (subjectWords[index]?.length ?? 0) >= 3);
  // Fisher–Yates with the seeded generator, then the first `count`.
  for (let at = eligible.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [eligible[at], eligible[other]] = [eligible[other] as number, eligible[at] as number];
  }
  return eligible.slice(0, count).map((index) => {
    const words = subjectWords[index] ?? [];
    const take = Math.min(words.length, 3 + Math.floor(random() * 4));
    const chosen = new Set(
      [...words]
        .map((word, order) => ({ word, order, df: documentFrequency.get(word) ?? 0 }))
        .sort((a, b) => a.df - b.df || a.order - b.order)
        .slice(0, take)
        .map((entry) => entry.word),
    );
    return { index, query: words.filter((word) => chosen.has(word)).join(' ') };
  });
}

/** Reciprocal rank of the right answer in a ranked list (0 when absent), and whether it is there. */
export function reciprocalRank(ranked: readonly string[], wanted: string): number {
  const at = ranked.indexOf(wanted);
  return at < 0 ? 0 : 1 / (at + 1);
}

/** Exact percentile (nearest rank) of a list of timings. */
export function percentile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}
