import { describe, expect, it } from 'vitest';
import { childEntry } from './child-entry';

// docs/decisions/217: a child forked from source runs under tsx's loader; from a bundle, its sibling `.mjs` runs as
// plain JavaScript.

describe('childEntry', () => {
  const module = new URL('file:///app/dist/services/sources/reader-child.ts');

  it("names the child's bundle beside the service's, with no loader, when running from a bundle", () => {
    expect(childEntry(module, true)).toEqual({
      path: '/app/dist/services/sources/reader-child.mjs',
      execArgv: [],
    });
  });

  it("runs the TypeScript source under tsx's loader otherwise (tests and development)", () => {
    const entry = childEntry(module, false);
    expect(entry.path).toBe('/app/dist/services/sources/reader-child.ts');
    expect(entry.execArgv[0]).toBe('--import');
    expect(entry.execArgv[1]).toMatch(/^file:.*\/tsx\//);
  });

  it('knows it runs from source here', () => {
    expect(childEntry(module).execArgv).toHaveLength(2);
  });
});
