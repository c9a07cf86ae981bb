// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handOffPrerenderedPage, hasPrerenderedPage, PageShown } from './handoff';

// The document nginx serves for `/` (docs/decisions/008): a hidden root and the prerendered copy.
beforeEach(() => {
  document.head.innerHTML = '<style data-prerendered>h1{}</style>';
  document.body.innerHTML = '<div id="root" hidden></div><div data-prerendered><h1>Find anything.</h1></div>';
});
afterEach(cleanup);

const root = () => document.getElementById('root') as HTMLElement;

describe('taking over the prerendered landing page', () => {
  it('removes the copy and its stylesheet and shows the root', () => {
    expect(hasPrerenderedPage()).toBe(true);
    handOffPrerenderedPage();
    expect(hasPrerenderedPage()).toBe(false);
    expect(document.querySelector('style')).toBeNull();
    expect(root().hidden).toBe(false);
    handOffPrerenderedPage();
    expect(root().hidden).toBe(false);
  });

  it("tells the drawn page's islands they can go, once, when the copy has left (docs/decisions/190)", () => {
    const gone = vi.fn(() => expect(hasPrerenderedPage()).toBe(false));
    document.addEventListener('trove:prerender-gone', gone);
    handOffPrerenderedPage();
    handOffPrerenderedPage();
    document.removeEventListener('trove:prerender-gone', gone);
    expect(gone).toHaveBeenCalledTimes(1);
  });

  it('keeps the copy while the remote is loading, and swaps in the commit that shows the page', async () => {
    let arrive: (module: { default: () => ReactElement }) => void = () => {};
    const Landing = lazy(() => new Promise<{ default: () => ReactElement }>((resolve) => (arrive = resolve)));
    // What the shell's remote mount renders (remote-mount.tsx), into the hidden root.
    render(
      <Suspense fallback={<p>Loading the home page…</p>}>
        <Landing />
        <PageShown />
      </Suspense>,
      { container: root() },
    );
    expect(hasPrerenderedPage()).toBe(true);
    expect(root().hidden).toBe(true);

    let seenAtSwap: string | null = null;
    const observer = new MutationObserver(() => {
      if (!hasPrerenderedPage() && seenAtSwap === null) seenAtSwap = root().textContent;
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    await act(async () => arrive({ default: () => <h1>Find anything.</h1> }));
    observer.disconnect();

    expect(hasPrerenderedPage()).toBe(false);
    expect(root().hidden).toBe(false);
    // The live page was already in the root when the copy went: never a blank frame between the two.
    expect(seenAtSwap).toBe('Find anything.');
  });
});

describe('what the visitor did on the drawn page carries over (docs/decisions/056)', () => {
  const drawn = `<header><button type="button" aria-label="Account menu">A</button></header>
    <form><input type="email" value=""><input type="checkbox"><button type="submit">Go</button></form>`;

  beforeEach(() => {
    document.head.innerHTML = '<style data-prerendered>h1{}</style>';
    document.body.innerHTML = `<div id="root" hidden>${drawn}</div><div data-prerendered>${drawn}</div>`;
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.pendingPress;
  });

  const copy = () => document.querySelector('div[data-prerendered]') as HTMLElement;

  it('a press kept by theme-init.js is made on the same control of the live page, after the commit', () => {
    vi.useFakeTimers();
    const pressed: string[] = [];
    root()
      .querySelector('button')
      ?.addEventListener('click', () => pressed.push('menu'));
    document.documentElement.dataset.pendingPress = '0';
    handOffPrerenderedPage();
    expect(document.documentElement.dataset.pendingPress).toBeUndefined();
    expect(pressed).toEqual([]);
    vi.runAllTimers();
    expect(pressed).toEqual(['menu']);
    expect(document.activeElement).toBe(root().querySelector('button'));
  });

  it('typed values, ticked boxes and the focus move to the live fields', () => {
    const [email, box] = Array.from(copy().querySelectorAll('input'));
    if (!email || !box) throw new Error('the drawn form has no fields');
    email.value = 'ada@example.com';
    box.checked = true;
    email.focus();
    const seen: string[] = [];
    root()
      .querySelector('input[type="email"]')
      ?.addEventListener('input', (event) => seen.push((event.target as HTMLInputElement).value));
    handOffPrerenderedPage();
    const live = root().querySelectorAll('input');
    expect(live[0]?.value).toBe('ada@example.com');
    expect(seen).toEqual(['ada@example.com']);
    expect(live[1]?.checked).toBe(true);
    expect(document.activeElement).toBe(live[0]);
  });
});
