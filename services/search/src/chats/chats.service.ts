import {
  askedPart,
  type AskResponse,
  ANSWER_BASE_COLUMNS,
  answerColumnCell,
  answerColumnHeading,
  type AssistantChatMessage,
  type Chat,
  type ChatListQuery,
  type ChatListResponse,
  type ChatMessage,
  type ChatThreadResponse,
  type Delivery,
  documentHref,
  documentLabel,
  addressSchema,
  UNTITLED_CHAT,
  snippetText,
} from '@trove/contracts';
import { ApiError, chatAnswerMail, type DatabaseHandle, enqueueMail } from '@trove/service-core';
import { type AnswerDigest, FIELDS_MAX } from '../destinations/destination-payloads';
import type { DestinationPostQueue } from '../destinations/destination-jobs';
import type { DestinationPostLimit } from '../destinations/post-limit';
import { type DestinationRow, findDestination } from '../destinations/destinations.repository';
import { insertPostDelivery } from '../destinations/post-deliveries.repository';
import { shipTarget } from '../destinations/ship';
import { type AnswerSettings, answerQuestion } from './answer.service';
import { decodeChatListCursor, encodeChatListCursor } from './chat-list-cursor';
import { type ChatMailLimits, clearAnswerMail } from './chat-mail.service';
import {
  appendExchange,
  type ChatRow,
  createChat,
  type DeliveryRow,
  deleteChat,
  findAnswer,
  findChat,
  insertDelivery,
  listChats,
  listDeliveries,
  listMessages,
  lockChat,
  type MessageRow,
  renameChat,
  type StoredAnswer,
} from './chats.repository';

// The Chats API's work (issue 11): threads that read back as answered, questions answered and kept, and
// answers mailed through the shared outbox, whose worker (in the auth service, ADR 005) delivers them.

export interface ChatSettings extends AnswerSettings, ChatMailLimits {
  /** After this many failed sends a delivery shows as failed (the outbox keeps retrying). */
  mailFailedAfterAttempts: number;
  /** Issue 22: where `-> #finance` posts are queued; unset, no destination is offered. */
  destinationQueue?: DestinationPostQueue | undefined;
  /** Issue 35 item 2: posts one user may ask for a minute and a day; unset, none are counted. */
  destinationPostLimit?: DestinationPostLimit | undefined;
}

export const NOT_FOUND = () => new ApiError(404, 'Not found', 'not_found');

/** A chat's title in the list: the first question, shortened at a word. */
export const TITLE_FROM_QUESTION_MAX = 80;

/**
 * What a question asks, for the chat's title and an answer sent elsewhere: "-> #finance" says where to send
 * it, not what it is about. A question that is nothing but the arrow keeps its text (a title or a post's
 * header is never empty).
 */
export function questionAsked(text: string): string {
  return askedPart(text) || text.trim();
}

