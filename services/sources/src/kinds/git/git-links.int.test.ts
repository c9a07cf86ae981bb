import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SearchResponseSchema, type Source, SourceResponseSchema } from '@trove/contracts';
import { testRunDirectory } from '@trove/service-core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  syncAndIndex as syncSourceAndIndex,
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../../../infra/src/testing/sources-and-search';
import { type GitServer, startGitServer } from './testing/git-server';

// Issue 43's bad input for a repository, against real Git hosting (git http-backend behind nginx): a symlink
// loop, links that lead out of the repository (to /etc/passwd, to ..), and a tree entry whose path climbs out
// with `..` — which git never writes but a hostile server can serve. None is read as a file: the sync ends up to
// date with the repository's own files, and nothing outside it is found (docs/decisions/186, 219).

let server: GitServer;
let service: SourcesTestService;
let ada: SignedInUser;

const author = { name: 'Ann Lee', email: 'ann@example.com', date: '2026-11-01T09:00:00Z' };

beforeAll(async () => {
  [server, service] = await Promise.all([
    startGitServer(),
    startSourcesTestService({
      sources: {
        allowedHosts: '127.0.0.1',
        git: { dir: join(testRunDirectory(), `git-links-${randomBytes(4).toString('hex')}`) },
      },
    }),
  ]);
  ada = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), server?.stop()]);
});

async function syncAndIndex(id: string): Promise<Source> {
  return syncSourceAndIndex(
    service,
    id,
    async () =>
      SourceResponseSchema.parse(await (await service.request(ada, `/api/v1/sources/${id}`)).json()).source,
  );
}

async function found(q: string): Promise<string[]> {
  const res = await service.request(ada, `/api/v1/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return SearchResponseSchema.parse(await res.json()).results.map((result) => result.document.name);
}

describe('a repository whose links or paths lead out of it', () => {
  it(
    'leaves out a symlink loop, links out of the repository and a `..` path; the card stays up to date',
    async () => {
      server.commit(
        'links',
        {
          'README.md': 'The quokka handbook.\n',
          'loop-a': { link: 'loop-b' },
          'loop-b': { link: 'loop-a' },
          'self/here': { link: '.' },
          passwd: { link: '/etc/passwd' },
          'docs/up': { link: '../../../../etc' },
        },
        'Links of every kind',
        author,
      );
      server.commitHostileTree('links', '../escape.md', 'The wallaby escaped.\n', {
        'README.md': 'The quokka handbook.\n',
      });
      const created = await service.request(ada, '/api/v1/sources', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind: 'git', settings: { url: server.url('links') }, password: '' }),
      });
      expect(created.status).toBe(201);
      const { id } = SourceResponseSchema.parse(await created.json()).source;
      const synced = await syncAndIndex(id);
      expect(synced.status.state, JSON.stringify(synced.status)).toBe('up_to_date');
      const names = (
        await testDb(service.db).selectFrom('documents').select('name').where('source_id', '=', id).execute()
      ).map((row) => row.name);
      // The repository's one file (and its commits): no link, no path out of it.
      expect(names.filter((name) => !/commit/i.test(name) && name.includes('README.md'))).toHaveLength(1);
      for (const name of names) expect(name).not.toMatch(/loop-|passwd|self\/here|docs\/up|\.\.|escape/);
      expect((await found('quokka')).some((name) => name.endsWith('README.md'))).toBe(true);
      expect(await found('wallaby')).toEqual([]);
      // /etc/passwd's first line holds "root"; nothing of it came in.
      expect(await found('root')).toEqual([]);
    },
    testTime(120_000),
  );
});
