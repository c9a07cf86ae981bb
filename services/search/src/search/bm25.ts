// BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and Beyond", 2009), the
// formula the SQL in search.repository.ts computes. Kept as plain functions so the tests can compute the
// expected score of a hand-made corpus independently of PostgreSQL.

export const BM25_K1 = 1.2;
export const BM25_B = 0.75;

/** Lucene's non-negative idf: ln(1 + (N − n + 0.5) / (n + 0.5)); a term in every passage still counts a little. */
export function bm25Idf(passageCount: number, documentFrequency: number): number {
  return Math.log(1 + (passageCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** One term's contribution: idf · tf·(k1+1) / (tf + k1·(1 − b + b·|D|/avgdl)). */
export function bm25TermScore(options: {
  tf: number;
  passageLength: number;
  averageLength: number;
  idf: number;
  k1?: number;
  b?: number;
}): number {
  const k1 = options.k1 ?? BM25_K1;
  const b = options.b ?? BM25_B;
  const norm = 1 - b + (b * options.passageLength) / options.averageLength;
  return (options.idf * (options.tf * (k1 + 1))) / (options.tf + k1 * norm);
}

/** A passage's score: the sum over query terms it holds. */
export function bm25Score(
  terms: { tf: number; documentFrequency: number }[],
  passage: { length: number },
  corpus: { passageCount: number; totalLength: number },
): number {
  const averageLength = corpus.totalLength / corpus.passageCount;
  return terms.reduce(
    (sum, term) =>
      term.tf === 0
        ? sum
        : sum +
          bm25TermScore({
            tf: term.tf,
            passageLength: passage.length,
            averageLength,
            idf: bm25Idf(corpus.passageCount, term.documentFrequency),
          }),
    0,
  );
}
