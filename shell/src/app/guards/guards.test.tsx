// @vitest-environment happy-dom
import { createApiClient, SessionProvider } from '@trove/kit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, parsePath, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { GuestOnly } from './guest-only';
import { RequireSession } from './require-session';

/** /auth/me answered with `reply`, or never (the session stays loading). */
function clientAnswering(reply: { status: number; body?: unknown } | 'never') {
  return createApiClient({
    fetch: (() =>
      reply === 'never'
        ? new Promise<Response>(() => {})
        : Promise.resolve(
            new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
              status: reply.status,
            }),
          )) as unknown as typeof fetch,
    readCookies: () => 'csrf_access_token=a',
  });
}

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </p>
  );
}

async function renderAt(path: string, state: unknown, reply: Parameters<typeof clientAnswering>[0]) {
  const router = createMemoryRouter(
    [
      { element: <RequireSession />, children: [{ path: 'uploads', element: <p>Uploads page</p> }] },
      { element: <GuestOnly />, children: [{ path: 'auth/login', element: <Where /> }] },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [{ ...parsePath(path), state }] },
  );
  render(
    <SessionProvider client={clientAnswering(reply)} readCookies={() => 'csrf_access_token=a'}>
      <RouterProvider router={router} />
    </SessionProvider>,
  );
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => cleanup());

describe('protected-route guard', () => {
  it('shows "Checking session…" while the session loads', async () => {
    await renderAt('/uploads', null, 'never');
    expect(screen.getByRole('status').textContent).toBe('Checking session…');
  });

  it('sends a guest to /auth/login carrying the original path as state', async () => {
    await renderAt('/uploads?view=all', null, { status: 403 });
    expect(screen.getByTestId('where').textContent).toBe('/auth/login {"from":"/uploads?view=all"}');
  });

  it('shows the page to a signed-in user', async () => {
    await renderAt('/uploads', null, { status: 200, body: { user: { id: 1 } } });
    expect(screen.getByText('Uploads page')).toBeTruthy();
  });
});

describe('guest-only guard', () => {
  it('shows "Loading…" while the session loads', async () => {
    await renderAt('/auth/login', null, 'never');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('lets a guest in', async () => {
    await renderAt('/auth/login', null, { status: 401 });
    expect(screen.getByTestId('where').textContent).toBe('/auth/login null');
  });

  it('sends a signed-in user to /chats', async () => {
    await renderAt('/auth/login', null, { status: 200, body: { id: 1 } });
    expect(screen.getByTestId('where').textContent).toBe('/chats null');
  });

  it('sends a signed-in user back to the path the protected guard kept', async () => {
    await renderAt('/auth/login', { from: '/uploads?view=all' }, { status: 200, body: { id: 1 } });
    expect(screen.getByText('Uploads page')).toBeTruthy();
  });
});
