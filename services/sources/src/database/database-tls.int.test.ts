import { testTime } from '@trove/service-core/testing/time';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  DATABASE_TLS_LABELS,
  type DatabaseConnection,
  type DatabaseServerKind,
  type DatabaseTlsMode,
} from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificate, type TestCertificate } from '@trove/service-core/testing';
import { DatabaseError, openServerReader, PAGE_DEFAULTS } from './database-reader';
import { databaseProblemWords } from './database-source';
import { type SourceServer, startMariadb, startTlsPostgres } from './testing/source-databases';

// The encryption setting of a database source against servers that speak TLS with a certificate made for
// the run (issue 22, "Bad input": wrong password, and the TLS modes): PostgreSQL of the test's own that
// checks passwords and refuses connections without TLS, and MariaDB that requires secure transport. The
// certificate names "localhost" only. "Encrypted" (require) connects without checking it; "certificate
// checked" (verify) refuses it while nothing trusts it, and connects once the process trusts it — in a
// process of its own started with NODE_EXTRA_CA_CERTS, as a public authority's certificate is trusted in
// use — but only under the name it was made for. The shared server on 5432 speaks no TLS at all.

const run = promisify(execFile);
const probe = fileURLToPath(new URL('./testing/tls-probe.ts', import.meta.url));

let dir: string;
let certificate: TestCertificate;
let postgres: SourceServer;
let mariadb: SourceServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trove-db-tls-'));
  certificate = makeCertificate(dir, { organisation: 'Trove test databases', altNames: ['DNS:localhost'] });
  [postgres, mariadb] = await Promise.all([
    startTlsPostgres(certificate),
    startMariadb({ tls: certificate, requireTls: true }),
  ]);
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([postgres?.stop(), mariadb?.stop()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const connection = (
  server: SourceServer,
  tls: DatabaseTlsMode,
  host: string = server.host,
): DatabaseConnection => ({
  host,
  port: server.port,
  database: server.database,
  user: server.reader.user,
  tls,
});

const reach = { allowedHosts: parseAllowedHosts('127.0.0.1,localhost') };
const limits = { statementTimeoutMs: 5_000, connectTimeoutMs: 5_000, ...PAGE_DEFAULTS };

type Opened = { tables: string[] } | { problem: string; message: string };

/** The tables the reader lists, or the problem it names. */
async function open(kind: DatabaseServerKind, target: DatabaseConnection, password: string): Promise<Opened> {
  try {
    const reader = await openServerReader(kind, target, password, reach, limits);
    try {
      return { tables: (await reader.listTables()).map((table) => table.name) };
    } finally {
      await reader.close();
    }
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error;
    return { problem: error.problem, message: error.message };
  }
}

/** The same for each target, from one process that trusts the test's certificate as an authority. */
async function openTrusting(
  kind: DatabaseServerKind,
  targets: DatabaseConnection[],
  password: string,
): Promise<Opened[]> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      import.meta.resolve('tsx'),
      probe,
      JSON.stringify([kind, targets, password, '127.0.0.1,localhost']),
    ],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: certificate.certPath }, timeout: testTime(60_000) },
  );
  const answers = JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as (
    | { ok: true; tables: string[] }
    | { ok: false; problem: string; message: string }
  )[];
  return answers.map((answer) =>
    answer.ok ? { tables: answer.tables } : { problem: answer.problem, message: answer.message },
  );
}

describe.each([
  ['postgres', () => postgres],
  ['mysql', () => mariadb],
] as const)('%s over TLS', (kind, server) => {
  it('“Encrypted” connects to a self-signed certificate; “Off” is refused by a server that wants TLS', async () => {
    expect(await open(kind, connection(server(), 'require'), server().reader.password)).toMatchObject({
      tables: expect.arrayContaining(['invoices']),
    });
    const plain = await open(kind, connection(server(), 'disable'), server().reader.password);
    if (kind === 'postgres') {
      expect(plain).toEqual({
        problem: 'tls',
        message: 'The server accepts only encrypted connections (TLS).',
      });
    } else {
      // MariaDB answers a connection without TLS to a server that requires it as it answers a wrong password
      // ("Access denied"), so the card's advice for a refused password names the setting when it is off.
      expect(plain).toMatchObject({ problem: 'auth' });
      const words = databaseProblemWords(
        new DatabaseError('auth', 'Access denied'),
        { kind, connection: connection(server(), 'disable'), password: '' },
        {},
      );
      expect(words.action).toContain(`“${DATABASE_TLS_LABELS.require}”`);
    }
  });

  it('“certificate checked” refuses a certificate nothing trusts, and says why', async () => {
    const checked = await open(kind, connection(server(), 'verify', 'localhost'), server().reader.password);
    expect(checked).toMatchObject({ problem: 'tls', message: expect.stringMatching(/self[- ]signed/i) });
  });

  it(
    '“certificate checked” connects once the certificate is trusted, only under the name it was made for',
    async () => {
      // The certificate names "localhost", not 127.0.0.1: the same server by its address is not the server
      // the certificate speaks for.
      const [named, byAddress] = await openTrusting(
        kind,
        [connection(server(), 'verify', 'localhost'), connection(server(), 'verify', '127.0.0.1')],
        server().reader.password,
      );
      expect(named).toHaveProperty('tables');
      expect(byAddress).toMatchObject({ problem: 'tls' });
    },
    testTime(120_000),
  );
  it('a wrong password over TLS is named as such', async () => {
    expect(await open(kind, connection(server(), 'require'), 'not-the-password')).toMatchObject({
      problem: 'auth',
    });
  });
});

describe('a server without TLS', () => {
  it('“Encrypted” to the shared PostgreSQL (no TLS) says the server does not offer it', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const plain = await open(
      'postgres',
      {
        host: '127.0.0.1',
        port: Number(url.port || 5432),
        database: url.pathname.slice(1) || 'postgres',
        user: decodeURIComponent(url.username || 'postgres'),
        tls: 'require',
      },
      '',
    );
    expect(plain).toEqual({ problem: 'tls', message: 'The server does not offer TLS.' });
  });
});

describe('the words on the card', () => {
  it('name the encryption setting as the form does', () => {
    const words = databaseProblemWords(
      new DatabaseError('tls', 'self-signed certificate'),
      { kind: 'postgres', connection: connection(postgres, 'verify'), password: '' },
      {},
    );
    for (const label of Object.values(DATABASE_TLS_LABELS)) expect(words.action).toContain(`“${label}”`);
  });
});
