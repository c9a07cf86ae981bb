// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetDrawnPage, lostParts } from './kept-drawn-page';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { RemoteMount } from './remote-mount';

// A page served drawn (docs/decisions/055) whose remote then fails (docs/product/shell.md#remote-failure):
// a static section, a section with a control, a form, and the chrome outside the remote's part.
const DRAWN = `<header><button type="button">Account</button></header>
  <main><div data-drawn-remote="demo/Page">
    <section id="grid"><h2>Every source</h2><a href="/integrations">See all</a><details><summary>More</summary></details></section>
    <section id="pricing"><h2>Pricing</h2><div><button type="button">Yearly</button></div></section>
    <div id="signin"><form><label>Email <input type="email"></label><button type="submit">Continue</button></form></div>
  </div></main>`;

beforeEach(() => {
  document.head.innerHTML = '<style data-prerendered>h2{}</style>';
  document.body.innerHTML = `<div id="root" hidden></div><div data-prerendered>${DRAWN}</div>`;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // The drawn part is held for the visit (kept-drawn-page.ts); each test serves its page afresh.
  forgetDrawnPage('demo', 'Page');
  forgetDrawnPage('kept', 'Page');
});

const root = () => document.getElementById('root') as HTMLElement;

function Broken(): never {
  throw new Error('remoteEntry.js did not load');
}

function renderFailing(expose = 'Page', onRetry = () => {}) {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return render(
    <MemoryRouter>
      <RemoteErrorBoundary remote="demo" expose={expose} what="the demo page" onRetry={onRetry}>
        <Broken />
      </RemoteErrorBoundary>
    </MemoryRouter>,
    { container: root() },
  );
}

describe('a remote that fails on a page served drawn keeps the drawn part', () => {
  it('shows the drawn content in the live page, the copy gone and its stylesheet kept', () => {
    renderFailing();
    expect(document.querySelector('div[data-prerendered]')).toBeNull();
    expect(root().hidden).toBe(false);
    expect(root().textContent).toContain('Every source');
    expect(root().querySelector('a[href="/integrations"]')).not.toBeNull();
    expect(document.querySelector('style[data-prerendered]')).not.toBeNull();
    expect(screen.queryByTestId('remote-error-demo')).toBeNull();
  });

  it('puts Retry only before the parts that lost a control: the section with a button and the form', () => {
    const onRetry = vi.fn();
    renderFailing('Page', onRetry);
    const notices = screen.getAllByTestId('remote-lost');
    expect(notices).toHaveLength(2);
    const place = (notice: HTMLElement | undefined) => notice?.closest('[data-lost-notice]');
    expect(place(notices[0])?.nextElementSibling?.id).toBe('pricing');
    expect(place(notices[1])?.parentElement?.tagName).toBe('FORM');
    expect(root().querySelector('#grid')?.previousElementSibling ?? null).toBeNull();
    expect(root().querySelector('#pricing button')?.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[1] as HTMLElement);
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a press on a lost control does nothing, and the form is never sent natively', () => {
    renderFailing();
    const submit = root().querySelector('form button[type="submit"]') as HTMLButtonElement;
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    act(() => void submit.dispatchEvent(click));
    expect(click.defaultPrevented).toBe(true);
    const form = root().querySelector('form') as HTMLFormElement;
    const send = new Event('submit', { bubbles: true, cancelable: true });
    act(() => void form.dispatchEvent(send));
    expect(send.defaultPrevented).toBe(true);
  });

  it('shows the error with Retry when the page holds no drawn part of that module', () => {
    renderFailing('OtherPage');
    expect(screen.getByTestId('remote-error-demo').getAttribute('role')).toBe('alert');
    expect(document.querySelector('div[data-prerendered]')).toBeNull();
  });
});

describe('Retry through the remote mount', () => {
  it('keeps the drawn part on screen while retrying and after a retry that fails again', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', () => Promise.reject(new Error('offline')));
    // "kept" is listed nowhere, so every load of it fails (remote-registry.ts).
    document.querySelector('[data-drawn-remote]')?.setAttribute('data-drawn-remote', 'kept/Page');
    render(
      <MemoryRouter>
        <RemoteMount remote="kept" expose="Page" what="the demo page" />
      </MemoryRouter>,
      { container: root() },
    );
    await screen.findByTestId('remote-kept-kept');
    fireEvent.click(screen.getAllByRole('button', { name: 'Retry' })[0] as HTMLElement);
    expect(root().textContent).toContain('Every source');
    await screen.findAllByRole('button', { name: 'Retry' });
    expect(root().textContent).toContain('Every source');
    expect(screen.queryByTestId('remote-error-kept')).toBeNull();
    vi.unstubAllGlobals();
  });
});

describe('lostParts', () => {
  it('finds each part once, in page order, and none for links and details', () => {
    const container = document.createElement('div');
    container.innerHTML = `<p><a href="/">Home</a></p><details><summary>More</summary></details>
      <div id="a"><button>One</button><span><button>Two</button></span></div><div id="b"><div role="tab">T</div></div>`;
    expect(lostParts(container).map((part) => part.id)).toEqual(['a', 'b']);
  });

  it('a part whose controls are all in one form is that form; one with more is the part itself', () => {
    const container = document.createElement('div');
    container.innerHTML = `<div id="signin"><h2>Sign in</h2><form id="step"><input><button>Go</button></form></div>
      <div id="catalog"><form id="filter" role="search"><input type="search"></form><button>Load more</button></div>`;
    expect(lostParts(container).map((part) => part.id)).toEqual(['step', 'catalog']);
  });
});
