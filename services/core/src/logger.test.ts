import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { ServiceEnv } from './hono-env';
import { createLogger, requestIdFrom, requestLogger } from './logger';

describe('requestIdFrom', () => {
  it('keeps a well-formed id from the proxy', () => {
    expect(requestIdFrom('0f8a3c2e9b1d4e5f8a3c2e9b1d4e5f8a')).toBe('0f8a3c2e9b1d4e5f8a3c2e9b1d4e5f8a');
  });

  it.each([
    ['an empty id', ''],
    ['an id with spaces', 'a b'],
    ['an id with a line break', 'abc\r\nSet-Cookie: x=1'],
    ['an overlong id', 'a'.repeat(129)],
  ])('replaces %s with a new UUID', (_, header) => {
    expect(requestIdFrom(header)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('makes a new id when none is sent', () => {
    expect(requestIdFrom(undefined)).not.toBe(requestIdFrom(undefined));
  });
});

describe('createLogger', () => {
  it('redacts passwords, codes, tokens, cookies and authorization wherever they sit', () => {
    const lines: string[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger({ destination });
    logger.info({
      password: 'hunter2',
      body: { code: '123456', email: 'ada@example.com' },
      req: { headers: { authorization: 'Bearer abc', cookie: 'access_token_cookie=xyz' } },
    });
    const line = lines.join('');
    expect(line).not.toMatch(/hunter2|123456|Bearer abc|xyz/);
    expect(line).toContain('ada@example.com');
    expect(JSON.parse(line)).toMatchObject({ password: '[redacted]', body: { code: '[redacted]' } });
  });
});

describe('requestLogger', () => {
  const app = new Hono<ServiceEnv>();
  app.use(requestLogger(createLogger({ level: 'silent' })));
  app.get('/json', (c) => c.json({ ok: true }, 200));
  app.get('/raw', () => new Response('raw', { status: 202 }));
  app.get('/fetched', () => Response.redirect('http://example.test/', 302));
  app.get('/bug', () => {
    throw new Error('boom');
  });
  app.onError((_error, c) => c.json({ error: 'Internal error' }, 500));

  it.each([
    ['a JSON answer', '/json', 200],
    ['a Response a route built itself', '/raw', 202],
    ['a Response whose headers are immutable', '/fetched', 302],
    ['an error answer', '/bug', 500],
    ['a 404', '/missing', 404],
  ])('echoes the request id on %s', async (_, path, status) => {
    const res = await app.request(path, { headers: { 'X-Request-Id': 'req-echo-1' } });
    expect(res.status).toBe(status);
    expect(res.headers.get('X-Request-Id')).toBe('req-echo-1');
  });
});

describe('the request line', () => {
  function appLogging(level: 'info' | 'warn') {
    const lines: Record<string, unknown>[] = [];
    const destination = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
        done();
      },
    });
    const app = new Hono<ServiceEnv>();
    app.use(requestLogger(createLogger({ name: 'auth', level, destination })));
    app.get('/ok', (c) => {
      c.var.log.info({ password: 'hunter2' }, 'inside');
      return c.json({ ok: true }, 200);
    });
    app.get('/bug', () => {
      throw new Error('boom');
    });
    app.onError((_error, c) => c.json({ error: 'Internal error' }, 500));
    return { app, lines };
  }

  it('says who, what and how it went, on the service logger’s stream, with the route’s lines still redacted', async () => {
    const { app, lines } = appLogging('info');
    await app.request('/ok?token=secret', { headers: { 'X-Request-Id': 'req-line-1' } });
    const [inside, request] = lines;
    expect(inside).toMatchObject({
      name: 'auth',
      reqId: 'req-line-1',
      password: '[redacted]',
      msg: 'inside',
    });
    expect(request).toMatchObject({
      level: 30,
      name: 'auth',
      pid: process.pid,
      reqId: 'req-line-1',
      method: 'GET',
      path: '/ok',
      status: 200,
      msg: 'request',
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it('is an error line for a 5xx and follows the logger’s level', async () => {
    const { app, lines } = appLogging('warn');
    await app.request('/ok');
    await app.request('/bug');
    expect(lines.map((line) => [line.level, line.msg])).toEqual([[50, 'request failed']]);
  });
});