export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_FROM_QUESTION_MAX) return line;
  const cut = line.slice(0, TITLE_FROM_QUESTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > 40 ? cut.slice(0, space) : cut}…`;
}

function toChat(row: ChatRow): Chat {
  return {
    id: row.id,
    title: row.title ?? UNTITLED_CHAT,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** GET /chats: a page of the user's chats, most recent activity first, and the cursor to the next page. */
export async function chatListPage(
  db: DatabaseHandle,
  userId: string,
  query: ChatListQuery,
): Promise<ChatListResponse> {
  const after = query.cursor === undefined ? undefined : decodeChatListCursor(query.cursor);
  const page = await listChats(db, userId, { limit: query.limit, after });
  return {
    chats: page.chats.map(toChat),
    next_cursor: page.next === null ? null : encodeChatListCursor(page.next),
  };
}

export async function startChat(db: DatabaseHandle, userId: string, title: string | null): Promise<Chat> {
  return toChat(await createChat(db, userId, title));
}

export async function retitleChat(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
  title: string,
): Promise<Chat> {
  const chat = await renameChat(db, userId, chatId, title);
  if (chat === undefined) throw NOT_FOUND();
  return toChat(chat);
}

export async function removeChat(db: DatabaseHandle, userId: string, chatId: string): Promise<void> {
  if (!(await deleteChat(db, userId, chatId))) throw NOT_FOUND();
}

function toDelivery(row: DeliveryRow): Delivery {
  const delivery: Delivery = {
    id: row.id,
    address: row.address,
    status: row.status,
    updated_at: row.updated_at.toISOString(),
  };
  if (row.error === undefined && row.retry === undefined) return delivery;
  return {
    ...delivery,
    error: row.error ?? null,
    retry:
      row.retry == null
        ? null
        : { at: row.retry.at.toISOString(), next_try: row.retry.nextTry, tries: row.retry.tries },
  };
}

function toMessage(row: MessageRow, deliveries: readonly DeliveryRow[]): ChatMessage {
  const created_at = row.created_at.toISOString();
  if (row.role === 'user' || row.answer === null)
    return { id: row.id, role: 'user', text: row.text, created_at };
  return toAnswer(row, row.answer, deliveries);
}

function toAnswer(
  row: MessageRow,
  answer: StoredAnswer,
  deliveries: readonly DeliveryRow[],
): AssistantChatMessage {
  return {
    ...answer,
    id: row.id,
    role: 'assistant',
    text: row.text,
    created_at: row.created_at.toISOString(),
    deliveries: deliveries.filter((delivery) => delivery.message_id === row.id).map(toDelivery),
  };
}

export async function readThread(
  db: DatabaseHandle,
  userId: string,
  chatId: string,
  settings: ChatSettings,
): Promise<ChatThreadResponse> {
  const chat = await findChat(db, userId, chatId);
  if (chat === undefined) throw NOT_FOUND();
  const messages = await listMessages(db, userId, chatId);
  const answerIds = messages.filter((message) => message.role === 'assistant').map((message) => message.id);
  const deliveries = await listDeliveries(db, userId, answerIds, settings.mailFailedAfterAttempts);
  return { chat: toChat(chat), messages: messages.map((message) => toMessage(message, deliveries)) };
}

/**
 * Answers a question and keeps both in the thread. The answer is worked out before the transaction (it
 * only reads), so the chat's row lock is held for two inserts and an update, not for a search. A command
 * naming an email address mails the answer in the same transaction.
 */
export async function ask(
  db: DatabaseHandle,
  request: { userId: string; chatId: string; text: string; now: Date },
  settings: ChatSettings,
): Promise<AskResponse> {
  if ((await findChat(db, request.userId, request.chatId)) === undefined) throw NOT_FOUND();
  const answer = await answerQuestion(db, request.userId, request.text, request.now, settings);
  // `-> email a@b.c`: the address as the Send form would take it (trimmed, lower-cased, docs/product/accounts.md#email-rules rules).
  let address: string | undefined;
  const destination = answer.command.destination;
  if (destination?.kind === 'email' && destination.address !== '') {
    const parsed = addressSchema(undefined, settings.addressRules).safeParse(destination.address);
    if (!parsed.success) {
      answer.destination_note = `“${destination.address}” is not an address mail can go to — check it and send again.`;
    } else {
      address = parsed.data;
    }
  }
  // `-> #finance`, `-> teams "Ops"`: one of the user's destinations by name, or a note offering them.
  let ship: DestinationRow | undefined;
  if ((destination?.kind === 'chat' || destination?.kind === 'teams') && settings.destinationQueue) {
    const target = await shipTarget(db, request.userId, destination);
    if ('destination' in target) {
      ship = target.destination;
      answer.destination_note = null;
      // Over the post limit: the answer is kept, its note says when Send can post it.
      try {
        await settings.destinationPostLimit?.consume(request.userId);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        ship = undefined;
        answer.destination_note = err.message;
      }
    } else {
      answer.destination_note = target.note;
    }
  }
  const postIds: string[] = [];
  const exchange = await db.transaction().execute(async (tx): Promise<AskResponse> => {
    if ((await lockChat(tx, request.userId, request.chatId)) === undefined) throw NOT_FOUND();
    let sender = '';
    if (address !== undefined) {
      const clearance = await clearAnswerMail(
        tx,
        { userId: request.userId, address, now: request.now },
        settings,
      );
      if (clearance.allowed) {
        sender = clearance.sender;
      } else {
        // The answer is kept either way; the note says why it was not mailed (and Send can try again).
        answer.destination_note = clearance.error.message;
        address = undefined;
      }
    }
    const written = await appendExchange(tx, {
      userId: request.userId,
      chatId: request.chatId,
      question: request.text,
      answer,
      title: titleFromQuestion(questionAsked(request.text)),
    });
    const deliveries: DeliveryRow[] = [];
    if (address !== undefined) {
      deliveries.push(
        await queueMail(tx, {
          userId: request.userId,
          chatId: request.chatId,
          message: written.answer,
          answer,
          address,
          sender,
          settings,
        }),
      );
    }
    if (ship !== undefined) {
      const post = await insertPostDelivery(tx, {
        messageId: written.answer.id,
        userId: request.userId,
        destination: ship,
        now: request.now,
      });
      deliveries.push(post);
      postIds.push(post.id);
    }
    return {
      chat: toChat(written.chat),
      question: {
        id: written.question.id,
        role: 'user',
        text: written.question.text,
        created_at: written.question.created_at.toISOString(),
      },
      answer: toAnswer(written.answer, answer, deliveries),
    };
  });
  // Queued once the delivery is committed; were the queue unreachable just then, the delivery stays queued
  // in the thread and the Send menu can post it again.
  for (const id of postIds) await settings.destinationQueue?.postSoon(id);
  return exchange;
}

