import { ComputedAnswerSchema, RecordFieldSchema } from './records';
import { z } from 'zod';
import { COMMAND_VERBS } from './command-grammar';
import { type AddressRules, addressSchema, STRICT_ADDRESSES } from './email';
import { DOCUMENT_KINDS, DocumentSourceSchema, SnippetSchema } from './search';
import { requestBody } from './request-body';
import { MicrosecondTimestampSchema, pageQueryShape } from './paging';

// Issue 11: the Chats API (services/search, under /api/v1/chats and /api/v1/passages). The service parses
// requests and builds answers with these schemas; the Chats remote reads every response with them.

export const CHAT_TITLE_MAX_LENGTH = 120;
export const CHAT_QUESTION_MAX_LENGTH = 2000;
/** What the list shows for a chat that has neither a given title nor a first question yet. */
export const UNTITLED_CHAT = 'New chat';
/** `GET /api/v1/chats` pages: a sidebar's worth by default, never more than a hundred rows a request. */
export const CHAT_LIST_LIMIT_DEFAULT = 30;
export const CHAT_LIST_LIMIT_MAX = 100;

export const CHAT_MESSAGES = {
  titleRequired: 'Give the chat a title.',
  titleTooLong: `A title can be at most ${CHAT_TITLE_MAX_LENGTH} characters.`,
  questionRequired: 'Type a question or a command.',
  questionTooLong: `A question can be at most ${CHAT_QUESTION_MAX_LENGTH} characters.`,
  notFound: 'Not found',
  badLimit: `Limit must be a whole number from 1 to ${CHAT_LIST_LIMIT_MAX}.`,
  badCursor: 'This page of chats is no longer valid; reload the list.',
  /** CHAT_CREATES_PER_MINUTE: 429 with retry_after. */
  createsTooFast: (product: string) =>
    `You are starting chats faster than ${product} allows. Wait a moment, or ask in a chat you have.`,
  /** CHAT_MAILS_PER_HOUR: 429 with retry_after. */
  mailsPerHour: (limit: number) =>
    `You have mailed ${limit} answers in the last hour, the most there can be — try again later.`,
  /** CHAT_MAILS_PER_DAY. */
  mailsPerDay: (limit: number) =>
    `You have mailed ${limit} answers in the last day, the most there can be — try again tomorrow.`,
  /** CHAT_MAILS_PER_RECIPIENT_PER_DAY. */
  mailsPerRecipient: (address: string, limit: number) =>
    `${address} has been sent ${limit} mails from you in the last day, the most one address can get — try again tomorrow.`,
  /** 403 recipient_unconfirmed, the first time: a confirm mail went out. */
  recipientConfirmSent: (address: string) =>
    `${address} has not yet confirmed it wants answers from you. We sent it a confirmation link; once it is confirmed, send again.`,
  /** 403 recipient_unconfirmed, while a confirm mail of the last hour waits. */
  recipientConfirmPending: (address: string) =>
    `${address} has not confirmed yet: we sent it a confirmation link within the last hour. Once it is confirmed, send again.`,
} as const;

/** Error codes of a refused chat mail (the envelope's `code`). */
export const CHAT_MAIL_CODES = { recipientUnconfirmed: 'recipient_unconfirmed' } as const;

/** GET shows the confirm page, POST confirms (a link scanner's GET never confirms). */
export const CHAT_RECIPIENT_CONFIRM_PATH = '/api/v1/chats/recipients/confirm';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A chat, message or delivery id: a UUID; anything else is a 404 like an id that is not the user's. */
export const ChatIdSchema = z.uuid({ error: CHAT_MESSAGES.notFound });
/** Passage ids are the index's bigint keys, sent as decimal text. */
export const PassageIdSchema = z.string().regex(/^[1-9]\d{0,17}$/, CHAT_MESSAGES.notFound);

/**
 * Control characters other than tab and line breaks go, and a lone surrogate half becomes U+FFFD:
 * PostgreSQL text cannot hold NUL nor jsonb an unpaired surrogate, and the rest only garble the text.
 */
const CONTROLS = /(?![\t\n\r])\p{Cc}/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const withoutControls = (text: string) => text.replace(CONTROLS, '').replace(LONE_SURROGATE, '\uFFFD');

