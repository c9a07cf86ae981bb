// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { testTime } from '@trove/kit/testing/time';
import { useState } from 'react';
import type { Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appRequested, handPressToApp, ISLAND_LIVE, mountIsland } from './island-mount';

// docs/decisions/222: an island replaces its drawn part with no early input lost.

// React's act() environment flag, for a root made outside testing-library's render.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const roots: Root[] = [];
beforeEach(() => {
  // The drawn form as the build served it: its field empty, its button inert until the island runs.
  document.body.innerHTML = `<div data-prerendered><div data-island="auth/form"><form>
    <input type="email" aria-label="Email" value=""><input type="checkbox" aria-label="Remember">
    <button type="submit">Continue</button></form></div>
    <section aria-label="Notifications"></section></div>`;
});
afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount());
});

const place = () => document.querySelector<HTMLElement>('[data-island]') as HTMLElement;

/** The live form: what it was sent, as the auth card's step would read it. */
function LiveForm({ onSend }: { onSend: (email: string, remember: boolean) => void }) {
  const [email, setEmail] = useState('');
  const [remember, setRemember] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(email, remember);
      }}
    >
      <input type="email" aria-label="Email" value={email} onChange={(e) => setEmail(e.target.value)} />
      <input
        type="checkbox"
        aria-label="Remember"
        checked={remember}
        onChange={(e) => setRemember(e.target.checked)}
      />
      <button type="submit">Continue</button>
      {/* The kit's flash region, as an island's KitProviders render it. */}
      <section aria-label="Notifications" />
    </form>
  );
}

describe('an island taking its drawn part over', () => {
  it('carries what was typed and ticked, and presses the button pressed before it ran', async () => {
    const email = place().querySelector('input[type="email"]') as HTMLInputElement;
    email.focus();
    email.value = 'ada@example.com';
    (place().querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    // What theme-init.js records for a press on a drawn island's button (its index among the controls).
    place().dataset.pendingPress = '2';
    const onSend = vi.fn();
    act(() => {
      roots.push(mountIsland(place(), <LiveForm onSend={onSend} />));
    });
    expect(place().hasAttribute(ISLAND_LIVE)).toBe(true);
    expect(place().dataset.pendingPress).toBeUndefined();
    // One flash region on the page: the drawn, empty one has left.
    expect(Array.from(document.querySelectorAll('section[aria-label="Notifications"]'))).toEqual([
      place().querySelector('section'),
    ]);
    const live = place().querySelector('input[type="email"]') as HTMLInputElement;
    expect(live).not.toBe(email);
    expect(live.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(live);
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('ada@example.com', true), {
      timeout: testTime(1000),
    });
  });

  it('with nothing done on the drawn part, presses nothing and leaves the fields as rendered', async () => {
    const onSend = vi.fn();
    act(() => {
      roots.push(mountIsland(place(), <LiveForm onSend={onSend} />));
    });
    expect(place().querySelectorAll('form')).toHaveLength(1);
    expect((place().querySelector('input[type="email"]') as HTMLInputElement).value).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('an island not started because the app was asked for first', () => {
  // The page's marks, as another test file in the same worker may have left them (isolate is off).
  const clearMarks = () => {
    delete document.documentElement.dataset.troveBoot;
    delete document.documentElement.dataset.pendingPress;
  };
  beforeEach(clearMarks);
  afterEach(clearMarks);

  it('knows the app was asked for from the boot mark boot-after-paint.js sets', () => {
    expect(appRequested()).toBe(false);
    document.documentElement.dataset.troveBoot = 'islands';
    expect(appRequested()).toBe(false);
    document.documentElement.dataset.troveBoot = 'app';
    expect(appRequested()).toBe(true);
  });

  it("hands the island's held press to the app's hand-off, as the page's index of that control", () => {
    // The drawn copy's div (another file's <style data-prerendered> may be in the shared head).
    place()
      .closest('div[data-prerendered]')
      ?.insertAdjacentHTML('afterbegin', '<button>Account menu</button>');
    place().dataset.pendingPress = '2'; // the island's Continue: email, checkbox, button
    handPressToApp(place());
    expect(place().dataset.pendingPress).toBeUndefined();
    // The page's controls: Account menu, email, checkbox, Continue.
    expect(document.documentElement.dataset.pendingPress).toBe('3');
  });

  it('leaves a press the page holds already, and does nothing without a held press', () => {
    document.documentElement.dataset.pendingPress = '0';
    place().dataset.pendingPress = '2';
    handPressToApp(place());
    expect(document.documentElement.dataset.pendingPress).toBe('0');
    delete document.documentElement.dataset.pendingPress;
    handPressToApp(place());
    expect(document.documentElement.dataset.pendingPress).toBeUndefined();
  });
});
