// Questions about mail that count or list (issue 37, docs/decisions/216): "how many emails from Gary Lawrence
// Murphy?", "everything from jm@jmason.org", "which messages did Tom send in August 2002?". This module only
// reads the words — whether a count is asked, who sent (an address kept whole, or a name) or who received — and
// what is left; answer.service decides whether the question is about mail and mail-answer.ts answers it. Pure.

export interface MailWords {
  /** "how many", "number of", "count": the answer leads with a count. */
  count: boolean;
  /** The sender: an address (whole) or a name, as from: takes it. */
  sender?: string;
  /** The recipient, when the question names one by address ("emails to ann@example.com"). */
  recipient?: string;
  /** The question without the count words and the people. */
  rest: string;
}

const COUNT_WORDS =
  /\b(?:how\s+many|how\s+much|(?:what\s+is\s+|what's\s+)?(?:the\s+)?(?:total\s+)?(?:number|count|tally)\s+of|count(?:\s+(?:up|all))?)\b/giu;

const ADDRESS = String.raw`[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+`;
const SENT_BY = String.raw`(?:from|sent\s+by|written\s+by|by)`;
/** A name word: capitalised ("Gary", "R.", "O'Brien", "FoRK"), or the roman numerals and particles names hold. */
const NAME_WORD = String.raw`(?:[\p{Lu}][\p{L}\p{M}.'’-]*|(?:III|II|IV|Jr\.?|van|von|de|da|del|der|le|la)(?![\p{L}]))`;
const NAME = String.raw`${NAME_WORD}(?:\s+${NAME_WORD}){0,4}`;

const ADDRESS_FROM = new RegExp(String.raw`(?:\b${SENT_BY}\s+)?<?(${ADDRESS})>?`, 'iu');
const ADDRESS_TO = new RegExp(String.raw`\b(?:to|sent\s+to|addressed\s+to|for)\s+<?(${ADDRESS})>?`, 'iu');
/** "did Tom send", "has Justin Mason sent", "Tom sent": the asker names who sent before the verb. */
const DID_SEND = new RegExp(
  String.raw`\b(?:(?:[Dd]id|[Hh]as|[Hh]ave|[Hh]ad)\s+)?("[^"]+"|${NAME})\s+(?:send|sent|write|wrote|written)\b`,
  'u',
);
/** "from Gary Lawrence Murphy", "by \"Mr. FoRK\"": a quoted or capitalised name (case matters, so no `i`). */
const FROM_NAME = new RegExp(
  String.raw`\b(?:[Ff]rom|[Ss]ent\s+by|[Ww]ritten\s+by|[Bb]y)\s+("[^"]+"|${NAME})`,
  'u',
);
/** "from garym", "by tom": one word in any case. */
const FROM_WORD = new RegExp(String.raw`\b${SENT_BY}\s+([\p{L}\p{N}][\p{L}\p{N}._-]*)`, 'iu');

/** Words after from/by that name a time or a thing, not a person ("from last week", "from the list"). */
const NOT_SENDERS = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'this',
  'that',
  'last',
  'next',
  'me',
  'us',
  'anyone',
  'anybody',
  'everyone',
  'someone',
  'whom',
  'who',
  'i',
]);

/** Words a question about mail asks with, which leave nothing to look for once read. */
const ASKING = new Set([
  'what',
  'which',
  'who',
  'were',
  'was',
  'are',
  'is',
  'there',
  'did',
  'do',
  'does',
  'have',
  'has',
  'had',
  'i',
  'we',
  'get',
  'got',
  'receive',
  'received',
  'send',
  'sent',
  'all',
  'any',
  'every',
  'the',
  'a',
  'an',
  'me',
  'my',
  'of',
  'to',
  'us',
  'our',
  'total',
  'in',
  'at',
  'during',
  'over',
  'altogether',
  'overall',
  'so',
  'far',
  'ever',
]);

const cut = (text: string, at: number, length: number) =>
  `${text.slice(0, at)} ${text.slice(at + length)}`.replace(/\s+/g, ' ').trim();

/** A name as typed, without its quotes and the punctuation after it (an initial's or "Jr." full stop stays). */
function unquoted(name: string): string {
  const bare = name
    .replace(/^"|"$/g, '')
    .replace(/[,;:!?]+$/, '')
    .trim();
  return /(?:^|\s)(?:\p{Lu}|Jr)\.$/u.test(bare) ? bare : bare.replace(/\.+$/, '');
}

/** Capitalised words that open a question before the name in "Everything Tom sent", "Which Tom sent …". */
const OPENING = new Set([
  'everything',
  'anything',
  'all',
  'show',
  'list',
  'which',
  'what',
  'find',
  'give',
  'tell',
]);

/**
 * Takes the first match of `pattern` out of `text`: the captured name, and the text without the match. With
 * `opening`, capitalised opening words before the name are not part of it ("Everything Tom sent" → Tom).
 */
function takeOut(text: string, pattern: RegExp, opening = false): { name: string; rest: string } | undefined {
  const match = pattern.exec(text);
  if (match === null) return undefined;
  let words = unquoted(match[1] ?? '').split(/\s+/);
  while (opening && words.length > 1 && OPENING.has((words[0] ?? '').toLowerCase())) words = words.slice(1);
  const name = words.join(' ');
  if (name === '' || NOT_SENDERS.has(name.toLowerCase().split(/\s+/)[0] ?? '')) return undefined;
  return { name, rest: cut(text, match.index, match[0].length) };
}

/** The count words, the sender and the recipient of a question; `text` has had its dates and kind words read. */
export function mailWords(typed: string): MailWords {
  const text = typed.replace(/[\u201c\u201d\u201e\u00ab\u00bb]/g, '"');
  const count = COUNT_WORDS.test(text);
  COUNT_WORDS.lastIndex = 0;
  let rest = text.replace(COUNT_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const out: MailWords = { count, rest };
  const to = takeOut(rest, ADDRESS_TO);
  if (to !== undefined) {
    out.recipient = to.name;
    rest = to.rest;
  }
  const sender =
    takeOut(rest, ADDRESS_FROM) ??
    takeOut(rest, DID_SEND, true) ??
    takeOut(rest, FROM_NAME) ??
    takeOut(rest, FROM_WORD);
  if (sender !== undefined) {
    out.sender = sender.name;
    rest = sender.rest;
  }
  out.rest = rest;
  return out;
}

/** The words left to look for once the asking words are gone: '' when the question was all filters. */
export function wordsLeft(rest: string): string {
  return rest
    .split(/\s+/)
    .map((word) => word.replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, ''))
    .filter((word) => word !== '' && !ASKING.has(word.toLowerCase()))
    .join(' ');
}
