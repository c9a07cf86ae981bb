import { seededRandom, wordsOf } from './queries';

// Known-item queries for the relevance evaluation (issue 19 item 6, docs/decisions/036-search-fields.md):
// for a message a person remembers, the words they would type, of four kinds — words of its subject, words
// of its text, its sender and a word, words and the week it came. Drawn by a seeded generator from the
// documents as Trove shows them (subject, sender, text, day), so every run and every machine asks the same.

export type RelevanceKind = 'subject' | 'body' | 'sender' | 'dated' | 'typo';
/** The kinds in the order the tables print them; `typo` is typo-queries.ts's (issue 42 item 1). */
export const RELEVANCE_KINDS: readonly RelevanceKind[] = ['subject', 'body', 'sender', 'dated', 'typo'];

export interface KnownDocument {
  id: string;
  /** The subject (an email's title). */
  title: string;
  /** The sender's display name or address. */
  sender: string;
  /** The document's text: its passages joined. */
  body: string;
  /** The day it was sent, YYYY-MM-DD, or null. */
  day: string | null;
  /** The documents extraction took out of it (attachments, archive entries), whose text `body` holds too. */
  contained?: string[];
}

export interface RelevanceQuery {
  kind: RelevanceKind;
  /** What is typed into Trove's search box (the date kind uses its after:/before: syntax). */
  query: string;
  /** The words alone, for systems without the syntax. */
  words: string;
  /** The date range, inclusive, for systems without the syntax. */
  after?: string | undefined;
  before?: string | undefined;
  /** The one right document, and its exact copies (the archive holds the same spam more than once). */
  relevant: string[];
}

/** A subject as people remember it: without Re:/Fwd: and list tags, lower case. */
export function subjectKey(subject: string): string {
  return subject
    .toLowerCase()
    .replace(/^(?:\s*(?:re|fwd?|aw|sv)\s*(?:\[\d+\])?\s*:|\s*\[[^\]]*\])+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const DAY_MS = 86_400_000;
const shiftDay = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Days either side of the message's day in a date query: "the week it came". */
export const DATE_WINDOW_DAYS = 3;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let at = out.length - 1; at > 0; at--) {
    const other = Math.floor(random() * (at + 1));
    [out[at], out[other]] = [out[other] as T, out[at] as T];
  }
  return out;
}

/**
 * `perKind` queries of each kind (fewer when the documents do not allow as many). Only a message whose
 * memory is unambiguous is asked for: a subject query only for a subject no other message has (a thread's
 * replies share one); a text or sender query only when no other message holds all its words (in its subject,
 * text or sender: a reply quoting them, or the same advert sent again with another subject, answers it as
 * well, so no ranking could tell which one was meant); a dated one only when no other message of the week
 * holds its words. Every query's words hold for the message; exact copies count as right.
 */
