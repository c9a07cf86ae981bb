import { bm25Idf } from './bm25';
import { type BlockList, compareLexemes, decodePage, entryAsList } from './posting-lists';
import { type ListRow, listOfRow } from './posting-lists.repository';
import type { TypoWord } from './typos';

// A search's plan (issue 42 item 7): what the request asks for, before any candidate is read — the filters as
// a statement's shape and bound values, the query's words as groups of lexemes with their lists and weights.
// No SQL here: candidates.repository.ts reads, rank.ts scores.

export type MatchMode = 'and' | 'or';

export interface SearchFilters {
  userId: string;
  /** Already normalised (query-text.ts); plainto_tsquery reads it as a bag of words. */
  text: string;
  kind?: string | undefined;
  /** A passage matches when its document's date or any date found in it lies in [from, to]. */
  from?: string | undefined;
  to?: string | undefined;
  /**
   * after:/before: of the search syntax, days in the user's time zone: the instant the document was sent or
   * made lies in [sentFrom's start, the start of the day after sentTo) — `sentFromAt`/`sentUntil`; a document
   * with only a day compares the day; one with no date matches by a date found in the passage.
   */
  sentFrom?: string | undefined;
  sentTo?: string | undefined;
  sentFromAt?: Date | undefined;
  sentUntil?: Date | undefined;
  /** A passage holding an amount within [amountMin, amountMax], in `currency` when given. */
  amountMin?: number | undefined;
  amountMax?: number | undefined;
  currency?: string | undefined;
  /** A person (name or address) or organisation in the passage's facts, matched from a word's start. */
  entity?: string | undefined;
  /** from: — the sender of an email (its From), matched from a word's start in the name or address. */
  sender?: string | undefined;
  /** to: — a recipient of an email (To or Cc), matched the same way. */
  recipient?: string | undefined;
  /** The search syntax (issue 19 item 4): exact phrases the passage holds, in order, whatever the case. */
  phrases?: readonly string[] | undefined;
  /** Words or phrases no matching passage holds (as the index reads words: stemmed, every word of a phrase). */
  excluded?: readonly string[] | undefined;
  /** Words the document's title holds, from a word's start. */
  titleWords?: readonly string[] | undefined;
  /** An email with an attachment Trove read, or such an attachment. */
  hasAttachment?: boolean | undefined;
  /**
   * source: — a connected source by its name or mailbox address (any case), or 'uploads' for the user's own
   * uploads (issue 21).
   */
  source?: { uploads: true } | { name: string } | undefined;
  /**
   * `word*`: each stands for the user's words that begin with it (the most frequent PREFIX_EXPANSIONS), and
   * for its own stem; a passage holding any of them holds that query word.
   */
  prefixes?: readonly string[] | undefined;
  /** Words typo tolerance may correct, with the edits each may take (typos.ts); none when it is off. */
  typoWords?: readonly TypoWord[] | undefined;
}

/** AND, OR, or AND relaxed to OR when fewer than `minAllWordResults` passages hold every word. */
export interface SearchRequest extends SearchFilters {
  mode: MatchMode | 'auto';
  minAllWordResults: number;
  limit: number;
  after?: { score: number; passageId: string } | undefined;
  /**
   * At most this many candidates are scored: for AND the newest this many passages holding the rarest word
   * (newest indexed first: a backward walk of the same index entries, so no sort); for OR the passages
   * holding the rarer words while they add up to no more, else the newest this many holding the rarest.
   * docs/decisions/020-search-postings.md.
   */
  maxCandidates: number;
}

/** The words one `word*` stands for: the user's most frequent this many that begin with it. */
export const PREFIX_EXPANSIONS = 16;

/** Escapes every character that is not a letter, digit or space: in PostgreSQL's ARE a backslash before
 * anything else than a letter or digit is that character itself. */
export function regexLiteral(text: string): string {
  return text.replace(/[^\p{L}\p{N} ]/gu, '\\$&');
}

/** The query's words as typed, lower case, once each (one letter or digit alone is no word to look for). */
export function typedWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((word) => word.length > 1),
    ),
  ];
}

/** A case-insensitive pattern for `text` from the start of a word: "ann" finds "Ann Lee", not "Joanna". */
export const wordStart = (text: string) => `(^|[^[:alnum:]])${regexLiteral(text)}`;

/** Which filters a search has: the filter statement's text depends on this alone (it is compiled once per shape). */
export interface FilterShape {
  dates: boolean;
  sentDates: boolean;
  amountMin: boolean;
  amountMax: boolean;
  currency: boolean;
  entity: boolean;
  sender: boolean;
  recipient: boolean;
  phrases: boolean;
  title: boolean;
  attachment: boolean;
  uploadsOnly: boolean;
  sourceNamed: boolean;
}

