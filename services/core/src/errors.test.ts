import { Writable } from 'node:stream';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, createErrorHandler, describeError, notFound, parseJson } from './errors';
import type { ServiceEnv } from './hono-env';
import { createLogger, requestLogger } from './logger';

function appWithErrors() {
  const lines: string[] = [];
  const logger = createLogger({
    destination: new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  });
  const app = new Hono<ServiceEnv>();
  app.use(requestLogger(logger));
  app.post('/things', async (c) =>
    c.json(await parseJson(c, z.strictObject({ name: z.string().min(1, 'Name is required') }))),
  );
  app.post('/raw', async (c) => c.json(await c.req.json()));
  app.get('/teapot', () => {
    throw new HTTPException(418, { message: 'No coffee here' });
  });
  app.get('/conflict', () => {
    throw new ApiError(409, 'This phone number is already registered', 'phone_taken');
  });
  app.get('/bug', () => {
    throw new Error('secret internals: password=hunter2');
  });
  app.get('/json-bug', () => JSON.parse('{oops'));
  app.onError(createErrorHandler(logger));
  app.notFound(notFound);
  return { app, lines };
}

const json = (body: string) => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body });

describe('the error handler', () => {
  it('turns a schema failure into a 400 with the first message', async () => {
    const { app } = appWithErrors();
    const res = await app.request('/things', json('{"name":""}'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Name is required', code: 'invalid_request' });
  });

  it('turns a malformed body into a 400', async () => {
    const { app } = appWithErrors();
    for (const path of ['/things', '/raw']) {
      const res = await app.request(path, json('{"name":'));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'Malformed JSON body', code: 'malformed_json' });
    }
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { app } = appWithErrors();
    const res = await app.request('/things', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: '{}',
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual({
      error: 'Content-Type must be application/json',
      code: 'unsupported_media_type',
    });
  });

  it('accepts a JSON content type with parameters', async () => {
    const { app } = appWithErrors();
    const res = await app.request('/things', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{"name":"x"}',
    });
    expect(res.status).toBe(200);
  });

  it('keeps the status and message of an HTTPException, and the code of an ApiError', async () => {
    const { app } = appWithErrors();
    const teapot = await app.request('/teapot');
    expect(teapot.status).toBe(418);
    expect(await teapot.json()).toEqual({ error: 'No coffee here', code: 'error' });
    const conflict = await app.request('/conflict');
    expect(conflict.status).toBe(409);
    expect(await conflict.json()).toEqual({
      error: 'This phone number is already registered',
      code: 'phone_taken',
    });
  });

  it('answers anything unexpected with a bare 500 and logs the stack with the request id', async () => {
    const { app, lines } = appWithErrors();
    const res = await app.request('/bug', { headers: { 'X-Request-Id': 'req-500' } });
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal error', code: 'internal' });
    expect(body).not.toContain('hunter2');
    const logged = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const errorLine = logged.find((line) => line.msg === 'unhandled error') as {
      reqId: string;
      err: { stack: string };
    };
    expect(errorLine.reqId).toBe('req-500');
    expect(errorLine.err.stack).toContain('secret internals');
  });

  it("a SyntaxError from our own code is a 500, not the client's fault", async () => {
    const { app } = appWithErrors();
    expect((await app.request('/json-bug')).status).toBe(500);
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const { app } = appWithErrors();
    const res = await app.request('/nowhere');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found', code: 'not_found' });
  });
});

describe('describeError', () => {
  it('looks inside an AggregateError with no message (a host with several addresses)', () => {
    const refused = (address: string) =>
      Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(describeError(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')]))).toBe(
      'connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('falls back to the error code, then the name, and describes non-errors', () => {
    expect(describeError(Object.assign(new Error(''), { code: 'ETIMEDOUT' }))).toBe('ETIMEDOUT');
    expect(describeError(new TypeError(''))).toBe('TypeError');
    expect(describeError('plain string')).toBe('plain string');
  });
});
