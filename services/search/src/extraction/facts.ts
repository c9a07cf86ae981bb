import { findAmounts } from './amounts';
import { findDates, type MentionedDate } from './dates';
import { findSignature, type Person } from './people';

export interface ExtractedFacts {
  dates: { text: string; iso: string }[];
  amounts: { text: string; currency: string; value: number }[];
  people: Person[];
  organisations: string[];
}

/** One person once: the same address is the same person; without an address, the same name is. */
export function uniquePeople(people: Person[]): Person[] {
  const seen = new Map<string, Person>();
  for (const person of people) {
    const key = (person.email ?? person.name).toLowerCase();
    const known = seen.get(key);
    if (!known) seen.set(key, person);
    else if (known.name === known.email && person.name !== person.email) seen.set(key, person);
  }
  return [...seen.values()];
}

/**
 * A run of more than 100 non-space characters, tried only where a run starts: the same matches as
 * `/[^\s]{101,}/g`, which tried every character and scanned on to the end of its word each time (a third of
 * the cost of reading a mailbox's facts outside chrono, docs/decisions/248).
 */
const LONG_WORD = /(?<!\S)\S{101,}/g;

/** `text` with each run of more than 100 non-space characters made one space. */
export const withoutLongWords = (text: string) => (text.length > 100 ? text.replace(LONG_WORD, ' ') : text);

const unique = (values: string[]) => [...new Map(values.map((v) => [v.toLowerCase(), v])).values()];

/**
 * The dates of a passage: those its reader states for its lines (DocumentText.statedDates), then what chrono
 * finds in the others — in the passage's order when none is stated, as before.
 */
function datesOf(
  text: string,
  reference: Date,
  stated: ReadonlyMap<string, readonly MentionedDate[]> | undefined,
): MentionedDate[] {
  if (stated === undefined || stated.size === 0) return findDates(text, reference);
  const known: MentionedDate[] = [];
  const rest: string[] = [];
  for (const line of text.split('\n')) {
    const dates = stated.get(line);
    if (dates === undefined) rest.push(line);
    else known.push(...dates);
  }
  return known.length === 0
    ? findDates(text, reference)
    : [...known, ...findDates(rest.join('\n'), reference)];
}

/**
 * The facts of one passage (docs/product/uploads-and-search.md#facts "dates, totals and entities"). Entities the whole document names
 * (an email's From/To/Cc) are facts of every passage, so a filter by person finds any passage of that mail.
 */
export function factsOf(
  text: string,
  reference: Date,
  documentEntities: {
    people: Person[];
    organisations: string[];
    statedDates?: ReadonlyMap<string, readonly MentionedDate[]> | undefined;
  },
): ExtractedFacts {
  // A "word" of more than 100 characters holds no date, amount or name, and the finders' patterns scan a long
  // run from each of its characters: left out, so facts stay linear in the passage (issue 35 item 5).
  const words = withoutLongWords(text);
  const signature = findSignature(words);
  return {
    dates: datesOf(words, reference, documentEntities.statedDates),
    amounts: findAmounts(words),
    people: uniquePeople([...documentEntities.people, ...signature.people]),
    organisations: unique([...documentEntities.organisations, ...signature.organisations]),
  };
}
