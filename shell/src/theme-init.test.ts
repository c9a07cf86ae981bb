// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const script = readFileSync(join(import.meta.dirname, '..', 'public', 'theme-init.js'), 'utf8');
const run = () => new Function(script)();
const classes = () => [...document.documentElement.classList].sort();

function systemPrefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: dark && query.includes('dark'), media: query }) as MediaQueryList,
  );
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('style');
  vi.restoreAllMocks();
});

describe('zod in every bundle, before any of them runs', () => {
  it('builds its parsers without eval, keeping what else was set (ADR 233)', () => {
    const global = globalThis as { __zod_globalConfig?: Record<string, unknown> };
    global.__zod_globalConfig = { locale: 'kept' };
    run();
    expect(global.__zod_globalConfig).toEqual({ locale: 'kept', jitless: true });
    delete global.__zod_globalConfig;
    run();
    expect(global.__zod_globalConfig).toEqual({ jitless: true });
  });
});

describe('the theme set before the first paint', () => {
  it('is the saved theme', () => {
    systemPrefersDark(false);
    localStorage.setItem('theme', 'dark');
    run();
    expect(classes()).toEqual(['dark']);
    // The browser's own canvas follows it before any stylesheet has loaded.
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('a saved light theme beats a dark system preference', () => {
    systemPrefersDark(true);
    localStorage.setItem('theme', 'light');
    run();
    expect(classes()).toEqual(['light']);
  });

  it('follows the system preference when nothing valid is saved', () => {
    systemPrefersDark(true);
    localStorage.setItem('theme', 'purple');
    run();
    expect(classes()).toEqual(['dark']);
  });

  it('survives blocked storage', () => {
    systemPrefersDark(false);
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('blocked');
    });
    run();
    expect(classes()).toEqual(['light']);
  });
});

describe('presses on a prerendered page before the app has started (docs/decisions/056)', () => {
  const drawnPage = () => {
    document.body.innerHTML = `<div id="root" hidden></div><div data-prerendered>
      <button type="button" data-theme-toggle="bar" aria-label="Switch to dark theme">T</button>
      <button type="button" aria-label="Account menu" aria-expanded="false">A</button>
      <a href="#pricing">Pricing</a></div>`;
  };
  const button = (name: string) =>
    document.querySelector<HTMLElement>(`[aria-label="${name}"]`) as HTMLElement;

  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.pendingPress;
  });

  it('the theme toggle switches, saves and renames itself, with no app', () => {
    systemPrefersDark(false);
    drawnPage();
    run();
    button('Switch to dark theme').click();
    expect(classes()).toEqual(['dark']);
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(button('Switch to light theme')).toBeTruthy();
    button('Switch to light theme').click();
    expect(classes()).toEqual(['light']);
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('another control is remembered by its place and asks the app to start now', () => {
    systemPrefersDark(false);
    drawnPage();
    run();
    let started = 0;
    document.addEventListener('trove:start-now', () => started++);
    const menu = button('Account menu');
    menu.click();
    expect(document.documentElement.dataset.pendingPress).toBe('1');
    expect(menu.getAttribute('aria-busy')).toBe('true');
    expect(started).toBe(1);
  });

  it('on a page of islands, a press inside one is kept for that island, which is asked to start (docs/decisions/222)', () => {
    systemPrefersDark(false);
    document.body.innerHTML = `<script data-boot="islands"></script><div id="root" hidden></div>
      <div data-prerendered><div data-island="auth/form"><input aria-label="Email">
      <button type="submit" aria-label="Continue">C</button></div></div>`;
    run();
    const asked = { island: 0, app: 0 };
    const onIsland = () => asked.island++;
    const onApp = () => asked.app++;
    document.addEventListener('trove:island-now', onIsland);
    document.addEventListener('trove:start-now', onApp);
    const island = document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
    const press = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('Continue').dispatchEvent(press);
    expect(press.defaultPrevented).toBe(true);
    expect(island.dataset.pendingPress).toBe('1');
    expect(document.documentElement.dataset.pendingPress).toBeUndefined();
    expect(asked).toEqual({ island: 1, app: 0 });
    // Once the island runs, its own handlers answer: nothing is held back or asked.
    delete island.dataset.pendingPress;
    island.setAttribute('data-island-live', '');
    const live = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('Continue').dispatchEvent(live);
    expect(live.defaultPrevented).toBe(false);
    expect(island.dataset.pendingPress).toBeUndefined();
    expect(asked).toEqual({ island: 1, app: 0 });
    document.removeEventListener('trove:island-now', onIsland);
    document.removeEventListener('trove:start-now', onApp);
  });

  it('leaves presses alone once the drawn page is gone (the app answers them)', () => {
    systemPrefersDark(false);
    run();
    document.body.innerHTML = '<div id="root"><button type="button" data-theme-toggle="bar">T</button></div>';
    (document.querySelector('[data-theme-toggle]') as HTMLElement).click();
    expect(classes()).toEqual(['light']);
    expect(document.documentElement.dataset.pendingPress).toBeUndefined();
  });
});

