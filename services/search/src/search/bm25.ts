// BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009) in its
// field-weighted form, the formula the SQL in documents.repository.ts (tf~ per posting) and
// rank.ts (the score) computes. Kept as plain functions so the tests can compute the expected
// score of a hand-made corpus independently of PostgreSQL, and the relevance bench can sweep the weights.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's non-negative idf: ln(1 + (N − n + 0.5) / (n + 0.5)); a term in every passage still counts a little. */
export function bm25Idf(passageCount: number, documentFrequency: number): number {
  return Math.log(1 + (passageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

// BM25F (Robertson, Zaragoza & Taylor, "Simple BM25 extension to multiple weighted fields", 2004; issue 19
// item 1, docs/decisions/036-search-fields.md): a term's frequencies in the fields of a passage are
// length-normalised per field, weighted and summed into one pseudo-frequency, which saturates once:
// tf~ = Σ_f w_f · tf_f / (1 − b_f + b_f · |f| / L_f), score = Σ_t idf(t) · tf~(k1 + 1) / (tf~ + k1).
// L_f is a reference length per field rather than the user's running average: passages are cut to at most
// 200 words and titles, names and people are short by nature, so the averages barely move, and a fixed L_f
// makes a posting's tf~ final when it is written — a search reads one number per posting.

export type SearchField = 'title' | 'name' | 'people' | 'body' | 'quoted';

export interface FieldWeight {
  weight: number;
  b: number;
  referenceLength: number;
}

/** Chosen with `npm run bench -- --relevance` (docs/decisions/036-search-fields.md has the sweep). */
export const SEARCH_FIELDS: Readonly<Record<SearchField, FieldWeight>> = {
  title: { weight: 3, b: 0.5, referenceLength: 8 },
  name: { weight: 1, b: 0.5, referenceLength: 6 },
  people: { weight: 1.5, b: 0.5, referenceLength: 12 },
  body: { weight: 1, b: BM25_B, referenceLength: 80 },
  quoted: { weight: 0.3, b: BM25_B, referenceLength: 80 },
};

/** One field's share of a term's tf~: w·tf / (1 − b + b·|f|/L), |f| the field's length in lexeme occurrences. */
export function fieldShare(field: FieldWeight, tf: number, length: number): number {
  return (field.weight * tf) / (1 - field.b + (field.b * length) / field.referenceLength);
}

/** tf~ of one term in one passage: its count and the field's length (lexeme occurrences) per field. */
export function bm25fFrequency(
  counts: Partial<Record<SearchField, { tf: number; length: number }>>,
  fields: Readonly<Record<SearchField, FieldWeight>> = SEARCH_FIELDS,
): number {
  let sum = 0;
  for (const [field, count] of Object.entries(counts) as [SearchField, { tf: number; length: number }][]) {
    if (count.tf > 0) sum += fieldShare(fields[field], count.tf, count.length);
  }
  return sum;
}

/** One term's BM25F contribution from its pseudo-frequency. */
export function bm25fTermScore(frequency: number, idf: number, k1 = BM25_K1): number {
  return frequency <= 0 ? 0 : (idf * frequency * (k1 + 1)) / (frequency + k1);
}