/** POST …/messages/:messageId/send with a destination: posts an answer of the user's own chat there. */
export async function postAnswer(
  db: DatabaseHandle,
  request: { userId: string; chatId: string; messageId: string; destinationId: string; now: Date },
  settings: ChatSettings,
): Promise<Delivery> {
  const queue = settings.destinationQueue;
  if (queue === undefined) throw NOT_FOUND();
  await settings.destinationPostLimit?.consume(request.userId);
  const delivery = await db.transaction().execute(async (tx) => {
    const message = await findAnswer(tx, request.userId, request.chatId, request.messageId);
    if (message === undefined || message.answer === null) throw NOT_FOUND();
    const destination = await findDestination(tx, request.userId, request.destinationId);
    if (destination === undefined) throw NOT_FOUND();
    return insertPostDelivery(tx, {
      messageId: message.id,
      userId: request.userId,
      destination,
      now: request.now,
    });
  });
  await queue.postSoon(delivery.id);
  return toDelivery(delivery);
}

/** POST …/messages/:messageId/send: mails an answer of the user's own chat. */
export async function sendAnswer(
  db: DatabaseHandle,
  request: { userId: string; chatId: string; messageId: string; address: string; now: Date },
  settings: ChatSettings,
): Promise<Delivery> {
  const outcome = await db.transaction().execute(async (tx) => {
    const message = await findAnswer(tx, request.userId, request.chatId, request.messageId);
    if (message === undefined || message.answer === null) throw NOT_FOUND();
    const clearance = await clearAnswerMail(
      tx,
      { userId: request.userId, address: request.address, now: request.now },
      settings,
    );
    // A refusal returns rather than throws: a confirmation it queued must be committed.
    if (!clearance.allowed) return clearance;
    const delivery = await queueMail(tx, {
      userId: request.userId,
      chatId: request.chatId,
      message,
      answer: message.answer,
      address: request.address,
      sender: clearance.sender,
      settings,
    });
    return { allowed: true as const, delivery };
  });
  if (!outcome.allowed) throw outcome.error;
  return toDelivery(outcome.delivery);
}

/**
 * The question as the mail shows it, on one line. It no longer goes in the Subject (that is fixed, issue 18
 * item 1), but one line keeps the body's "Question:" line whole, and nothing a line break could end (a
 * `Bcc:` smuggled in) ever reaches a header should a template put it back there.
 */
