// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

// docs/decisions/237: a press on a rail link whose page has arrived renders that page at once (flushSync); one
// whose page is still loading stays a transition. Which pages have arrived is the preload's to say.
vi.mock('../remotes/remote-preload', () => ({
  preloadRoute: () => undefined,
  routePageLoaded: (path: string) => path === '/connections',
}));

const { NavLinks } = await import('./nav-links');

function renderAt(path: string) {
  const page = (name: string) => ({ path: name, element: <h1>{name} page</h1> });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <nav aria-label="Main">
              <NavLinks variant="rail" />
            </nav>
            <Outlet />
          </>
        ),
        children: ['chats', 'connections', 'uploads'].map(page),
      },
    ],
    { initialEntries: [path] },
  );
  // As react-router/dom's RouterProvider (start.tsx) does: the router is handed ReactDOM.flushSync.
  render(
    <RouterProvider
      router={router}
      flushSync={(update) => {
        flushSync(update);
      }}
    />,
  );
  return router;
}

afterEach(cleanup);

describe('rail links', () => {
  it('a press on a link whose page has arrived paints that page before the press returns', () => {
    const router = renderAt('/chats');
    // Outside act: what is in the document when the press returns is what the frame after it paints.
    screen.getByRole('link', { name: 'Connections' }).click();
    expect(screen.getByRole('heading', { name: 'connections page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/connections');
  });

  it('a page still loading is reached as a transition: the current page stays until then', async () => {
    const router = renderAt('/chats');
    screen.getByRole('link', { name: 'Uploads' }).click();
    expect(screen.getByRole('heading', { name: 'chats page' })).toBeTruthy();
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: 'uploads page' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/uploads');
  });

  it('a press with a modifier is left to the browser (a new tab), not navigated here', () => {
    const router = renderAt('/chats');
    const link = screen.getByRole('link', { name: 'Connections' });
    const press = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    link.dispatchEvent(press);
    expect(press.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/chats');
  });
});
