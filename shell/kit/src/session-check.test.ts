import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { checkSession, readSessionUser } from './session-check';

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