describe('a press begun on a drawn control and finished after the live page replaced it (docs/decisions/227)', () => {
  const pointer = (type: 'pointerdown' | 'pointerup', target: Element) =>
    target.dispatchEvent(new Event(type, { bubbles: true, cancelable: true }));
  const countClicks = (element: Element) => {
    const clicks = { count: 0 };
    element.addEventListener('click', () => clicks.count++);
    return clicks;
  };
  const islandPage = () => {
    document.body.innerHTML = `<script data-boot="islands"></script><div id="root" hidden></div>
      <div data-prerendered><div data-island="auth/form"><input aria-label="Email">
      <button type="submit" aria-label="Continue">C</button></div></div>`;
    return document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
  };
  /** The island's first commit: its own nodes in place of the drawn ones (createRoot clears the element). */
  const commitIsland = (island: HTMLElement) => {
    island.innerHTML = '<input aria-label="Email"><button type="submit" aria-label="Continue">C</button>';
    island.setAttribute('data-island-live', '');
    return island.querySelector('button') as HTMLButtonElement;
  };

  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('finished on the island’s live control: pressed there once', () => {
    vi.useFakeTimers();
    run();
    const island = islandPage();
    pointer('pointerdown', island.querySelector('button') as Element);
    const live = commitIsland(island);
    const clicks = countClicks(live);
    pointer('pointerup', live);
    vi.runAllTimers();
    expect(clicks.count).toBe(1);
  });

  it('finished on the app’s page after the hand-off: its control at the same place is pressed once', () => {
    vi.useFakeTimers();
    run();
    document.body.innerHTML = `<div id="root" hidden><a href="/">Trove</a></div><div data-prerendered>
      <a href="/">Trove</a><button type="button" aria-label="Account menu">A</button></div>`;
    pointer('pointerdown', document.querySelector('[data-prerendered] button') as Element);
    const root = document.getElementById('root') as HTMLElement;
    root.insertAdjacentHTML('beforeend', '<button type="button" aria-label="Account menu">A</button>');
    document.querySelector('[data-prerendered]')?.remove();
    root.hidden = false;
    const live = root.querySelector('button') as HTMLButtonElement;
    const clicks = countClicks(live);
    pointer('pointerup', live);
    vi.runAllTimers();
    expect(clicks.count).toBe(1);
  });

  it('Space pressed on the drawn button and released on the live one (the focus carried): pressed once', () => {
    vi.useFakeTimers();
    run();
    const island = islandPage();
    const key = (type: 'keydown' | 'keyup', target: Element) =>
      target.dispatchEvent(new KeyboardEvent(type, { key: ' ', bubbles: true, cancelable: true }));
    key('keydown', island.querySelector('button') as Element);
    const live = commitIsland(island);
    const clicks = countClicks(live);
    key('keyup', live);
    vi.runAllTimers();
    expect(clicks.count).toBe(1);
  });

  it('never twice when the browser sends its own click to the live control', () => {
    vi.useFakeTimers();
    run();
    const island = islandPage();
    pointer('pointerdown', island.querySelector('button') as Element);
    const live = commitIsland(island);
    const clicks = countClicks(live);
    pointer('pointerup', live);
    live.click();
    vi.runAllTimers();
    expect(clicks.count).toBe(1);
  });

  it('nothing when the finger comes up elsewhere, or on a control that was never replaced', () => {
    vi.useFakeTimers();
    run();
    const island = islandPage();
    pointer('pointerdown', island.querySelector('button') as Element);
    const live = commitIsland(island);
    const clicks = countClicks(live);
    pointer('pointerup', document.body);
    vi.runAllTimers();
    expect(clicks.count).toBe(0);
    // Down and up on the same live control: the browser's own click is the only one.
    pointer('pointerdown', live);
    pointer('pointerup', live);
    vi.runAllTimers();
    expect(clicks.count).toBe(0);
  });
});