const titleText = z
  .string({ error: CHAT_MESSAGES.titleRequired })
  .transform(withoutControls)
  .pipe(
    z
      .string()
      .trim()
      .min(1, CHAT_MESSAGES.titleRequired)
      .max(CHAT_TITLE_MAX_LENGTH, CHAT_MESSAGES.titleTooLong),
  );

// ---- Requests ----

/** `POST /api/v1/chats`: a title is optional; the first question titles an untitled chat. */
export const CreateChatBodySchema = requestBody({ title: titleText.optional() });
export type CreateChatBody = z.output<typeof CreateChatBodySchema>;

/** `PATCH /api/v1/chats/:id`. */
export const RenameChatBodySchema = requestBody({ title: titleText });
export type RenameChatBody = z.output<typeof RenameChatBodySchema>;

/** `GET /api/v1/chats` query string: every value arrives as text, so limit is read from digits. */
export const ChatListQuerySchema = z.object(
  pageQueryShape({
    defaultLimit: CHAT_LIST_LIMIT_DEFAULT,
    maxLimit: CHAT_LIST_LIMIT_MAX,
    badLimit: CHAT_MESSAGES.badLimit,
    badCursor: CHAT_MESSAGES.badCursor,
  }),
);
export type ChatListQuery = z.output<typeof ChatListQuerySchema>;

/**
 * What an opaque list cursor holds: the last chat's activity and id (keyset on updated_at desc, id desc).
 * The time is PostgreSQL's own text to the microsecond: a JavaScript Date keeps milliseconds, and a cursor
 * rounded down would skip chats active within the same millisecond.
 */
export const ChatListCursorSchema = z.object({
  u: MicrosecondTimestampSchema,
  i: z.uuid(),
});
export type ChatListCursor = z.output<typeof ChatListCursorSchema>;

/** `POST /api/v1/chats/:id/messages`: a plain question or a command in the docs/product/public-pages.md#command-grammar grammar. */
export const AskBodySchema = requestBody({
  text: z
    .string({ error: CHAT_MESSAGES.questionRequired })
    .transform(withoutControls)
    .pipe(
      z
        .string()
        .trim()
        .min(1, CHAT_MESSAGES.questionRequired)
        .max(CHAT_QUESTION_MAX_LENGTH, CHAT_MESSAGES.questionTooLong),
    ),
});
export type AskBody = z.output<typeof AskBodySchema>;

/** `POST /api/v1/chats/:id/messages/:messageId/send`: mail that answer to an address. */
export const sendAnswerBodySchema = (rules: AddressRules = STRICT_ADDRESSES) =>
  requestBody({ address: addressSchema('address', rules) });
export const SendAnswerBodySchema = sendAnswerBodySchema();
/** The same route with a destination (issue 22 "Ship"): post that answer to one of the user's webhooks. */
export const PostAnswerBodySchema = requestBody({ destination_id: z.uuid() });
export type PostAnswerBody = z.output<typeof PostAnswerBodySchema>;
export type SendAnswerBody = z.output<typeof SendAnswerBodySchema>;

// ---- Responses ----

export const ChatSchema = z.object({
  id: z.string(),
  /** The given title, else the first question (shortened), else UNTITLED_CHAT. */
  title: z.string(),
  created_at: z.string(),
  /** Last activity: creation, rename or the latest message. The list is ordered by it, newest first. */
  updated_at: z.string(),
});
export type Chat = z.output<typeof ChatSchema>;

/** A destination as the grammar reads it (see command-grammar.ts); null when no arrow was typed. */
export const ChatDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chat'), channel: z.string() }),
  z.object({ kind: z.literal('teams'), channel: z.string() }),
  /** `address` is '' when `-> email` named no valid address. */
  z.object({ kind: z.literal('email'), address: z.string() }),
  z.object({ kind: z.literal('drive'), folder: z.string() }),
  z.object({ kind: z.literal('unknown') }),
]);
export type ChatDestination = z.output<typeof ChatDestinationSchema>;

