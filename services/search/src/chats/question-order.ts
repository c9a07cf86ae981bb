// "When is the next board meeting?", "when was the last board meeting?" (issue 43 item 1;
// docs/decisions/219): a question that asks for the first event from now on, or the
// latest one behind us, is an order over events' start times — not a date filter that ranks whatever matches.
// This reads the word that asks for it ("next", "upcoming", "last", "previous"…) and leaves the words that name
// the event. A period ("next week", "the last 30 days", "last month") is not an event: question-dates.ts reads
// those, and this leaves them alone.

export type EventOrder = 'next' | 'last';

export interface OrderInQuestion {
  /** The first event from now on ('next') or the latest before now ('last'); absent when none is asked for. */
  order?: EventOrder;
  /** The question without the ordering word. */
  rest: string;
}

const NEXT_WORDS = 'next|upcoming|coming|following|soonest';
const LAST_WORDS = String.raw`last|latest|previous|most\s+recent|prior`;

const ORDER = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:(?:the|my|our|your)\s+)?(${NEXT_WORDS}|${LAST_WORDS})\s+([\p{L}\p{N}][\p{L}\p{N}'’-]*)`,
  'giu',
);

/**
 * Words after "next"/"last" that make a period, a count or a sequence, not an event: "next week", "last 3
 * invoices", "the last time", "next Monday", "last March", "the previous one".
 */
const NOT_AN_EVENT = new RegExp(
  `^(?:${[
    String.raw`\d+(?:st|nd|rd|th)?`,
    'one|ones|few|couple|several|many|time|times|step|steps|page|version|item|items|two|three|four|five|ten',
    'days?|nights?|weeks?|weekends?|fortnights?|months?|quarters?|years?|hours?|minutes?|decades?|century',
    'mon(?:day)?|tue(?:s|sday)?|wed(?:nesday)?|thu(?:rs|rsday)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?',
    'january|february|march|april|may|june|july|august|september|october|november|december',
    'jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|q[1-4]',
    'morning|afternoon|evening|tonight|tomorrow|yesterday|today|summer|winter|spring|autumn|fall|season',
  ].join('|')})$`,
  'i',
);

/**
 * The order a question asks of events, and the question without its word. Only the first ordering word counts;
 * a question may name one order ("the next board meeting after the last offsite" asks for the next one).
 */
export function orderInQuestion(question: string): OrderInQuestion {
  for (const match of question.matchAll(ORDER)) {
    const word = (match[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const following = match[2] ?? '';
    if (NOT_AN_EVENT.test(following)) continue;
    const order: EventOrder = new RegExp(`^(?:${NEXT_WORDS})$`, 'i').test(word) ? 'next' : 'last';
    // The ordering word (and its article) goes; the event's words stay.
    const cutLength = match[0].length - following.length;
    const rest = `${question.slice(0, match.index)} ${question.slice(match.index + cutLength)}`
      .replace(/\s+/g, ' ')
      .trim();
    return { order, rest };
  }
  return { rest: question };
}

/** Words that ask about an event rather than name it ("when is", "did we", "scheduled"). */
const ASKING = new Set(
  (
    'when what where which who whom whose how is was are were will would shall should did do does be been being ' +
    'the a an my our your their his her its we i us me you they them it of at on for to in ' +
    'have has had held happen happens happened happening scheduled planned take takes took place going ' +
    'again there then please tell show find'
  ).split(' '),
);

/** The words that name the event: the search words without those that ask ("when is board meeting" → "board meeting"). */
export function eventWords(searchText: string): string {
  return searchText
    .split(/\s+/)
    .filter((word) => word !== '' && !ASKING.has(word.toLowerCase().replace(/[’']s$/, '')))
    .join(' ');
}
