import { z } from 'zod';
import { currencyCode } from './currencies';
import { DATABASE_SOURCE_KINDS } from './database-sources';
import { MicrosecondTimestampSchema, pageQueryShape } from './paging';
import { MENTIONS_MAX_LENGTH } from './query-syntax';
import { SOURCE_KINDS } from './sources';
import { DOCUMENT_KINDS } from './document-formats';

// Issue 10: the uploads and search API (services/search). One schema per payload: the service parses
// with these, the Uploads page and the search box build their requests and read the answers with them.

export * from './document-formats';

/**
 * What the type filter and facet take (issue 42 item 4): a document's kind, or `row` for what a database source
 * brought in (stored as HTML, counted as rows).
 */
export const ROW_KIND = 'row';
export const SEARCH_KINDS = [...DOCUMENT_KINDS, ROW_KIND] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const DOCUMENT_STATUSES = ['queued', 'extracting', 'indexed', 'failed'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The limits; the service's settings default to these. */
export const UPLOAD_MAX_FILE_BYTES = 25 * 1024 * 1024;
export const UPLOAD_MAX_FILES = 200;

export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;
export const SEARCH_QUERY_MAX_LENGTH = 500;

export const SEARCH_MESSAGES = {
  queryRequired: 'Enter something to search for.',
  /**
   * A query of exclusions alone ("-draft"): nothing to list from. Operators alone (from:, type:, …) list what
   * matches, newest first (issue 42 item 3).
   */
  wordsRequired: 'Add a word to look for, or an operator such as from:, to:, type:, the dates or has:.',
  queryTooLong: `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  badType: `Type must be one of ${SEARCH_KINDS.join(', ')}.`,
  badDate: 'Dates must be written YYYY-MM-DD.',
  badRange: '"date_from" must not be after "date_to".',
  badLimit: `Limit must be a whole number from 1 to ${SEARCH_LIMIT_MAX}.`,
  badCursor: 'This page link is no longer valid; search again.',
  badAmount: 'Amounts must be numbers such as 10000 or 99.50, not negative.',
  badAmountRange: '"amount_min" must not be more than "amount_max".',
  badCurrency: 'Currency must be a code such as INR, USD, EUR or GBP (or ₹, $, €, £).',
  badEntity: 'A person or organisation name is 1 to 100 characters.',
  badTypos: 'typos can be on or off.',
  badAsYouType: 'as_you_type can be on or off.',
} as const;

/** A decimal written in a query string ("10000", "99.50"); no exponents, signs or grouping commas. */
const amount = z
  .string()
  .trim()
  .regex(/^\d{1,15}(\.\d{1,4})?$/, SEARCH_MESSAGES.badAmount)
  .transform(Number);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = z
  .string()
  .regex(ISO_DAY, SEARCH_MESSAGES.badDate)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, SEARCH_MESSAGES.badDate);

/** `GET /api/v1/search` query string. Every value arrives as text, so limit is read from digits. */
export const SearchQuerySchema = z
  .object({
    q: z
      .string({ error: SEARCH_MESSAGES.queryRequired })
      .trim()
      .min(1, SEARCH_MESSAGES.queryRequired)
      .max(SEARCH_QUERY_MAX_LENGTH, SEARCH_MESSAGES.queryTooLong),
    type: z.enum(SEARCH_KINDS, { error: SEARCH_MESSAGES.badType }).optional(),
    // The document's date or a date in the passage lies in [date_from, date_to] (issue 42 item 6: named so they
    // cannot be taken for the query's from:/to:, the sender and the recipient).
    date_from: calendarDay.optional(),
    date_to: calendarDay.optional(),
    /** @deprecated The old names of date_from/date_to, still read for one release (issue 42 item 6). */
    from: calendarDay.optional(),
    /** @deprecated See `from`. */
    to: calendarDay.optional(),
    ...pageQueryShape({
      defaultLimit: SEARCH_LIMIT_DEFAULT,
      maxLimit: SEARCH_LIMIT_MAX,
      badLimit: SEARCH_MESSAGES.badLimit,
      badCursor: SEARCH_MESSAGES.badCursor,
    }),
    // As-you-type (issue 42 item 2): the last word, typed without a space after it, is a prefix (`inv` → `inv*`).
    // The search box sends `on` while the person is in a word; a trailing space means the word is whole.
    as_you_type: z.enum(['on', 'off'], { error: SEARCH_MESSAGES.badAsYouType }).optional(),
    // Typo tolerance (issue 42 item 1) is on unless `off`: "Search instead for morgage" asks again with it off.
    typos: z.enum(['on', 'off'], { error: SEARCH_MESSAGES.badTypos }).optional(),
    // Facts as filters (issue 10 part 5): a passage holding an amount in the range (and currency), or
    // naming the person or organisation. from/to match the document's date or any date in the passage.
    amount_min: amount.optional(),
    amount_max: amount.optional(),
    currency: z
      .string({ error: SEARCH_MESSAGES.badCurrency })
      .trim()
      .transform((value) => currencyCode(value) ?? '')
      .refine((code) => code !== '', SEARCH_MESSAGES.badCurrency)
      .optional(),
    entity: z
      .string({ error: SEARCH_MESSAGES.badEntity })
      .trim()
      .min(1, SEARCH_MESSAGES.badEntity)
      .max(MENTIONS_MAX_LENGTH, SEARCH_MESSAGES.badEntity)
      // PostgreSQL text cannot hold NUL (a 500 before this check); no name holds a control character.
      .refine((name) => !/\p{Cc}/u.test(name), SEARCH_MESSAGES.badEntity)
      .optional(),
  })
  .transform(({ from, to, ...query }) => ({
    ...query,
    date_from: query.date_from ?? from,
    date_to: query.date_to ?? to,
  }))
  .refine(
    (query) =>
      query.date_from === undefined || query.date_to === undefined || query.date_from <= query.date_to,
    { message: SEARCH_MESSAGES.badRange, path: ['date_from'] },
  )
  .refine(
    (query) =>
      query.amount_min === undefined ||
      query.amount_max === undefined ||
      query.amount_min <= query.amount_max,
    { message: SEARCH_MESSAGES.badAmountRange, path: ['amount_min'] },
  );
export type SearchQuery = z.output<typeof SearchQuerySchema>;

/**
 * GET /api/v1/search's query string as a client writes it, typed from the schema's input (every value text, as
 * on the wire) without the old date names, so a client cannot send `from=` for a date and have it read as the
 * query's from: (issue 42 item 6).
 */
export type SearchQueryParams = Omit<z.input<typeof SearchQuerySchema>, 'from' | 'to'>;

/** The query string of typed parameters, in the order written; unset ones are left out. */
export function searchQueryString(params: SearchQueryParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== undefined) out.set(name, value);
  return out;
}

/**
 * What an opaque cursor holds: the last result's score and passage id (keyset on score desc, id asc) and
 * whether the first page ran with AND or relaxed to OR, so later pages keep the same semantics.
 */
export const SearchCursorSchema = z.object({
  s: z.number().finite(),
  i: z.string().regex(/^\d{1,19}$/),
  m: z.enum(['and', 'or']),
});
export type SearchCursor = z.output<typeof SearchCursorSchema>;

export const FactsSchema = z.object({
  dates: z.array(z.object({ text: z.string(), iso: z.string() })),
  amounts: z.array(z.object({ text: z.string(), currency: z.string(), value: z.number() })),
  people: z.array(z.object({ name: z.string(), email: z.string().optional() })),
  organisations: z.array(z.string()),
});
export type Facts = z.output<typeof FactsSchema>;

/**
 * A snippet as it travels: runs of the passage's own text, the words that matched marked. Plain text, never
 * HTML: a client renders each run as text (a `<script>` in a document stays visible text) and needs no
 * parser; the mail joins the runs.
 */
export const SnippetPartSchema = z.object({ text: z.string(), marked: z.boolean() });
export type SnippetPart = z.output<typeof SnippetPartSchema>;
export const SnippetSchema = z.array(SnippetPartSchema);

/** A snippet's text without its marks (the plain-text mail, a title attribute). */
export const snippetText = (parts: readonly SnippetPart[]): string => parts.map((part) => part.text).join('');

/** The words a snippet marked, each once (to mark them again in the passage's whole text). */
export const markedWords = (parts: readonly SnippetPart[]): string[] => [
  ...new Set(parts.filter((part) => part.marked).map((part) => part.text)),
];
/**
 * What a person calls a document (issue 19 item 3): its title — an email's subject, a page's <title>, a
 * document's own title — with the file name beside it when the two differ; the file name alone before it
 * is indexed or when it has no title of its own. One rule for results, the Uploads list, citations and mail.
 */
export function documentLabel(document: { name: string; title?: string | null | undefined }): {
  title: string;
  fileName: string | null;
} {
  const title = document.title?.replace(/\s+/g, ' ').trim() ?? '';
  const base = document.name.replace(/\.[^.]+$/, '');
  if (title === '' || title === document.name || title === base)
    return { title: document.name, fileName: null };
  // An attachment's title names it already: "invoice.xlsx — in: Q3 numbers" (issue 39 item 6).
  if (title.startsWith(`${document.name} — in: `)) return { title, fileName: null };
  return { title, fileName: document.name };
}

/**
 * What the location of a passage read from an image by OCR ends with (issue 39 item 4): "page 3, read from an
 * image". Results, citations and the passage panel show the location, so the person knows the words may hold
 * recognition mistakes.
 */
export const READ_FROM_IMAGE = 'read from an image';

/** The location of OCR text: "page 3, read from an image", or "read from an image" for an image itself. */
export const imageLocation = (place: string | null): string =>
  place === null ? READ_FROM_IMAGE : `${place}, ${READ_FROM_IMAGE}`;

/**
 * Where a document a source brought in lives there (issue 21, "a result opens the message in context with
 * its folder"): the source's name and the message's folder (null if unknown). Absent or null for uploads.
 */
export const DocumentSourceSchema = z.object({
  name: z.string(),
  folder: z.string().nullable(),
  /** The source's kind: a database's row is stored as HTML but is shown as a row (issue 22). */
  kind: z.enum(SOURCE_KINDS).optional(),
});
export type DocumentSource = z.output<typeof DocumentSourceSchema>;

/** What a database source's document is called where a file shows its type (PDF, HTML, …). */
export const DATABASE_ROW_LABEL = 'Row';

/** Whether a document is a row a database source brought in (issue 22), rather than a file or a message. */
export function isDatabaseRow(source: DocumentSource | null | undefined): boolean {
  return (DATABASE_SOURCE_KINDS as readonly string[]).includes(source?.kind ?? '');
}

/** "Work mail › INBOX", or the source's name alone when the folder is unknown; null for an upload. */
export function documentSourceLine(source: DocumentSource | null | undefined): string | null {
  if (source === null || source === undefined) return null;
  return source.folder === null ? source.name : `${source.name} › ${source.folder}`;
}

export const SearchResultSchema = z.object({
  document: z.object({
    id: z.string(),
    name: z.string(),
    /** The document's own title (documentLabel); null when it has none. */
    title: z.string().nullable(),
    type: z.enum(DOCUMENT_KINDS),
    document_date: z.string().nullable(),
    source: DocumentSourceSchema.nullable().optional(),
  }),
  passage: z.object({ id: z.string(), ordinal: z.number().int(), location: z.string() }),
  /** The passage around its matches, the matched words marked. */
  snippet: SnippetSchema,
  score: z.number(),
  facts: FactsSchema.partial(),
});
export type SearchResult = z.output<typeof SearchResultSchema>;

/** How a search's results are ordered: by relevance to the words, or newest first when there are none. */
export const SEARCH_ORDERS = ['relevance', 'newest'] as const;
export type SearchOrder = (typeof SEARCH_ORDERS)[number];

export const SearchResponseSchema = z.object({
  results: z.array(SearchResultSchema),
  /** Matching documents per type, for the query and dates without the type filter. */
  facets: z.object({
    type: z.array(z.object({ value: z.enum(SEARCH_KINDS), count: z.number().int() })),
    /**
     * Where the matching documents came from (issue 21): a source by id with its name, or `uploads`; what
     * `source:` takes is the label.
     */
    source: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })).default([]),
    /**
     * Who sent the matching documents, the ten who sent most (issue 42 item 4): `value` is what from: takes
     * (the address, else the name), `label` the name.
     */
    sender: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })).optional(),
    /** When: matching documents per year and per month (YYYY, YYYY-MM), newest first. */
    year: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
    month: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
  }),
  /** `and` when every word had to match; `or` when that found too little and the search was relaxed. */
  mode: z.enum(['and', 'or']),
  /**
   * How the results are ordered (issue 42 item 3): by relevance, or `newest` first for a search of operators
   * alone ("from:rohit", "has:attachment after:2026-11-01"), whose results' `score` is 0. Absent: relevance.
   */
  order: z.enum(SEARCH_ORDERS).optional(),
  /**
   * Typed words that are in no document and were searched as the nearest words that are (issue 42 item 1), and
   * the query as it was run: "Showing results for `corrected_query`. Search instead for `q`" (with typos=off).
   * Absent when nothing was corrected.
   */
  corrections: z.array(z.object({ word: z.string(), correction: z.string() })).optional(),
  corrected_query: z.string().optional(),
  /**
   * What each `word*` stood for (issue 42 item 2): how many of the user's words it matched, the most frequent
   * `PREFIX_EXPANSIONS` (16) at most, and whether more began with it (`capped`: "showing the 16 commonest words
   * starting inv"). Absent without a prefix.
   */
  prefixes: z
    .array(z.object({ prefix: z.string(), words: z.number().int(), capped: z.boolean() }))
    .optional(),
  next_cursor: z.string().nullable(),
});
export type SearchResponse = z.output<typeof SearchResponseSchema>;

export const UploadedDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Its title once indexed (documentLabel); null before, or when it has none. */
  title: z.string().nullable(),
  type: z.enum(DOCUMENT_KINDS),
  media_type: z.string(),
  size_bytes: z.number().int(),
  parts: z.number().int().nullable(),
  status: z.enum(DOCUMENT_STATUSES),
  failure_reason: z.string().nullable(),
  /**
   * What the person should know about how it was read (issue 39): pages that could not be read from their
   * images, an archive's entries left out, a name that said another kind. Empty when nothing.
   */
  notes: z.array(z.string()).optional(),
  document_date: z.string().nullable(),
  created_at: z.string(),
});
export type UploadedDocument = z.output<typeof UploadedDocumentSchema>;

/** `POST /api/v1/uploads` answer: the documents of the batch, queued. */
export const UploadsResponseSchema = z.object({ documents: z.array(UploadedDocumentSchema) });
export type UploadsResponse = z.output<typeof UploadsResponseSchema>;

// GET /api/v1/uploads is paged (docs/decisions/013-uploads-page.md "Paging"): at 48,000 documents one
// answer held them all, megabytes of JSON, re-read once a second while anything was being indexed.
export const UPLOADS_LIMIT_DEFAULT = 50;
export const UPLOADS_LIMIT_MAX = 200;

/**
 * Upload requests one user may have running at once (the search service's UPLOAD_CONCURRENCY_PER_USER
 * default, issue 18 item 7); the Uploads page sends no more than this at a time.
 */
export const UPLOAD_CONCURRENCY_PER_USER = 2;

export const UPLOADS_MESSAGES = {
  badLimit: `Limit must be a whole number from 1 to ${UPLOADS_LIMIT_MAX}.`,
  badCursor: 'This list of your uploads is out of date; reload the page.',
} as const;

/** `GET /api/v1/uploads` query string: newest first, `limit` a page, `cursor` from the previous page. */
export const UploadsListQuerySchema = z.object(
  pageQueryShape({
    defaultLimit: UPLOADS_LIMIT_DEFAULT,
    maxLimit: UPLOADS_LIMIT_MAX,
    badLimit: UPLOADS_MESSAGES.badLimit,
    badCursor: UPLOADS_MESSAGES.badCursor,
  }),
);
export type UploadsListQuery = z.output<typeof UploadsListQuerySchema>;

/**
 * What an opaque uploads cursor holds: the last document's key (keyset on created_at desc, id desc).
 * created_at to the microsecond, as PostgreSQL keeps it: cut to JavaScript's milliseconds, the documents
 * created within the same millisecond after the cursor would be skipped.
 */
export const UploadsCursorSchema = z.object({
  c: MicrosecondTimestampSchema,
  i: z.uuid(),
});
export type UploadsCursor = z.output<typeof UploadsCursorSchema>;

/** `GET /api/v1/uploads` answer: one page, the cursor of the next (null on the last), the user's count. */
export const UploadsListResponseSchema = z.object({
  documents: z.array(UploadedDocumentSchema),
  next_cursor: z.string().nullable(),
  /** Every document the user has, so the page can say "Showing 50 of 48,368". */
  total: z.number().int().nonnegative(),
  /**
   * Whether the user has connected a source (issue 21): its documents are searchable here too, so the page
   * offers search even with no upload.
   */
  has_sources: z.boolean().optional(),
});
export type UploadsListResponse = z.output<typeof UploadsListResponseSchema>;

export const UploadResponseSchema = z.object({ document: UploadedDocumentSchema });
export type UploadResponse = z.output<typeof UploadResponseSchema>;

export const UploadIdSchema = z.uuid({ error: 'Not found' });
