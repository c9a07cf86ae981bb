import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-errors';
import { createErrorHandler } from './errors';
import type { ServiceEnv } from './hono-env';
import { createLogger } from './logger';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['too many connections', withCode('sorry, too many clients already', '53300')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['a pool wait timeout', new Error('timeout exceeded when trying to connect')],
    ['a client-side query timeout', new Error('Query read timeout')],
    ['a connection left in a failed transaction', withCode('current transaction is aborted', '25P02')],
    ['a query on a connection closed for that', new Error('Client was closed and is not queryable')],
    ['a wrapped cause', new Error('insert failed', { cause: withCode('', 'ECONNRESET') })],
    ['an aggregate of refusals', new AggregateError([withCode('', 'ECONNREFUSED')], '')],
  ])('%s is an outage', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value', '23505')],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['not an error', 'ECONNREFUSED'],
  ])('%s is not', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('the error handler during a database outage', () => {
  it('answers 503 with the envelope and Retry-After, never a stack', async () => {
    const app = new Hono<ServiceEnv>();
    app.get('/things', () => {
      throw withCode('terminating connection due to administrator command', '57P01');
    });
    app.onError(createErrorHandler(createLogger({ level: 'silent' })));
    const res = await app.request('/things');
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('5');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({ error: expect.any(String), code: 'unavailable' });
    expect(JSON.stringify(body)).not.toContain('administrator');
  });
});
