// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api-client';
import { SessionProvider, type SessionValue, useSession } from './session';

type Reply = { status: number; body?: unknown } | 'network-error';

/** A fake fetch answering from a script, recording each call as "METHOD path". */
function fakeServer(replies: Reply[]) {
  const calls: string[] = [];
  const fetchImpl = async (input: string, init: RequestInit) => {
    calls.push(`${init.method} ${input}`);
    const reply = replies.shift();
    if (!reply || reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
    });
  };
  const cookies = () => 'csrf_access_token=a; csrf_refresh_token=r';
  const client = createApiClient({ fetch: fetchImpl as unknown as typeof fetch, readCookies: cookies });
  return { client, calls, cookies };
}

let session: SessionValue | null = null;
function Probe() {
  session = useSession();
  return <p data-testid="status">{session.status}</p>;
}

async function renderSession(server: ReturnType<typeof fakeServer>) {
  render(
    <SessionProvider client={server.client} readCookies={server.cookies}>
      <Probe />
    </SessionProvider>,
  );
  // Let the first check's promise chain settle.
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

const status = () => screen.getByTestId('status').textContent;

afterEach(() => {
  cleanup();
  session = null;
  vi.useRealTimers();
});

describe('session', () => {
  it('starts loading and checks once on first load', async () => {
    vi.useFakeTimers();
    const server = fakeServer([{ status: 200, body: { user: { id: 1 } } }]);
    render(
      <SessionProvider client={server.client} readCookies={server.cookies}>
        <Probe />
      </SessionProvider>,
    );
    expect(status()).toBe('loading');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status()).toBe('user');
    expect(server.calls).toEqual(['GET /api/v1/auth/me']);
  });

  it('re-checks when the window regains focus while signed in, reusing a check within 1500 ms', async () => {
    vi.useFakeTimers();
    const server = fakeServer([
      { status: 200, body: { id: 1 } },
      { status: 200, body: { id: 1 } },
    ]);
    await renderSession(server);
    // Within 1500 ms of the first-load check: reuses it.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1500);
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toHaveLength(2);
  });

  it('does not re-check on focus as a guest', async () => {
    vi.useFakeTimers();
    const server = fakeServer([{ status: 403 }]);
    await renderSession(server);
    expect(status()).toBe('guest');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toHaveLength(1);
  });

  it('a 401 refreshes once, retries once, then is guest', async () => {
    vi.useFakeTimers();
    const server = fakeServer([{ status: 401 }, { status: 200 }, { status: 401 }]);
    await renderSession(server);
    expect(server.calls).toEqual(['GET /api/v1/auth/me', 'POST /api/v1/auth/refresh', 'GET /api/v1/auth/me']);
    expect(status()).toBe('guest');
  });

  it('a network failure on the first check is swallowed and ends as guest, later ones keep the user', async () => {
    vi.useFakeTimers();
    const first = fakeServer(['network-error']);
    await renderSession(first);
    expect(status()).toBe('guest');
    cleanup();

    const later = fakeServer([{ status: 200, body: { id: 1 } }, 'network-error']);
    await renderSession(later);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2000);
      window.dispatchEvent(new Event('focus'));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(later.calls).toHaveLength(2);
    expect(status()).toBe('user');
  });

  it('setting a user gives user, clearing it gives guest', async () => {
    vi.useFakeTimers();
    await renderSession(fakeServer([{ status: 403 }]));
    act(() => session?.setUser({ id: 9, name: 'Ann' }));
    expect(status()).toBe('user');
    act(() => session?.clearUser());
    expect(status()).toBe('guest');
  });

  it.each([
    ['the server fails', { status: 500 }],
    ['the network fails', 'network-error'],
    ['the server agrees', { status: 200 }],
  ] as const)('logout ends as guest when %s', async (_what, reply) => {
    vi.useFakeTimers();
    const server = fakeServer([{ status: 200, body: { id: 1 } }, reply as Reply]);
    await renderSession(server);
    expect(status()).toBe('user');
    await act(async () => {
      await session?.logout();
    });
    expect(status()).toBe('guest');
    expect(server.calls[1]).toBe('POST /api/v1/auth/logout');
  });

  it('logout sends the refresh token CSRF value', async () => {
    vi.useFakeTimers();
    const sent: Array<Record<string, string>> = [];
    const client = createApiClient({
      fetch: (async (input: string, init: RequestInit) => {
        sent.push(init.headers as Record<string, string>);
        return new Response(input.endsWith('/me') ? '{"id":1}' : null, { status: 200 });
      }) as unknown as typeof fetch,
      readCookies: () => 'csrf_access_token=access; csrf_refresh_token=refresh',
    });
    render(
      <SessionProvider
        client={client}
        readCookies={() => 'csrf_access_token=access; csrf_refresh_token=refresh'}
      >
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await session?.logout();
    });
    expect(sent[1]?.['X-CSRF-TOKEN']).toBe('refresh');
  });

  it('a check that was in flight when the user logged out cannot sign them back in', async () => {
    vi.useFakeTimers();
    let release: (response: Response) => void = () => {};
    const calls: string[] = [];
    const client = createApiClient({
      fetch: ((input: string, init: RequestInit) => {
        calls.push(`${init.method} ${input}`);
        if (input.endsWith('/me')) return new Promise<Response>((resolve) => (release = resolve));
        return Promise.resolve(new Response(null, { status: 200 }));
      }) as unknown as typeof fetch,
      readCookies: () => 'csrf_access_token=a',
    });
    render(
      <SessionProvider client={client} readCookies={() => 'csrf_access_token=a'}>
        <Probe />
      </SessionProvider>,
    );
    await act(async () => {
      await session?.logout();
    });
    await act(async () => {
      release(new Response('{"id":1}', { status: 200 }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(status()).toBe('guest');
  });
});
