// PostgreSQL's parser keeps a host, an address, a URL path, a version or a file name as one token
// ("xent.com", "ann.lee@acme.com", "foo_bar.txt"), which no single remembered word matches: "xent" would not
// find a mail full of "http://xent.com/…". The index gets each such token's words as well (issue 19 item 1).
const COMPOUND = /[\p{L}\p{N}]+(?:[._@/:+~-]+[\p{L}\p{N}]+)*[._@/:+~][\p{L}\p{N}]+/gu;

/** The text, then the words of its compound tokens, one line per token, for the index only. */
export function withCompoundParts(text: string): string {
  const parts: string[] = [];
  for (const [token] of text.matchAll(COMPOUND)) {
    // A token of two parts or more, whichever are numbers: "4,000/Month" is the token "000/Month", and
    // "Month" is a word of it to find.
    const words = token.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length > 1 && words.some((word) => /\p{L}/u.test(word))) parts.push(words.join(' '));
  }
  return parts.length === 0 ? text : `${text}\n${parts.join('\n')}`;
}
