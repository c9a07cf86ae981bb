import { describe, expect, it } from 'vitest';
import { classNames, countLines } from './css-lines';

describe('css-lines', () => {
  it('counts lines as wc -l does, and the non-blank ones beside them', () => {
    expect(countLines('.a {\n  margin: 0;\n}\n\n.b {\n}\n')).toEqual({ lines: 6, nonBlank: 5 });
    expect(countLines('.a {}')).toEqual({ lines: 1, nonBlank: 1 });
  });

  it('finds the classes a module defines, not those in comments, values or :global()', () => {
    const css = [
      '/* .commented */',
      '.card, .card:hover > .title { background: url(x.png); width: 1.5rem; }',
      '.phone :global(.PhoneInput) { color: red; }',
      '@media (max-width: 40rem) { .card { padding: 0; } }',
    ].join('\n');
    expect(classNames(css).sort()).toEqual(['card', 'phone', 'title']);
  });
});