/** What the filter statement binds; its text only changes with which filters are present (its shape). */
export interface FilterValues {
  userId: string;
  ids: number[];
  from: string;
  to: string;
  sentFrom: string;
  sentTo: string;
  sentFromAt: string;
  sentUntil: string;
  amountVars: string;
  entityPattern: string;
  senderPattern: string;
  recipientPattern: string;
  phrasePatterns: string[];
  titlePatterns: string[];
  sourceName: string;
  /** A search of operators alone: the kind asked ('' for any), the page after the cursor's key and id. */
  kind: string;
  afterKey: string;
  afterId: string;
  limit: number;
}

export function filterShape(request: SearchFilters): FilterShape {
  return {
    dates: request.from !== undefined || request.to !== undefined,
    sentDates: request.sentFrom !== undefined || request.sentTo !== undefined,
    amountMin: request.amountMin !== undefined,
    amountMax: request.amountMax !== undefined,
    currency: request.currency !== undefined,
    entity: request.entity !== undefined,
    sender: request.sender !== undefined,
    recipient: request.recipient !== undefined,
    phrases: (request.phrases?.length ?? 0) > 0,
    title: (request.titleWords?.length ?? 0) > 0,
    attachment: request.hasAttachment === true,
    uploadsOnly: request.source !== undefined && 'uploads' in request.source,
    sourceNamed: request.source !== undefined && 'name' in request.source,
  };
}

/** The filters' values as the filter statement binds them; user text only ever travels as a parameter. */
export function filterValues(request: SearchFilters): FilterValues {
  return {
    userId: request.userId,
    ids: [],
    from: request.from ?? '0001-01-01',
    to: request.to ?? '9999-12-31',
    sentFrom: request.sentFrom ?? '0001-01-01',
    sentTo: request.sentTo ?? '9999-12-31',
    sentFromAt: (request.sentFromAt ?? new Date('0001-01-01T00:00:00Z')).toISOString(),
    sentUntil: (request.sentUntil ?? new Date('9999-12-31T00:00:00Z')).toISOString(),
    amountVars: JSON.stringify({
      ...(request.amountMin === undefined ? {} : { min: request.amountMin }),
      ...(request.amountMax === undefined ? {} : { max: request.amountMax }),
      ...(request.currency === undefined ? {} : { currency: request.currency }),
    }),
    entityPattern: request.entity === undefined ? '' : wordStart(request.entity),
    senderPattern: request.sender === undefined ? '' : wordStart(request.sender),
    recipientPattern: request.recipient === undefined ? '' : wordStart(request.recipient),
    // A phrase's words in order with anything but letters and digits between them, whole words.
    phrasePatterns: (request.phrases ?? []).map(
      (phrase) => `\\m${phrase.split(/\s+/).map(regexLiteral).join('[^[:alnum:]]+')}\\M`,
    ),
    titlePatterns: (request.titleWords ?? []).map((word) => `\\m${regexLiteral(word)}`),
    sourceName: request.source !== undefined && 'name' in request.source ? request.source.name : '',
    kind: request.kind ?? '',
    afterKey: String(Number.MAX_SAFE_INTEGER),
    afterId: '9223372036854775807',
    limit: 0,
  };
}

/** A row of the terms statement (candidates.repository.ts): a lexeme's list, or a prefix's page. */
export interface TermRow extends ListRow {
  grp: string;
  excluded: boolean;
  passage_count: string;
  /** Set on a row carrying one of a prefix's pages (`lexeme` empty); null on a lexeme's row. */
  prefix: string | null;
}

/** A query's lexeme with its list (undefined: in no passage of the user). */
export interface ResolvedTerm {
  lexeme: string;
  grp: string;
  excluded: boolean;
  list: BlockList | undefined;
}

/**
 * The terms statement's rows as lists: a lexeme's blocks, or its short list from its page; and a prefix's short
 * lists from its pages, added to its group while it has fewer than PREFIX_EXPANSIONS (the blocks' lexemes, in
 * more passages, come first).
 */
/** What a `word*` stood for: how many words, and whether more began with it than PREFIX_EXPANSIONS. */
export interface PrefixExpansion {
  prefix: string;
  words: number;
  capped: boolean;
}

