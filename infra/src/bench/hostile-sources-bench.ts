import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import type { Stack } from '../stack';
import { csrfHeaders } from './source-probes';
import { groupMemory } from './upload-memory';

// Issue 34's first two goals (`npm run bench -- --databases`, after the database figures): another user's search
// p95 while three hostile sources are read — a SQLite file whose view never ends, a PostgreSQL table with a
// 300 MB cell, and an IMAP server that answers one byte every two seconds (a tarpit) — against the same user's
// p95 on the idle stack, in the same run; and the resident memory of every service process (auth, profile,
// search, sources, with their children) at its peak while they are read. Then what each source's card says.

const NOTES = 200;
const SEARCHES = Number(process.env.BENCH_HOSTILE_SEARCHES ?? 120);
const CELL_MB = Number(process.env.BENCH_HOSTILE_CELL_MB ?? 300);
const WORDS = ['quarterly', 'invoice', 'harbour', 'lantern', 'meadow', 'copper', 'orchard', 'violet'];

export interface HostileFigures {
  idle: { p50: number; p95: number };
  during: { p50: number; p95: number; searches: number };
  idleRssMb: number;
  peakRssMb: number;
  /** Each service's process groups, idle → at the peak, MB. */
  byService: string;
  cards: { name: string; state: string; detail: string }[];
  loadBefore: number[];
  loadAfter: number[];
}

/** The signed-in, CSRF-carrying headers of a multipart request (fetch writes its own Content-Type). */
function formHeaders(cookie: string): Record<string, string> {
  const { 'Content-Type': _json, ...rest } = csrfHeaders(cookie);
  return rest;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

const GROUPS = ['auth', 'profile', 'search', 'sources'] as const;
type Group = (typeof GROUPS)[number];

/** The resident memory of each service's process groups (not nginx, maildev or PostgreSQL), in KB. */
function servicesRssKb(stack: Stack): Record<Group, number> {
  const sums = { auth: 0, profile: 0, search: 0, sources: 0 };
  for (const group of GROUPS)
    for (const instance of stack.instances[group] ?? [])
      for (const p of groupMemory(instance.pid)) sums[group] += p.rssKb;
  return sums;
}

const total = (sums: Record<Group, number>) => GROUPS.reduce((sum, group) => sum + sums[group], 0);

/** A TCP server that greets like IMAP one byte every two seconds and never finishes a line. */
function startTarpit(): Promise<{ server: Server; port: number; close: () => void }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    const greeting = '* OK [CAPABILITY IMAP4rev1 STARTTLS LOGINDISABLED] tarpit ready and waiting';
    let at = 0;
    const drip = setInterval(() => {
      if (socket.destroyed) return clearInterval(drip);
      socket.write(greeting[at % greeting.length] ?? ' ');
      at += 1;
    }, 2_000);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(drip);
      sockets.delete(socket);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      resolve({
        server,
        port,
        close: () => {
          for (const socket of sockets) socket.destroy();
          server.close();
        },
      });
    });
  });
}

async function timedSearches(stack: Stack, cookie: string, count: number, until?: () => boolean) {
  const times: number[] = [];
  for (let n = 0; n < count || (until !== undefined && !until() && n < count * 10); n++) {
    const word = WORDS[n % WORDS.length] ?? 'invoice';
    const at = performance.now();
    const res = await fetch(`${stack.url}/api/v1/search?q=${word}`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`search answered ${res.status}`);
    times.push(performance.now() - at);
  }
  return times.sort((a, b) => a - b);
}

async function uploadNotes(stack: Stack, cookie: string): Promise<void> {
  for (let batch = 0; batch < NOTES; batch += 50) {
    const form = new FormData();
    for (let n = batch; n < batch + 50; n++) {
      const words = WORDS.filter((_, index) => (n + index) % 3 === 0).join(' ');
      form.append('file', new File([`Note ${n}: ${words} and the ${n}th entry.`], `note-${n}.txt`));
    }
    const res = await fetch(`${stack.url}/api/v1/uploads`, {
      method: 'POST',
      headers: formHeaders(cookie),
      body: form,
    });
    await res.arrayBuffer();
    if (res.status !== 202) throw new Error(`the notes' upload answered ${res.status}`);
  }
}

async function post(stack: Stack, cookie: string, path: string, body: unknown) {
  const res = await fetch(`${stack.url}/api/v1/sources${path}`, {
    method: 'POST',
    headers: csrfHeaders(cookie),
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text === '' ? {} : JSON.parse(text)) as Record<string, unknown> };
}

/** The three hostile sources, made by `cookie`'s user; answers their ids (the creates may take a while). */
async function startHostileReads(
  stack: Stack,
  cookie: string,
  big: TestDatabase,
  tarpitPort: number,
  dir: string,
) {
  const path = join(dir, 'endless.sqlite');
  const file = new Sqlite(path);
  file.exec(`create view endless as with recursive c(x) as (select 1 union all select x + 1 from c)
    select x as id, 'b' as body from c;`);
  file.close();
  const form = new FormData();
  form.append('file', new File([readFileSync(path)], 'endless.sqlite'));
  const uploaded = await fetch(`${stack.url}/api/v1/sources/files`, {
    method: 'POST',
    headers: formHeaders(cookie),
    body: form,
  });
  const fileId = ((await uploaded.json()) as { file: { id: string } }).file.id;
  const url = new URL(big.url);
  return Promise.all([
    post(stack, cookie, '', {
      kind: 'sqlite',
      name: 'Endless view',
      settings: { file_id: fileId, table: 'endless', id_column: 'id', body_columns: ['body'] },
    }),
    post(stack, cookie, '', {
      kind: 'postgres',
      name: 'A 300 MB cell',
      settings: {
        host: '127.0.0.1',
        port: Number(url.port || 5432),
        database: url.pathname.slice(1),
        user: decodeURIComponent(url.username || 'postgres'),
        tls: 'disable',
        table: 'big',
        id_column: 'id',
        body_columns: ['body'],
      },
      password: decodeURIComponent(url.password),
    }),
    post(stack, cookie, '', {
      kind: 'imap',
      name: 'Tarpit',
      settings: {
        email: 'tarpit@example.com',
        host: '127.0.0.1',
        port: tarpitPort,
        security: 'starttls',
        username: 'tarpit',
      },
      password: 'tarpit-password',
    }),
  ]);
}