export function relevanceQueries(
  documents: readonly KnownDocument[],
  perKind: number,
  seed: number,
): RelevanceQuery[] {
  const random = seededRandom(seed);
  const subjectWords = documents.map((document) => [...new Set(wordsOf(document.title))]);
  const bodyWords = documents.map((document) => [...new Set(wordsOf(document.body))]);
  const documentFrequency = new Map<string, number>();
  documents.forEach((_, at) => {
    for (const word of new Set([...(subjectWords[at] ?? []), ...(bodyWords[at] ?? [])])) {
      documentFrequency.set(word, (documentFrequency.get(word) ?? 0) + 1);
    }
  });
  const df = (word: string) => documentFrequency.get(word) ?? 0;
  // Which messages hold a word anywhere a search reads it (subject, text, sender), for the ambiguity check.
  const holders = new Map<string, number[]>();
  const subjectHolders = new Map<string, number[]>();
  documents.forEach((document, at) => {
    const words = new Set([
      ...(subjectWords[at] ?? []),
      ...(bodyWords[at] ?? []),
      ...wordsOf(document.sender),
    ]);
    for (const word of words) holders.set(word, [...(holders.get(word) ?? []), at]);
    for (const word of subjectWords[at] ?? [])
      subjectHolders.set(word, [...(subjectHolders.get(word) ?? []), at]);
  });
  const copies = new Map<string, string[]>();
  const copyKey = (document: KnownDocument) => `${subjectKey(document.title)}\u0000${document.body.trim()}`;
  for (const document of documents) {
    const key = copyKey(document);
    copies.set(key, [...(copies.get(key) ?? []), document.id]);
  }
  const subjectCount = new Map<string, number>();
  for (const document of documents) {
    const key = subjectKey(document.title);
    subjectCount.set(key, (subjectCount.get(key) ?? 0) + 1);
  }
  const relevantTo = (document: KnownDocument) => copies.get(copyKey(document)) ?? [document.id];
  /** Another message than `at` and its copies holds every one of `words`. */
  const ambiguous = (at: number, words: readonly string[], held = holders) => {
    const lists = words.map((word) => held.get(word) ?? []).sort((a, b) => a.length - b.length);
    const [rarest, ...rest] = lists;
    const right = new Set(relevantTo(documents[at] as KnownDocument));
    const others = rest.map((list) => new Set(list));
    return (rarest ?? []).some(
      (index) =>
        index !== at &&
        !right.has((documents[index] as KnownDocument).id) &&
        others.every((set) => set.has(index)),
    );
  };
  /** `count` of `words`, the rarest first among the first `pool` rarest, kept in the order they appear. */
  const pick = (words: readonly string[], count: number, pool: number, keep: (word: string) => boolean) => {
    const ranked = words
      .map((word, order) => ({ word, order }))
      .filter((entry) => keep(entry.word))
      .sort((a, b) => df(a.word) - df(b.word) || a.order - b.order)
      .slice(0, pool);
    const chosen = shuffled(ranked, random).slice(0, count);
    return chosen.sort((a, b) => a.order - b.order).map((entry) => entry.word);
  };

  const queries: RelevanceQuery[] = [];
  const order = shuffled(
    documents.map((_, at) => at),
    random,
  );
  const add = (kind: RelevanceKind, make: (at: number) => Omit<RelevanceQuery, 'kind'> | undefined) => {
    let made = 0;
    for (const at of order) {
      if (made >= perKind) break;
      const query = make(at);
      if (query === undefined) continue;
      queries.push({ kind, ...query });
      made++;
    }
  };

  add('subject', (at) => {
    const document = documents[at];
    const words = subjectWords[at] ?? [];
    if (document === undefined || words.length < 3 || subjectCount.get(subjectKey(document.title)) !== 1) {
      return undefined;
    }
    // 3–6 of the subject's words, the most distinctive ones, in subject order: what sticks of a subject.
    const chosen = pick(words, 3 + Math.floor(random() * 4), 6, () => true);
    // A resent advert keeps the subject but for a random tag: words it shares answer both.
    if (ambiguous(at, chosen, subjectHolders)) return undefined;
    const query = chosen.join(' ');
    return { query, words: query, relevant: relevantTo(document) };
  });

  add('body', (at) => {
    const document = documents[at];
    const words = (bodyWords[at] ?? []).filter((word) => !(subjectWords[at] ?? []).includes(word));
    if (document === undefined || words.length < 20) return undefined;
    // 3–4 words of the text that a few other messages use too (2–50 of them): remembered, not typos.
    const chosen = pick(words, 3 + Math.floor(random() * 2), 12, (word) => df(word) >= 2 && df(word) <= 50);
    if (chosen.length < 3 || ambiguous(at, chosen)) return undefined;
    const query = chosen.join(' ');
    return { query, words: query, relevant: relevantTo(document) };
  });

  add('sender', (at) => {
    const document = documents[at];
    const name = wordsOf(document?.sender ?? '').filter((word) => df(word) >= 1)[0];
    if (document === undefined || name === undefined) return undefined;
    // The sender's name and two words of what they wrote about.
    const about = pick(
      [...(subjectWords[at] ?? []), ...(bodyWords[at] ?? [])].filter((word) => word !== name),
      2,
      8,
      (word) => df(word) >= 2 && df(word) <= 100,
    );
    if (about.length < 2 || ambiguous(at, [name, ...about])) return undefined;
    const query = [name, ...about].join(' ');
    return { query, words: query, relevant: relevantTo(document) };
  });

  add('dated', (at) => {
    const document = documents[at];
    if (document?.day == null) return undefined;
    const after = shiftDay(document.day, -DATE_WINDOW_DAYS);
    const before = shiftDay(document.day, DATE_WINDOW_DAYS);
    // Two common words that, within the week, only this message (and its copies) holds: what the date is for.
    const inWeek = documents
      .map((other, index) => ({ other, index }))
      .filter(
        ({ other, index }) => index !== at && other.day !== null && other.day >= after && other.day <= before,
      )
      .filter(({ other }) => !relevantTo(document).includes(other.id));
    const words = [...new Set([...(subjectWords[at] ?? []), ...(bodyWords[at] ?? [])])];
    const chosen = pick(words, 2, 10, (word) => df(word) >= 20);
    if (chosen.length < 2) return undefined;
    const holdsAll = (index: number) =>
      chosen.every(
        (word) => subjectWords[index]?.includes(word) === true || bodyWords[index]?.includes(word) === true,
      );
    if (inWeek.some(({ index }) => holdsAll(index))) return undefined;
    const text = chosen.join(' ');
    return {
      query: `${text} after:${after} before:${before}`,
      words: text,
      after,
      before,
      relevant: relevantTo(document),
    };
  });
  return queries;
}