export const ChatCommandSchema = z.object({
  /** The grammar's verb; a question in plain words reads as `find`. */
  verb: z.enum(COMMAND_VERBS),
  /** The words searched for, after dates, amounts and names were taken out as filters. */
  query: z.string(),
  destination: ChatDestinationSchema.nullable(),
});
export type ChatCommand = z.output<typeof ChatCommandSchema>;

/**
 * The filters understood from the question; the same names as the search API's: the date range is
 * `date_from`/`date_to`, never `from`/`to`, which the search syntax reads as the sender and recipient (issue 42
 * item 6).
 */
export const ChatFiltersSchema = z.object({
  date_from: z.string().regex(ISO_DAY).optional(),
  date_to: z.string().regex(ISO_DAY).optional(),
  amount_min: z.number().optional(),
  amount_max: z.number().optional(),
  /** ISO 4217, e.g. INR, USD, EUR, GBP. */
  currency: z.string().length(3).optional(),
  /** A person or organisation name found among the user's documents' extracted entities. */
  entity: z.string().optional(),
  /** A kind the question named in words ("mail", "emails", "PDFs"): a filter, not a word to look for (issue 37). */
  type: z.enum(DOCUMENT_KINDS).optional(),
});
export type ChatFilters = z.output<typeof ChatFiltersSchema>;

export const CHAT_LAYOUTS = ['summary-first', 'table-first'] as const;
export type ChatLayout = (typeof CHAT_LAYOUTS)[number];

/** One extractive summary sentence: text copied from a passage, never written by the service. */
export const SummarySentenceSchema = z.object({ text: z.string(), passage_id: z.string() });
export type SummarySentence = z.output<typeof SummarySentenceSchema>;

export const AnswerPassageSchema = z.object({
  passage_id: z.string(),
  document_id: z.string(),
  document_name: z.string(),
  /** The document's title (documentLabel); absent in answers stored before titles were kept. */
  document_title: z.string().nullable().optional(),
  /** Page or section, e.g. "Page 2" or "Body". */
  location: z.string(),
  /** The passage around its matches, the matched words marked (as in search results). */
  snippet: SnippetSchema,
  score: z.number(),
});
export type AnswerPassage = z.output<typeof AnswerPassageSchema>;

export const AnswerFieldsSchema = z.object({
  /** YYYY-MM-DD: the passage's first date, else the document's date. */
  date: z.string().optional(),
  /** The amount labelled total, else the largest. */
  total: z.object({ value: z.number(), currency: z.string(), text: z.string() }).optional(),
  people: z.array(z.string()),
  organisations: z.array(z.string()),
  passage_id: z.string(),
  /** The source column: which document the row came from. */
  document_name: z.string(),
  document_title: z.string().nullable().optional(),
  /**
   * Every typed field of the row (docs/decisions/130-typed-fields.md): a database row's or a sheet's columns, or
   * the total, date and parties a text holds. Absent in answers stored before typed fields.
   */
  fields: z.array(RecordFieldSchema).optional(),
  /** A workflow's flag rule picked this row (issue 40: "due date before today first"); absent in chats. */
  flagged: z.boolean().optional(),
});
export type AnswerFields = z.output<typeof AnswerFieldsSchema>;

export const DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliverySchema = z.object({
  id: z.string(),
  address: z.string(),
  status: z.enum(DELIVERY_STATUSES),
  updated_at: z.string(),
  /**
   * A post to a destination (issue 38 item 4): why its last try failed, in words ("The certificate of
   * hooks.internal is not trusted…", "Slack answered 500…"); null or absent when nothing failed, and for mail.
   */
  error: z.string().nullable().optional(),
  /** A queued post that will be tried again: when, which try that is, and how many it has in all. */
  retry: z
    .object({ at: z.string(), next_try: z.number().int(), tries: z.number().int() })
    .nullable()
    .optional(),
});
export type Delivery = z.output<typeof DeliverySchema>;

export const UserChatMessageSchema = z.object({
  id: z.string(),
  role: z.literal('user'),
  /** The question as typed. */
  text: z.string(),
  created_at: z.string(),
});
export type UserChatMessage = z.output<typeof UserChatMessageSchema>;