export function resolveTerms(rows: readonly TermRow[], expansions: PrefixExpansion[] = []): ResolvedTerm[] {
  const resolved: ResolvedTerm[] = [];
  for (const row of rows) {
    if (row.prefix !== null) continue;
    resolved.push({ lexeme: row.lexeme, grp: row.grp, excluded: row.excluded, list: listOfRow(row) });
  }
  const taken = new Set(resolved.filter((row) => !row.excluded).map((row) => row.lexeme));
  const pagesOf = new Map<string, Buffer[]>();
  for (const row of rows) {
    if (row.prefix === null || row.page === null) continue;
    pagesOf.set(row.prefix, [...(pagesOf.get(row.prefix) ?? []), row.page]);
  }
  for (const [prefix, pages] of pagesOf) {
    const grp = `*${prefix}`;
    const room =
      PREFIX_EXPANSIONS -
      resolved.filter((row) => row.grp === grp && row.list !== undefined && row.lexeme.startsWith(prefix))
        .length;
    const matching = pages
      .flatMap((page) => decodePage(page))
      .filter((entry) => entry.lexeme.startsWith(prefix) && !taken.has(entry.lexeme))
      .sort((a, b) => b.count - a.count || compareLexemes(a.lexeme, b.lexeme));
    const entries = matching.slice(0, Math.max(0, room));
    for (const entry of entries) {
      taken.add(entry.lexeme);
      resolved.push({ lexeme: entry.lexeme, grp, excluded: false, list: entryAsList(entry) });
    }
    // The lists' words are the most frequent PREFIX_EXPANSIONS at most: all of them taken, or short lists left
    // over, means more words began with the prefix than it stood for.
    expansions.push({
      prefix,
      words: PREFIX_EXPANSIONS - room + entries.length,
      capped: room <= 0 || matching.length > entries.length,
    });
  }
  return resolved;
}

/** A query lexeme with its list and what scoring needs of it. */
export interface Term {
  lexeme: string;
  grp: string;
  list: BlockList;
  idf: number;
  /** The group's bit (the groups in name order, the 31st and later sharing the last). */
  bit: number;
  /** 0 for the word's own lexeme (or a prefix's); the edits of a typo's correction (typos.ts). */
  typo: number;
}

/** A correction's lexeme joining its typed word's group (the word's stem), with its list. */
export interface CorrectedTerm {
  grp: string;
  lexeme: string;
  edits: number;
  list: BlockList;
}

/** The query's words planned: the terms to score, how many words (groups) were asked and known. */
export interface TermPlan {
  terms: Term[];
  /** How many query words (groups) the search asked for. */
  wanted: number;
  /** How many of them are in some passage of the user. */
  known: number;
  /** The query's lexemes, for marking the matches in snippets. */
  lexemes: string[];
  /** Whether a passage holds an excluded word (every lexeme of it). */
  isExcluded: (id: number) => boolean;
}

export function planTerms(
  resolved: readonly ResolvedTerm[],
  passageCount: number,
  corrected: readonly CorrectedTerm[] = [],
): TermPlan {
  const queryRows = resolved.filter((row) => !row.excluded);
  const groupNames = [...new Set(queryRows.map((row) => row.grp))].sort();
  const bitOf = new Map(groupNames.map((grp, at) => [grp, 2 ** Math.min(at, 30)]));
  const terms: Term[] = queryRows.flatMap((row) =>
    row.list === undefined || row.list.documentFrequency === 0
      ? []
      : [
          {
            lexeme: row.lexeme,
            grp: row.grp,
            list: row.list,
            idf: bm25Idf(passageCount, row.list.documentFrequency),
            bit: bitOf.get(row.grp) ?? 0,
            typo: 0,
          },
        ],
  );
  const held = new Set(terms.map((term) => term.lexeme));
  // A typed word's corrections weigh as one word, the commonest of them: a rare word one typo away (a name, a
  // misspelling in one spam) would otherwise outweigh the word meant, whose idf is lower because it is common.
  const commonest = new Map<string, number>();
  for (const c of corrected)
    commonest.set(c.grp, Math.max(commonest.get(c.grp) ?? 0, c.list.documentFrequency));
  for (const correction of corrected) {
    const bit = bitOf.get(correction.grp);
    if (bit === undefined || held.has(correction.lexeme) || correction.list.documentFrequency === 0) continue;
    held.add(correction.lexeme);
    terms.push({
      lexeme: correction.lexeme,
      grp: correction.grp,
      list: correction.list,
      idf: bm25Idf(passageCount, commonest.get(correction.grp) ?? correction.list.documentFrequency),
      bit,
      typo: correction.edits,
    });
  }
  // Each excluded word: the lists of its lexemes (none when one of them is in no passage: it excludes nothing).
  const excludedWords = new Map<string, BlockList[] | null>();
  for (const row of resolved.filter((r) => r.excluded)) {
    const lists = excludedWords.get(row.grp);
    if (lists === null) continue;
    excludedWords.set(row.grp, row.list !== undefined ? [...(lists ?? []), row.list] : null);
  }
  const excludedLists = [...excludedWords.values()].filter((lists): lists is BlockList[] => lists !== null);
  return {
    terms,
    wanted: groupNames.length,
    known: new Set(terms.map((term) => term.grp)).size,
    lexemes: [...new Set([...queryRows.map((row) => row.lexeme), ...corrected.map((c) => c.lexeme)])],
    isExcluded: (id) => excludedLists.some((lists) => lists.every((list) => list.weightOf(id) >= 0)),
  };
}
