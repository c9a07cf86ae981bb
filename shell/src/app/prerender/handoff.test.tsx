// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
