import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { migrations } from './index';

// Two branches that each add a migration merge as two added lines in any order; kysely runs them by name, and
// the tests that compare what ran with this list read it in order. One list, sorted, one entry per file.
describe('the migrations list', () => {
  it('names every migration file once, in the order kysely runs them (by name)', () => {
    const names = Object.keys(migrations);
    expect(names).toEqual([...names].sort());
    const files = readdirSync(fileURLToPath(new URL('.', import.meta.url)))
      .filter((file) => /^\d{4}-\d{2}-\d{2}-\d{2}-.*\.ts$/.test(file) && !file.includes('.test.'))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(names).toEqual(files.sort());
  });
});
