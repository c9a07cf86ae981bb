// PostgreSQL's parser keeps a host, an address, a URL path, a version or a file name as one token
// ("xent.com", "ann.lee@acme.com", "foo_bar.txt"), which no single remembered word matches: "xent" would not
// find a mail full of "http://xent.com/…". The index gets each such token's words as well (issue 19 item 1).
//
// Read as runs of word and joining characters, each character once: the single pattern this was (word runs
// joined by separators, then a last separator and word) backtracked over every start of a long word — 20,000
// letters in a row took 3.7 s, a megabyte hours (issue 35 item 5).
const RUN = /[\p{L}\p{N}._@/:+~-]+/gu;
/** A joining character other than "-" between two word characters (PostgreSQL reads hyphenated words itself). */
const JOINED = /[\p{L}\p{N}][._@/:+~]/u;

/** The text, then the words of its compound tokens, one line per token, for the index only. */
export function withCompoundParts(text: string): string {
  const parts: string[] = [];
  for (const [run] of text.matchAll(RUN)) {
    // What the token leaves off the run's start holds no letter or digit, so a join is in both or neither:
    // most runs are plain words, and are passed over before the copy.
    if (!JOINED.test(run)) continue;
    const token = run.replace(/^[^\p{L}\p{N}]+/u, '');
    // A token of two parts or more, whichever are numbers: "4,000/Month" is the token "000/Month", and
    // "Month" is a word of it to find.
    const words = token.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (words.length > 1 && words.some((word) => /\p{L}/u.test(word))) parts.push(words.join(' '));
  }
  return parts.length === 0 ? text : `${text}\n${parts.join('\n')}`;
}
