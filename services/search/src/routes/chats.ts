import {
  type AskResponse,
  AskBodySchema,
  type ChatListResponse,
  type ChatResponse,
  ChatIdSchema,
  ChatListQuerySchema,
  CHAT_MESSAGES,
  CHAT_RECIPIENT_CONFIRM_PATH,
  type ChatThreadResponse,
  CreateChatBodySchema,
  RenameChatBodySchema,
  PostAnswerBodySchema,
  sendAnswerBodySchema,
  type SendAnswerResponse,
} from '@trove/contracts';
import {
  type DatabaseHandle,
  parseJson,
  noStore,
  type SessionEnv,
  signedIn,
  type ServiceEnv,
  type VerificationKey,
  limitBody,
} from '@trove/service-core';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { confirmRecipientToken } from '../chats/chat-mail.service';
import type { ChatAppSettings } from '../chats/chat-settings';
import {
  type ChatSettings,
  NOT_FOUND,
  ask,
  chatListPage,
  readThread,
  removeChat,
  retitleChat,
  postAnswer,
  sendAnswer,
  startChat,
} from '../chats/chats.service';
import { confirmedPage, confirmLinkInvalidPage, confirmPromptPage } from '../chats/recipient-confirm-page';
import { ASKS_TOO_FAST, perUserPerMinute } from './rate-limits';

/** A confirm token as mailed: 32 random bytes in base64url. */
const ConfirmTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export interface ChatRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  settings: ChatSettings & Pick<ChatAppSettings, 'asksPerMinute' | 'createsPerMinute'>;
  /** The clock questions are read against ("last month"); tests pin it. */
  now?: () => Date;
}

/** An id in the path: anything but a UUID is a 404, like another user's id (nothing to tell apart). */
function idParam(c: Context<SessionEnv>, name: string): string {
  const id = ChatIdSchema.safeParse(c.req.param(name));
  if (!id.success) throw NOT_FOUND();
  return id.data;
}

/**
 * Every chats body is a short JSON object (a question is at most 2,000 characters); the service-wide cap
 * is sized for uploads (UPLOAD_MAX_REQUEST_BYTES), and parseJson reads the whole body into memory.
 */
export const CHAT_MAX_BODY_BYTES = 64 * 1024;

/** /api/v1/chats — issue 11 "Conversations", "Asking" and "Send it on". Every route needs a session. */
export function createChatRoutes({
  db,
  verificationKey,
  settings,
  now = () => new Date(),
}: ChatRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  const auth = signedIn(verificationKey, db);
  const asks = perUserPerMinute(db, 'chat_ask', settings.asksPerMinute, ASKS_TOO_FAST(settings.product));
  // Each chat is a row kept until deleted: without a bound one script could fill the table (ADR 015, "Paging
  // and a creation limit"). Counted after the body parses, so a malformed request spends nothing.
  const creates = perUserPerMinute(
    db,
    'chat_create',
    settings.createsPerMinute,
    CHAT_MESSAGES.createsTooFast(settings.product),
  );
  const SendAnswerBodySchema = sendAnswerBodySchema(settings.addressRules);
  routes.use('*', noStore);
  routes.use('*', limitBody(CHAT_MAX_BODY_BYTES));

  // The recipient's confirm link (issue 18 item 1): no session, the token is the proof.
  routes.get('/recipients/confirm', (c) => {
    const token = ConfirmTokenSchema.safeParse(c.req.query('token'));
    if (!token.success) return c.html(confirmLinkInvalidPage(settings.product), 400);
    return c.html(confirmPromptPage(settings.product, CHAT_RECIPIENT_CONFIRM_PATH, token.data), 200);
  });

  routes.post('/recipients/confirm', async (c) => {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const token = ConfirmTokenSchema.safeParse(form.token);
    if (!token.success) return c.html(confirmLinkInvalidPage(settings.product), 400);
    const confirmed = await confirmRecipientToken(db, token.data, now());
    if (confirmed === undefined) return c.html(confirmLinkInvalidPage(settings.product), 404);
    return c.html(confirmedPage(settings.product, confirmed.accountEmail), 200);
  });

  routes.get('/', auth, async (c) => {
    const { session } = c.var;
    const query = ChatListQuerySchema.parse(c.req.query());
    return c.json<ChatListResponse>(await chatListPage(db, session.userId, query), 200);
  });

  routes.post('/', auth, async (c) => {
    const { session } = c.var;
    const body = await parseJson(c, CreateChatBodySchema);
    await creates.consume(session.userId);
    const chat = await startChat(db, session.userId, body.title ?? null);
    return c.json<ChatResponse>({ chat }, 201);
  });

  routes.get('/:id', auth, async (c) => {
    const { session } = c.var;
    const thread = await readThread(db, session.userId, idParam(c, 'id'), settings);
    return c.json<ChatThreadResponse>(thread, 200);
  });

  routes.patch('/:id', auth, async (c) => {
    const { session } = c.var;
    const id = idParam(c, 'id');
    const body = await parseJson(c, RenameChatBodySchema);
    const chat = await retitleChat(db, session.userId, id, body.title);
    return c.json<ChatResponse>({ chat }, 200);
  });

  routes.delete('/:id', auth, async (c) => {
    const { session } = c.var;
    await removeChat(db, session.userId, idParam(c, 'id'));
    return c.body(null, 204);
  });

  routes.post('/:id/messages', auth, async (c) => {
    const { session } = c.var;
    const chatId = idParam(c, 'id');
    const body = await parseJson(c, AskBodySchema);
    await asks.consume(session.userId);
    const exchange = await ask(
      db,
      {
        userId: session.userId,
        chatId,
        text: body.text,
        now: now(),
      },
      settings,
    );
    return c.json<AskResponse>(exchange, 201);
  });

  routes.post('/:id/messages/:messageId/send', auth, async (c) => {
    const { session } = c.var;
    const chatId = idParam(c, 'id');
    const messageId = idParam(c, 'messageId');
    const raw = (await c.req.raw
      .clone()
      .json()
      .catch(() => null)) as Record<string, unknown> | null;
    if (raw !== null && typeof raw === 'object' && 'destination_id' in raw) {
      const post = await parseJson(c, PostAnswerBodySchema);
      const delivery = await postAnswer(
        db,
        { userId: session.userId, chatId, messageId, destinationId: post.destination_id, now: now() },
        settings,
      );
      return c.json<SendAnswerResponse>({ delivery }, 202);
    }
    const body = await parseJson(c, SendAnswerBodySchema);
    const delivery = await sendAnswer(
      db,
      {
        userId: session.userId,
        chatId,
        messageId,
        address: body.address,
        now: now(),
      },
      settings,
    );
    return c.json<SendAnswerResponse>({ delivery }, 202);
  });

  return routes;
}