export async function measureHostileSources(
  stack: Stack,
  victim: string,
  attacker: string,
): Promise<HostileFigures> {
  const loadBefore = loadavg();
  const dir = mkdtempSync(join(stack.logDir, 'hostile-'));
  const big = await createTestDatabase(stack.databaseUrl);
  const tarpit = await startTarpit();
  const admin = new pg.Client({ connectionString: big.url });
  await admin.connect();
  let sampler: NodeJS.Timeout | undefined;
  try {
    await admin.query(
      `create table big (id integer primary key, body text);
       insert into big values (1, repeat('x', ${CELL_MB} * 1024 * 1024)), (2, 'a small row');`,
    );
    await uploadNotes(stack, victim);
    // Indexed once a word every note group holds is found in every note it should be.
    for (const started = Date.now(); Date.now() - started < 120_000; ) {
      const res = await fetch(`${stack.url}/api/v1/search?q=entry&limit=50`, { headers: { Cookie: victim } });
      const body = (await res.json()) as { results?: unknown[] };
      if ((body.results?.length ?? 0) >= 50) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await timedSearches(stack, victim, 20); // warm-up: keepalive, JIT, caches
    const idle = await timedSearches(stack, victim, SEARCHES);
    const idleRss = servicesRssKb(stack);
    let peakRss = idleRss;
    sampler = setInterval(() => {
      const now = servicesRssKb(stack);
      if (total(now) > total(peakRss)) peakRss = now;
    }, 100);
    let created = false;
    const creating = startHostileReads(stack, attacker, big, tarpit.port, dir).finally(() => {
      created = true;
    });
    const during = await timedSearches(stack, victim, SEARCHES, () => created);
    const made = await creating;
    // What each card says once its read has been stopped (or a deadline of 3 minutes).
    const cards: HostileFigures['cards'] = [];
    for (const result of made) {
      const source = (result.json.source ?? {}) as { id?: string; name?: string };
      if (source.id === undefined) {
        cards.push({
          name: '(not created)',
          state: String(result.status),
          detail: JSON.stringify(result.json),
        });
        continue;
      }
      let last = { state: 'unknown', detail: '' };
      for (const started = Date.now(); Date.now() - started < 180_000; ) {
        const res = await fetch(`${stack.url}/api/v1/sources/${source.id}`, {
          headers: { Cookie: attacker },
        });
        const status = ((await res.json()) as { source?: { status?: Record<string, unknown> } }).source
          ?.status;
        last = { state: String(status?.state), detail: JSON.stringify(status ?? {}) };
        if (status?.state === 'needs_attention' || status?.state === 'up_to_date') break;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      cards.push({ name: source.name ?? source.id, ...last });
    }
    clearInterval(sampler);
    return {
      idle: { p50: quantile(idle, 0.5), p95: quantile(idle, 0.95) },
      during: { p50: quantile(during, 0.5), p95: quantile(during, 0.95), searches: during.length },
      idleRssMb: total(idleRss) / 1024,
      peakRssMb: total(peakRss) / 1024,
      byService: GROUPS.map(
        (group) => `${group} ${(idleRss[group] / 1024).toFixed(0)} → ${(peakRss[group] / 1024).toFixed(0)}`,
      ).join(', '),
      cards,
      loadBefore,
      loadAfter: loadavg(),
    };
  } finally {
    clearInterval(sampler);
    tarpit.close();
    await admin.end();
    await big.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function printHostileSources(f: HostileFigures): void {
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' ');
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(
    `\nHostile sources (issue 34): another user's searches through nginx while a SQLite view that never ends, a ${CELL_MB} MB PostgreSQL cell and an IMAP tarpit are read. Load average before ${load(f.loadBefore)}, after ${load(f.loadAfter)} (2 cores, shared)\n`,
  );
  console.log('| figure | measured | goal | met |');
  console.log('|---|---|---|---|');
  console.log(
    `| another user's search p50 / p95, idle stack (${SEARCHES} searches) | ${f.idle.p50.toFixed(1)} / ${f.idle.p95.toFixed(1)} ms | — | — |`,
  );
  console.log(
    `| the same during the hostile reads (${f.during.searches} searches) | ${f.during.p50.toFixed(1)} / ${f.during.p95.toFixed(1)} ms (×${(f.during.p95 / f.idle.p95).toFixed(2)}) | p95 ≤ 2× idle | ${met(f.during.p95 <= 2 * f.idle.p95)} |`,
  );
  console.log(
    `| resident memory of every service process (auth, profile, search, sources and their children): idle / peak | ${f.idleRssMb.toFixed(0)} / ${f.peakRssMb.toFixed(0)} MB (${f.byService}) | ≤ 1 GB | ${met(f.peakRssMb <= 1024)} |`,
  );
  console.log('\n| hostile source | its card | what it says |');
  console.log('|---|---|---|');
  for (const card of f.cards) console.log(`| ${card.name} | ${card.state} | ${card.detail.slice(0, 300)} |`);
}