export function mailQuestion(question: string): string {
  return question
    .replace(/[\r\n\u0085\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a mailed or posted answer says: the question on one line, the summary, the fields table and the
 * passages, each linked back to its passage in the chat (links from PUBLIC_URL, never a request's Host).
 */
export function answerDigest(job: {
  linkOrigin: string;
  product: string;
  chatId: string;
  question: string;
  answer: StoredAnswer;
}): AnswerDigest {
  const base = job.linkOrigin.replace(/\/+$/, '');
  const chatUrl = `${base}/chats/${job.chatId}`;
  const { answer } = job;
  // Issue 38 item 1: a passage opens its document's page for the owner, signed in; one whose document the answer
  // does not name (a fields row of a computed answer) opens in the chat.
  const documentOf = new Map(answer.passages.map((passage) => [passage.passage_id, passage.document_id]));
  const passageUrl = (passageId: string) => {
    const documentId = documentOf.get(passageId);
    return documentId === undefined
      ? `${chatUrl}?passage=${encodeURIComponent(passageId)}`
      : `${base}${documentHref(documentId, passageId)}`;
  };
  // The document as a person calls it (its title, the file name beside it), then where in it.
  const source = (passageId: string, document: { name: string; title?: string | null | undefined }) => {
    const location = answer.passages.find((passage) => passage.passage_id === passageId)?.location;
    const { title, fileName } = documentLabel(document);
    const named = fileName === null ? title : `${title} (${fileName})`;
    return location ? `${named}, ${location}` : named;
  };
  // Issue 37 item 4: the table goes out as its first rows; an answer with more says how many and where the rest are.
  const rows = answer.computed?.row_count ?? answer.fields.length;
  const shipped = answer.fields.slice(0, FIELDS_MAX);
  // A workflow's answer keeps the columns its owner chose (issue 40 item 5); a chat's, the four base ones.
  const columns: readonly string[] = answer.columns?.length ? answer.columns : ANSWER_BASE_COLUMNS;
  const more =
    rows > shipped.length
      ? [
          {
            text: `The table shows the first ${shipped.length} of the ${rows} rows; every row is in the chat.`,
            url: chatUrl,
          },
        ]
      : [];
  return {
    product: job.product,
    question: mailQuestion(questionAsked(job.question)),
    summary: [
      ...answer.summary.map((sentence) => ({
        text: sentence.text,
        url: passageUrl(sentence.passage_id),
      })),
      ...more,
    ],
    fieldHeadings: columns.map(answerColumnHeading),
    fields: shipped.map((row) => ({
      // A workflow's flagged row says so where the eye lands first (docs/decisions/160-workflows.md).
      cells: columns.map((column, index) =>
        index === 0 && row.flagged === true
          ? `⚑ ${answerColumnCell(row, column)}`.trim()
          : answerColumnCell(row, column),
      ),
      source: source(row.passage_id, { name: row.document_name, title: row.document_title }),
      url: passageUrl(row.passage_id),
    })),
    passages: answer.passages.map((passage) => ({
      source: source(passage.passage_id, { name: passage.document_name, title: passage.document_title }),
      snippet: snippetText(passage.snippet),
      url: passageUrl(passage.passage_id),
    })),
    chatUrl,
  };
}

/** Queues an answer mail and its delivery row; the caller has cleared it (clearAnswerMail) in the same transaction. */
export async function queueMail(
  tx: DatabaseHandle,
  job: {
    userId: string;
    chatId: string;
    message: MessageRow;
    answer: StoredAnswer;
    address: string;
    /** Who sent it, named in the mail: the account's name and address (senderLabel). */
    sender: string;
    settings: ChatSettings;
  },
): Promise<DeliveryRow> {
  const digest = answerDigest({
    linkOrigin: job.settings.linkOrigin,
    product: job.settings.product,
    chatId: job.chatId,
    question: job.message.text,
    answer: job.answer,
  });
  const mail = chatAnswerMail({ ...digest, to: job.address, sender: job.sender });
  const mailId = await enqueueMail(tx, mail);
  return insertDelivery(tx, { messageId: job.message.id, userId: job.userId, address: job.address, mailId });
}
