import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { checkSession, readSessionUser, reuseRecentCheck, SESSION_CHECK_REUSE_MS } from './session-check';

type Reply = { status: number; body?: unknown } | 'network-error';

function scriptedClient(replies: Reply[], cookies = '') {
  const calls: string[] = [];
  const fetchImpl = vi.fn(async (input: string, init: RequestInit) => {
    calls.push(`${init.method} ${input}`);
    const reply = replies.shift();
    if (!reply || reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
    });
  });
  const client = createApiClient({ fetch: fetchImpl as unknown as typeof fetch, readCookies: () => cookies });
  return { client, calls, readCookies: () => cookies };
}

describe('session check', () => {
  it('reads a user nested under user or flat', () => {
    expect(readSessionUser({ user: { id: 1, email: 'a@b.co' } })).toMatchObject({ id: 1, email: 'a@b.co' });
    expect(readSessionUser({ id: 'u1', name: 'Ann' })).toMatchObject({ id: 'u1', name: 'Ann' });
    expect(readSessionUser('<!doctype html>')).toBeNull();
  });

  it('accepts a user only with an id', () => {
    expect(readSessionUser({ user: { email: 'a@b.co', name: 'Ann' } })).toBeNull();
    expect(readSessionUser({ email: 'a@b.co' })).toBeNull();
    expect(readSessionUser({ id: '' })).toBeNull();
    expect(readSessionUser({ user: null, id: 0 })).toMatchObject({ id: 0 });
  });

  it('a 200 without a user means guest', async () => {
    const { client, readCookies } = scriptedClient(
      [{ status: 200, body: { ok: true } }],
      'csrf_access_token=a',
    );
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'guest' });
  });

  it('asks /auth/me with caching disabled and without a CSRF header', async () => {
    const seen: RequestInit[] = [];
    const client = createApiClient({
      fetch: (async (_input: string, init: RequestInit) => {
        seen.push(init);
        return new Response('{"id":1}', { status: 200 });
      }) as unknown as typeof fetch,
      readCookies: () => 'csrf_access_token=a',
    });
    await checkSession(client, () => 'csrf_access_token=a');
    expect(seen[0]?.cache).toBe('no-store');
    expect(seen[0]?.credentials).toBe('include');
    expect(new Headers(seen[0]?.headers).get('X-CSRF-TOKEN')).toBeNull();
  });

  it('the refresh sends csrf_refresh_token, not the access token', async () => {
    const seen: Array<Record<string, string>> = [];
    const replies = [401, 200, 200];
    const client = createApiClient({
      fetch: (async (_input: string, init: RequestInit) => {
        seen.push(init.headers as Record<string, string>);
        const status = replies.shift() ?? 500;
        return new Response(status === 200 ? '{"id":1}' : null, { status });
      }) as unknown as typeof fetch,
      readCookies: () => 'csrf_access_token=access; csrf_refresh_token=refresh',
    });
    await checkSession(client, () => 'csrf_access_token=access; csrf_refresh_token=refresh');
    expect(seen[1]?.['X-CSRF-TOKEN']).toBe('refresh');
  });

  it('a failed refresh means guest without a retry', async () => {
    const { client, calls, readCookies } = scriptedClient(
      [{ status: 401 }, { status: 401 }],
      'csrf_refresh_token=r',
    );
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'guest' });
    expect(calls).toEqual(['GET /api/v1/auth/me', 'POST /api/v1/auth/refresh']);
  });

  it('a network failure on the retry is swallowed too', async () => {
    const { client, readCookies } = scriptedClient(
      [{ status: 401 }, { status: 200 }, 'network-error'],
      'csrf_refresh_token=r',
    );
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'unknown' });
  });

  it('a 401 refreshes once and retries once', async () => {
    const { client, calls, readCookies } = scriptedClient(
      [{ status: 401 }, { status: 200 }, { status: 200, body: { user: { id: 7 } } }],
      'csrf_refresh_token=r',
    );
    expect(await checkSession(client, readCookies)).toEqual({
      kind: 'user',
      user: expect.objectContaining({ id: 7 }),
    });
    expect(calls).toEqual(['GET /api/v1/auth/me', 'POST /api/v1/auth/refresh', 'GET /api/v1/auth/me']);
  });

  it('a 401 that survives the refresh means guest', async () => {
    const { client, readCookies } = scriptedClient(
      [{ status: 401 }, { status: 200 }, { status: 401 }],
      'csrf_refresh_token=r',
    );
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'guest' });
  });

  it('without either CSRF cookie there is no session to ask about', async () => {
    const { client, calls, readCookies } = scriptedClient([{ status: 200, body: { id: 1 } }]);
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'guest' });
    expect(calls).toEqual([]);
  });

  it('a 403 means guest without a refresh', async () => {
    const { client, calls, readCookies } = scriptedClient([{ status: 403 }], 'csrf_refresh_token=r');
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'guest' });
    expect(calls).toHaveLength(1);
  });

  it('a network failure is swallowed', async () => {
    const { client, readCookies } = scriptedClient(['network-error'], 'csrf_access_token=a');
    expect(await checkSession(client, readCookies)).toEqual({ kind: 'unknown' });
  });
});

describe('session check de-duplication', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a check started within 1500 ms of the previous one reuses the pending one', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => 'checked');
    const check = reuseRecentCheck(run);
    const first = check();
    vi.advanceTimersByTime(SESSION_CHECK_REUSE_MS - 1);
    expect(check()).toBe(first);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('a check started 1500 ms or more after the previous one asks again', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => 'checked');
    const check = reuseRecentCheck(run);
    const first = check();
    vi.advanceTimersByTime(SESSION_CHECK_REUSE_MS);
    expect(check()).not.toBe(first);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
