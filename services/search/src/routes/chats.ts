import {
  type AskResponse,
  AskBodySchema,
  type ChatListResponse,
  type ChatResponse,
  ChatIdSchema,
  type ChatThreadResponse,
  CreateChatBodySchema,
  RenameChatBodySchema,
  SendAnswerBodySchema,
  type SendAnswerResponse,
} from '@trove/contracts';
import {
  type DatabaseHandle,
  parseJson,
  requireAccessSession,
  type ServiceEnv,
  type VerificationKey,
} from '@trove/service-core';
import { type Context, Hono } from 'hono';
import { createChat, deleteChat, listChats, renameChat } from '../chats/chats.repository';
import { type ChatSettings, NOT_FOUND, ask, readThread, sendAnswer, toChat } from '../chats/chats.service';

export interface ChatRoutesDeps {
  db: DatabaseHandle;
  verificationKey: VerificationKey;
  settings: ChatSettings;
  /** The clock questions are read against ("last month"); tests pin it. */
  now?: () => Date;
}

/** An id in the path: anything but a UUID is a 404, like another user's id (nothing to tell apart). */
function idParam(c: Context<ServiceEnv>, name: string): string {
  const id = ChatIdSchema.safeParse(c.req.param(name));
  if (!id.success) throw NOT_FOUND();
  return id.data;
}

/**
 * Where links in a mailed answer point when PUBLIC_URL is not set: the origin the browser used, as
 * nginx passes it on (Host, and X-Forwarded-Proto for https).
 */
function requestOrigin(c: Context<ServiceEnv>): string {
  const url = new URL(c.req.url);
  const forwarded = (c.req.header('X-Forwarded-Proto') ?? '').split(',')[0]?.trim().toLowerCase();
  const protocol = forwarded === 'https' || forwarded === 'http' ? forwarded : url.protocol.replace(':', '');
  return `${protocol}://${url.host}`;
}

/** /api/v1/chats — issue 11 "Conversations", "Asking" and "Send it on". Every route needs a session. */
export function createChatRoutes({
  db,
  verificationKey,
  settings,
  now = () => new Date(),
}: ChatRoutesDeps): Hono<ServiceEnv> {
  const routes = new Hono<ServiceEnv>();
  routes.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  routes.get('/', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const chats = await listChats(db, session.userId);
    return c.json<ChatListResponse>({ chats: chats.map(toChat) }, 200);
  });

  routes.post('/', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const body = await parseJson(c, CreateChatBodySchema);
    const chat = await createChat(db, session.userId, body.title ?? null);
    return c.json<ChatResponse>({ chat: toChat(chat) }, 201);
  });

  routes.get('/:id', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const thread = await readThread(db, session.userId, idParam(c, 'id'), settings);
    return c.json<ChatThreadResponse>(thread, 200);
  });

  routes.patch('/:id', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const id = idParam(c, 'id');
    const body = await parseJson(c, RenameChatBodySchema);
    const chat = await renameChat(db, session.userId, id, body.title);
    if (chat === undefined) throw NOT_FOUND();
    return c.json<ChatResponse>({ chat: toChat(chat) }, 200);
  });

  routes.delete('/:id', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    if (!(await deleteChat(db, session.userId, idParam(c, 'id')))) throw NOT_FOUND();
    return c.body(null, 204);
  });

  routes.post('/:id/messages', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const chatId = idParam(c, 'id');
    const body = await parseJson(c, AskBodySchema);
    const exchange = await ask(
      db,
      { userId: session.userId, chatId, text: body.text, now: now(), origin: requestOrigin(c) },
      settings,
    );
    return c.json<AskResponse>(exchange, 201);
  });

  routes.post('/:id/messages/:messageId/send', async (c) => {
    const session = await requireAccessSession(c, verificationKey, db);
    const chatId = idParam(c, 'id');
    const messageId = idParam(c, 'messageId');
    const body = await parseJson(c, SendAnswerBodySchema);
    const delivery = await sendAnswer(
      db,
      {
        userId: session.userId,
        chatId,
        messageId,
        address: body.address,
        origin: requestOrigin(c),
        now: now(),
      },
      settings,
    );
    return c.json<SendAnswerResponse>({ delivery }, 202);
  });

  return routes;
}
