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
