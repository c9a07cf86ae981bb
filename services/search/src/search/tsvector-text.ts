// A tsvector as PostgreSQL prints it (tsvectorout): entries `'lexeme':1,4B,9` separated by spaces, the lexeme
// quoted with `'` and `\` doubled inside, each position optionally followed by a weight letter (none from
// to_tsvector). Indexing reads the passages' vectors in this form (docs/decisions/075-analysis-in-the-service.md):
// printing a vector is cheap, where unnest() built two arrays per lexeme on the database's busiest core.

const QUOTE = 0x27;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;

/** One field's vector: each lexeme's count of positions (its tf), and their sum (the field's length). */
export interface LexemeCounts {
  counts: Map<string, number>;
  length: number;
}

/**
 * Reads a tsvector's text form. A lexeme's count is its positions' (PostgreSQL keeps at most 256 of them, as
 * `cardinality(positions)` counted before); a lexeme printed without positions (a stripped vector) counts 1.
 */
export function lexemeCounts(text: string): LexemeCounts {
  const counts = new Map<string, number>();
  let length = 0;
  let at = 0;
  const end = text.length;
  while (at < end) {
    if (text.charCodeAt(at) !== QUOTE) {
      at++;
      continue;
    }
    at++;
    let lexeme = '';
    let from = at;
    while (at < end) {
      const code = text.charCodeAt(at);
      if (code === QUOTE && text.charCodeAt(at + 1) === QUOTE) {
        lexeme += text.slice(from, at + 1);
        at += 2;
        from = at;
      } else if (code === BACKSLASH) {
        lexeme += text.slice(from, at) + text.charAt(at + 1);
        at += 2;
        from = at;
      } else if (code === QUOTE) {
        break;
      } else {
        at++;
      }
    }
    lexeme += text.slice(from, at);
    at++;
    let positions = 1;
    if (text.charCodeAt(at) === COLON) {
      at++;
      while (at < end && text.charCodeAt(at) !== SPACE) {
        if (text.charCodeAt(at) === COMMA) positions++;
        at++;
      }
    }
    counts.set(lexeme, positions);
    length += positions;
  }
  return { counts, length };
}
