import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The parse child starts on every calendar sync (parse-in-child.ts), so what it imports is paid each time: with
// @trove/service-core's index among its imports (the database, the logger, the job library behind it) a fresh
// child took 10.8–17.0 s to read one event at load 45–49, against 2.7–3.2 s with the time-zone subpath alone
// (docs/decisions/204). Its import graph within the repository must not reach the package's index.

const here = dirname(fileURLToPath(import.meta.url));

/** Every module specifier the file at `path` imports, following the relative ones through the repository. */
function importsOf(path: string, seen = new Set<string>()): Set<string> {
  if (seen.has(path)) return new Set();
  seen.add(path);
  const found = new Set<string>();
  const source = readFileSync(path, 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s+'([^']+)'/gms)) {
    const specifier = match[1] ?? '';
    if (/^import\s+type\s/.test(match[0])) continue;
    found.add(specifier);
    if (specifier.startsWith('.'))
      for (const name of importsOf(resolve(dirname(path), `${specifier}.ts`), seen)) found.add(name);
  }
  return found;
}

describe('the calendar parse child', () => {
  it('imports ical.js and the time-zone subpath, never the service core’s index', () => {
    const imports = importsOf(resolve(here, 'parse-child.ts'));
    expect(imports).toContain('ical.js');
    expect(imports).toContain('@trove/service-core/time-zone');
    expect([...imports].filter((name) => name === '@trove/service-core')).toEqual([]);
  });
});
