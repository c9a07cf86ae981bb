import { testTime } from '@trove/service-core/testing/time';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The database clients and the SQL parser are loaded when a database source is first used, not when the
// service starts (docs/decisions/061): mysql2, better-sqlite3 and node-sql-parser held ~60 MB of resident
// memory in every search service, database sources or not (issue 21's memory goal). A fresh Node process
// imports what the service imports at start — the app with its routes, and the sources' start — and lists the
// packages it loaded.

const run = promisify(execFile);
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const PROBE = `
  import { createRequire } from 'node:module';
  for (const module of process.argv.slice(1)) await import(module);
  const loaded = Object.keys(createRequire(import.meta.url).cache);
  const packages = ['mysql2', 'better-sqlite3', 'node-sql-parser', 'pg'];
  console.log(JSON.stringify(packages.filter((name) => loaded.some((path) => path.includes('/node_modules/' + name + '/')))));
`;

async function packagesLoadedBy(modules: string[]): Promise<string[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), '--input-type=module', '-e', PROBE, ...modules],
    { timeout: testTime(90_000) },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as string[];
}

describe('database clients load on first use', () => {
  it(
    'the service at start loads no database client but its own (pg) and no SQL parser',
    async () => {
      expect(await packagesLoadedBy([here('../app.ts'), here('../start-sources.ts')])).toEqual(['pg']);
    },
    testTime(120_000),
  );
  it(
    'opening a SQLite file loads better-sqlite3; checking a query loads the parser',
    async () => {
      const probe = here('./testing/lazy-drivers-probe.ts');
      expect(await packagesLoadedBy([probe])).toEqual(['better-sqlite3', 'node-sql-parser', 'pg']);
    },
    testTime(120_000),
  );
});
