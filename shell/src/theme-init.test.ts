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
