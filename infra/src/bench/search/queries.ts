import type { CorpusMessage } from './corpus';

// The search bench's query sets, drawn from the corpus with a seeded generator so every run asks the same
// questions: words as people type them into a search box. The known-item sets are relevance-queries.ts.

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