export const AssistantChatMessageSchema = z.object({
  id: z.string(),
  role: z.literal('assistant'),
  /** The question this answers, as typed (the thread shows it above the answer). */
  text: z.string(),
  created_at: z.string(),
  command: ChatCommandSchema,
  filters: ChatFiltersSchema,
  /** `extract` and `export` put the fields table first; everything else leads with the summary. */
  layout: z.enum(CHAT_LAYOUTS),
  summary: z.array(SummarySentenceSchema),
  passages: z.array(AnswerPassageSchema),
  fields: z.array(AnswerFieldsSchema),
  documents_read: z.array(
    z.object({ id: z.string(), name: z.string(), title: z.string().nullable().optional() }),
  ),
  /** When nothing matched: what to broaden (e.g. drop the date filter); null when something did. */
  empty_hint: z.string().nullable(),
  /** A question that computes over typed rows (issue 37): its figures and rows; absent otherwise. */
  computed: ComputedAnswerSchema.nullable().optional(),
  /**
   * The fields table's columns, in order (answer-columns.ts): a workflow's chosen ones. Absent: the chat's four
   * base columns.
   */
  columns: z.array(z.string().max(80)).max(12).optional(),
  /** A destination that cannot be used yet, e.g. "Teams isn't connected yet — send it by email instead". */
  destination_note: z.string().nullable(),
  deliveries: z.array(DeliverySchema),
});
export type AssistantChatMessage = z.output<typeof AssistantChatMessageSchema>;

export const ChatMessageSchema = z.discriminatedUnion('role', [
  UserChatMessageSchema,
  AssistantChatMessageSchema,
]);
export type ChatMessage = z.output<typeof ChatMessageSchema>;

/** `GET /api/v1/chats`: one page, most recent activity first. */
export const ChatListResponseSchema = z.object({
  chats: z.array(ChatSchema),
  /**
   * Where the next page starts (`?cursor=`); null on the last page. A remote can be newer than the service
   * it talks to (they deploy apart), and a service from before paging sent every chat and no cursor.
   */
  next_cursor: z.string().nullable().default(null),
});
export type ChatListResponse = z.output<typeof ChatListResponseSchema>;

/** `POST /api/v1/chats` (201) and `PATCH /api/v1/chats/:id` (200). */
export const ChatResponseSchema = z.object({ chat: ChatSchema });
export type ChatResponse = z.output<typeof ChatResponseSchema>;

/** `GET /api/v1/chats/:id`: the chat and its thread, oldest message first. */
export const ChatThreadResponseSchema = z.object({ chat: ChatSchema, messages: z.array(ChatMessageSchema) });
export type ChatThreadResponse = z.output<typeof ChatThreadResponseSchema>;

/** `POST /api/v1/chats/:id/messages` (201). */
export const AskResponseSchema = z.object({
  /** The chat as the exchange left it: the first question titles it, so the thread's header follows at once. */
  chat: ChatSchema,
  question: UserChatMessageSchema,
  answer: AssistantChatMessageSchema,
});
export type AskResponse = z.output<typeof AskResponseSchema>;

/** `POST /api/v1/chats/:id/messages/:messageId/send` (202). */
export const SendAnswerResponseSchema = z.object({ delivery: DeliverySchema });
export type SendAnswerResponse = z.output<typeof SendAnswerResponseSchema>;

export const ContextPassageSchema = z.object({
  id: z.string(),
  ordinal: z.number().int(),
  location: z.string(),
  /** Plain text (not HTML); the client escapes it. */
  text: z.string(),
});
export type ContextPassage = z.output<typeof ContextPassageSchema>;

/** `GET /api/v1/passages/:id`: the passage with its neighbours in the same document, in order. */
export const PassageContextResponseSchema = z.object({
  document: z.object({
    id: z.string(),
    name: z.string(),
    title: z.string().nullable().optional(),
    type: z.enum(DOCUMENT_KINDS),
    /** The source and folder of a document a source brought in (issue 21); null for an upload. */
    source: DocumentSourceSchema.nullable().optional(),
  }),
  passage: ContextPassageSchema,
  before: z.array(ContextPassageSchema),
  after: z.array(ContextPassageSchema),
});
export type PassageContextResponse = z.output<typeof PassageContextResponseSchema>;
