import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { testRunDirectory } from '@trove/service-core/testing';
import autocannon from 'autocannon';
import { freePort } from '../free-port';
import { RAISED_PROXY_AUTH_LIMITS, REPO_ROOT } from '../stack';
import { startIsolatedStack } from '../stack/isolated';
import { bundleServices } from '../stack/service-bundles';
import { startBareServer } from './bare-server';
import { type ProcessGroup, startCpuMeter } from './cpu-meter';
import { measureRegisterFlood, printRegisterFlood } from './register-flood';
import { measureEnumerationTiming, printEnumerationTiming } from './enumeration-timing';
import { runFaultsBench } from './faults';
import { measureFrontEndBytes, measureLandingScripts } from './front-end-bytes';
import { measurePublicInteractions, measureSignedInInteractions, printInteractions } from './interactions';
import { printLighthouseTable, runLighthouse } from './lighthouse';
import { measurePageLoad, type PageTiming, printPageTimings, WATCH_MS } from './page-timing';
import { runRelevanceBench } from './search/relevance-bench';
import { runSearchBench } from './search/search-bench';
import { measureCalendars, printCalendars } from './calendars-bench';
import { measureDatabases, printDatabases } from './databases-bench';
import { measureFileSources, printFileSources, printSourceKinds } from './file-sources-bench';
import { measureHostileSources, printHostileSources } from './hostile-sources-bench';
import { measureSources, printSources } from './sources-bench';
import { measureUploadMemory, printUploadMemory } from './upload-memory';
import { runExtractionBench } from './extraction-bench';
import { runAnswersBench } from './answers-bench';
import { runWorkflowsBench } from './workflows-bench';

// `npm run bench`: the figures the issues budget, printed as tables. Absolute numbers on a shared 2-core
// machine are noise, so every service figure is shown beside a baseline measured through the same nginx
// in the same run, and the ratio is the figure that counts.

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

type Load = {
  label: string;
  path: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

async function load(
  baseUrl: string,
  label: string,
  path: string,
  duration: number,
  headers: Record<string, string> = {},
): Promise<Load> {
  const result = await autocannon({ url: `${baseUrl}${path}`, connections: CONNECTIONS, duration, headers });
  return {
    label,
    path,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function mean(runs: Load[]): Load {
  const first = runs[0] as Load;
  const avg = (pick: (l: Load) => number) => runs.reduce((sum, l) => sum + pick(l), 0) / runs.length;
  return {
    ...first,
    rps: avg((l) => l.rps),
    p50: avg((l) => l.p50),
    p99: avg((l) => l.p99),
    errors: avg((l) => l.errors),
    non2xx: avg((l) => l.non2xx),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const LOGINS = Number(process.env.BENCH_LOGINS ?? 50);
const BENCH_PASSWORD = 'Bench-Horse-9-Battery';

function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** register → the code from the mail inbox → verify: a signed-in user in the bench's fresh database. */
async function signUp(baseUrl: string, mailUrl: string, email: string): Promise<string> {
  const registered = await postJson(`${baseUrl}/api/v1/auth/password/register`, {
    email,
    password: BENCH_PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  let code: string | undefined;
  for (let attempt = 0; code === undefined && attempt < 150; attempt++) {
    const inbox = (await (await fetch(`${mailUrl}/email`)).json()) as {
      text: string;
      to: { address: string }[];
    }[];
    const mail = inbox.find((m) => m.to.some((to) => to.address === email));
    code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (code === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (code === undefined) throw new Error('no verify code arrived');
  const verified = await postJson(`${baseUrl}/api/v1/auth/otp/verify`, {
    target: email,
    code,
    purpose: 'verify',
  });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return verified.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** p50 of LOGINS sequential logins through nginx (argon2id verify dominates). */
async function loginP50(baseUrl: string, email: string): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let index = 0; index < LOGINS; index++) {
    const started = performance.now();
    const res = await postJson(`${baseUrl}/api/v1/auth/password/login`, { email, password: BENCH_PASSWORD });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { p50: at(0.5), p99: at(0.99) };
}

// BUILD_OUT_DIR is the build's own setting (infra/src/build.ts): the bench measures what was built there.
const WWW_ROOT = resolve(process.env.BUILD_OUT_DIR ?? join(REPO_ROOT, 'dist', 'www'));
// `npm run bench -- --front-end`: only the page figures (bytes, Chromium's Performance API at CPU ×4 —
// TBT, long tasks by script, INP, a signed-in route change — and Lighthouse), for working on the pages.
const FRONT_END_ONLY = process.argv.includes('--front-end');
// `npm run bench -- --search`: only the search figures (issue 10), which need no front-end build.
const SEARCH_ONLY = process.argv.includes('--search');
// `npm run bench -- --uploads`: only the upload memory figure (issue 18 item 7), no front-end build either.
const UPLOADS_ONLY = process.argv.includes('--uploads');
// `npm run bench -- --relevance`: only the relevance evaluation and indexing figures (issue 19 items 6 and 7).
const RELEVANCE_ONLY = process.argv.includes('--relevance');
// `npm run bench -- --auth`: only the login figures (time, and known against unknown emails), no build.
const AUTH_ONLY = process.argv.includes('--auth');
// `npm run bench -- --register-flood`: logins from other /64s while one /64 floods /register (issue 35 item 6).
const REGISTER_FLOOD_ONLY = process.argv.includes('--register-flood');
// `npm run bench -- --faults`: only PostgreSQL stopped and frozen under load, on a stack of their own.
const FAULTS_ONLY = process.argv.includes('--faults');
// `npm run bench -- --sources`: only the source figures, no build: IMAP against a local Dovecot (issue 21), then
// issue 43's table — calendars against Radicale, a WebDAV share and a Git repository behind nginx
// (docs/decisions/205). BENCH_SOURCES picks some of `imap,calendars,files` (default all, in that order).
const SOURCES_ONLY = process.argv.includes('--sources');
const SOURCE_PARTS = new Set((process.env.BENCH_SOURCES ?? 'imap,calendars,files').split(','));
// `npm run bench -- --databases`: only the database source figures (issue 22) against a seeded PostgreSQL table.
const DATABASES_ONLY = process.argv.includes('--databases');
// `npm run bench -- --calendars`: only the calendar source figures (issue 43) against a local Radicale.
const CALENDARS_ONLY = process.argv.includes('--calendars');
// `npm run bench -- --lighthouse`: only Lighthouse on the public pages of issue 23's goals (needs a build).
const LIGHTHOUSE_ONLY = process.argv.includes('--lighthouse');
/** Issue 23's goal pages: perf ≥ 98, a11y, best practices and SEO 100, mobile preset. */
const LIGHTHOUSE_PAGES = ['/', '/auth/login', '/auth/register', '/integrations'];
// `npm run bench -- --floor`: only GET /auth/me against a bare Hono route through nginx (issue 23 item 4), no build.
const FLOOR_ONLY = process.argv.includes('--floor');
// `npm run bench -- --extraction`: only the readers' figures (issue 39, issue 35 item 5), against a database of its
// own and a fresh extraction child per file, no stack and no build.
const EXTRACTION_ONLY = process.argv.includes('--extraction');
// `npm run bench -- --answers`: only the answers that compute (issue 37 item 5), against a database of its own.
const ANSWERS_ONLY = process.argv.includes('--answers');
// `npm run bench -- --workflows`: workflows due together, slots run once, previews (issue 40), on a database of its own.
const WORKFLOWS_ONLY = process.argv.includes('--workflows');

/**
 * JS for `/`: what it fetches untouched — its own plain script since docs/decisions/245, issue 41's ≤ 150 KB (issue 23's
 * ≤ 60 KB was for the same moment when only two small scripts ran before the app) — and in all, ≤ 180 KB.
 */
async function printLandingScripts(url: string) {
  const scripts = await measureLandingScripts(url);
  console.log('\nJavaScript transferred for / (mobile viewport, no scrolling)\n');
  console.log('| what | files | transferred KB | goal |');
  console.log('|---|---|---|---|');
  console.log(
    `| before the first interaction (${scripts.beforeInteraction.files.join(', ')}) | ${scripts.beforeInteraction.files.length} | ${kb(scripts.beforeInteraction.transferredBytes)} | ≤ 150 |`,
  );
  console.log(
    `| in all, once the app has taken over | ${scripts.total.files} | ${kb(scripts.total.transferredBytes)} | ≤ 180 |`,
  );
}

/**
 * Issue 41's page figures from Chromium's Performance API (page-timing.ts, CPU ×4): each page's blocking time,
 * its long tasks by script and its script bytes; with a session, the signed-in pages and interactions too.
 */
async function printPageFigures(url: string, cookie?: string) {
  const rows: PageTiming[] = [];
  for (const page of LIGHTHOUSE_PAGES) rows.push(await measurePageLoad(url, page));
  if (cookie) {
    for (const page of ['/chats', '/connections', '/uploads', '/profile']) {
      rows.push(await measurePageLoad(url, page, cookie));
    }
  }
  console.log(
    `\nFirst load in Chromium, CPU ×4 (Performance API: long animation frames, resource timing), watched ${WATCH_MS / 1000} s, nobody touching the page\n`,
  );
  printPageTimings(rows);
  console.log('\nInteraction to next paint and a signed-in route change, CPU ×4\n');
  const interactions = await measurePublicInteractions(url);
  if (cookie) interactions.push(...(await measureSignedInInteractions(url, cookie)));
  printInteractions(interactions);
}

async function main() {
  if (FAULTS_ONLY) {
    await runFaultsBench();
    return;
  }
  if (EXTRACTION_ONLY) {
    await runExtractionBench();
    return;
  }
  if (ANSWERS_ONLY) {
    await runAnswersBench();
    return;
  }
  if (WORKFLOWS_ONLY) {
    await runWorkflowsBench();
    return;
  }
  if (REGISTER_FLOOD_ONLY) {
    // A stack of its own with the default limits, the services' and nginx's: the register flood must meet the
    // budgets a deployment has, which the main bench stack lifts for its sequential logins from one address.
    // The bench is the trusted front proxy (FRONT_PROXIES), so it names each request's client network.
    const stack = await startIsolatedStack('bench-flood', {
      wwwRoot: WWW_ROOT,
      requireBuild: false,
      accessLog: false,
      env: { ...process.env, FRONT_PROXIES: '127.0.0.1' },
    });
    try {
      const email = 'flood-owner@example.com';
      await signUp(stack.url, stack.mailUrl, email);
      printRegisterFlood(await measureRegisterFlood(stack.url, { email, password: BENCH_PASSWORD }));
    } finally {
      await stack.stop();
    }
    return;
  }
  const servicesOnly =
    SEARCH_ONLY ||
    UPLOADS_ONLY ||
    RELEVANCE_ONLY ||
    AUTH_ONLY ||
    SOURCES_ONLY ||
    DATABASES_ONLY ||
    CALENDARS_ONLY ||
    FLOOR_ONLY;
  if (LIGHTHOUSE_ONLY) {
    const stack = await startIsolatedStack('bench', {
      wwwRoot: WWW_ROOT,
      requireBuild: true,
      accessLog: false,
    });
    try {
      await printLandingScripts(stack.url);
      await printPageFigures(stack.url);
      const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
      console.log(`\nLighthouse ${runs}× (mobile preset, Debian's Chromium), median run by performance\n`);
      printLighthouseTable(
        await runLighthouse(
          LIGHTHOUSE_PAGES.map((path) => `${stack.url}${path}`),
          runs,
        ),
      );
    } finally {
      await stack.stop();
    }
    return;
  }
  if (!servicesOnly && !existsSync(join(WWW_ROOT, 'index.html'))) {
    console.error(`${relative(REPO_ROOT, WWW_ROOT)} is missing: build first (npx tsx infra/src/build.ts).`);
    process.exit(1);
  }
  const barePort = await freePort();
  const bare = await startBareServer(barePort);
  // The services as `npm start` runs them: bundled JavaScript (docs/decisions/217), in a folder of the bench's own
  // so a stack running from dist/services keeps its children's files.
  const serviceBundles = join(REPO_ROOT, '.data', 'bench-services');
  await bundleServices(serviceBundles);
  const stack = await startIsolatedStack('bench', {
    serviceBundles,
    wwwRoot: WWW_ROOT,
    requireBuild: !servicesOnly,
    nginxWorkers: 1,
    accessLog: false,
    extraLocations: [{ path: '/bench/bare', upstreams: [`127.0.0.1:${barePort}`] }],
    // The bench user asks 50 questions in a row and sends thousands of searches: a person's rate limits
    // (CHAT_ASKS_PER_MINUTE, 30 by default) would turn the answer figures into 429s.
    serviceEnv: {
      CHAT_ASKS_PER_MINUTE: '10000',
      UPLOAD_REQUESTS_PER_MINUTE: '100000',
      // BENCH_LOGINS sequential logins from one address (50 by default) pass the per-IP password budget.
      RATE_PASSWORD_CHECKS_PER_MINUTE: '100000',
      // Thousands of searches by one user a minute are the load itself.
      SEARCH_REQUESTS_PER_MINUTE: '1000000',
      // The known-against-unknown pairs: one address asking exists, and failing logins on one account.
      RATE_EXISTS_PER_MINUTE: '100000',
      RATE_LOGIN_FAILURES: '1000000',
      RATE_ACCOUNT_FAILURES: '1000000',
      // nginx's per-network limits on those calls (docs/decisions/096).
      ...RAISED_PROXY_AUTH_LIMITS,
      // The sources bench's Dovecot listens on loopback, which a source may not reach unless listed.
      ...(SOURCES_ONLY || DATABASES_ONLY || CALENDARS_ONLY ? { SOURCE_ALLOWED_HOSTS: '127.0.0.1' } : {}),
      // The Git source's bare copies go to the run's folder, not the checkout's .data.
      ...(SOURCES_ONLY ? { SOURCE_GIT_DIR: join(testRunDirectory(), 'bench-git') } : {}),
    },
  });
  try {
    const email = 'bench@example.com';
    const cookie = await signUp(stack.url, stack.mailUrl, email);
    const uploadMemory = async () =>
      printUploadMemory(await measureUploadMemory(stack, (who) => signUp(stack.url, stack.mailUrl, who)));
    if (UPLOADS_ONLY) {
      await uploadMemory();
      return;
    }
    const authFigures = async () => {
      const logins = await loginP50(stack.url, email);
      console.log(
        `\nPOST /api/v1/auth/password/login through nginx, ${LOGINS} sequential (argon2id m=19456 t=2 p=1)\n`,
      );
      console.log('| route | p50 ms | p99 ms |');
      console.log('|---|---|---|');
      console.log(`| login | ${logins.p50.toFixed(1)} | ${logins.p99.toFixed(1)} |`);
      printEnumerationTiming(
        await measureEnumerationTiming(stack.url, { email, wrongPassword: 'Wrong-Horse-1-Battery' }),
      );
    };
    const floorFigures = async () => {
      console.log(
        `\nGET through nginx: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s × ${ROUNDS} rounds, interleaved\n`,
      );
      const targets: { label: string; path: string; headers?: Record<string, string> }[] = [
        { label: 'bare Hono route (baseline)', path: '/bench/bare' },
        { label: 'auth /healthz', path: '/api/v1/auth/healthz' },
        // A signed-in session check: JWT verify, family lookup and user lookup (docs/product/api.md#auth-calls GET /auth/me).
        { label: 'auth /me (signed in)', path: '/api/v1/auth/me', headers: { Cookie: cookie } },
      ];
      for (const t of targets) await load(stack.url, t.label, t.path, 2, t.headers); // warm-up: keepalive, JIT
      const runs = new Map<string, Load[]>();
      // CPU by process group over every round of a route (/proc ticks are 10 ms, so whole rounds, not requests).
      const cpu = new Map<string, { ms: Record<ProcessGroup, number>; requests: number }>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const t of targets) {
          const meter = startCpuMeter();
          const result = await load(stack.url, t.label, t.path, DURATION_S, t.headers);
          const requests = result.rps * DURATION_S;
          const perRequest = meter.stop(1);
          const sum = cpu.get(t.label) ?? { ms: { ...perRequest }, requests: 0 };
          if (cpu.has(t.label)) {
            for (const group of Object.keys(perRequest) as ProcessGroup[]) sum.ms[group] += perRequest[group];
          }
          sum.requests += requests;
          cpu.set(t.label, sum);
          runs.set(t.label, [...(runs.get(t.label) ?? []), result]);
        }
      }
      const results = targets.map((t) => mean(runs.get(t.label) ?? []));
      const baseline = results[0] as Load;
      console.log(
        '| route | req/s | p50 ms | p99 ms | errors | non-2xx | req/s vs baseline | p99 vs baseline |',
      );
      console.log('|---|---|---|---|---|---|---|---|');
      for (const r of results) {
        console.log(
          `| ${r.label} \`${r.path}\` | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} | ${r.non2xx} | ${(r.rps / baseline.rps).toFixed(2)} | ${(r.p99 / Math.max(baseline.p99, 0.1)).toFixed(2)} |`,
        );
      }
      console.log(
        '\nCPU per request, ms, by process (the product is nginx + services + PostgreSQL; "other" is the rest of the machine)\n',
      );
      console.log('| route | nginx | services | postgres | product total | load generator | other |');
      console.log('|---|---|---|---|---|---|---|');
      for (const t of targets) {
        const used = cpu.get(t.label);
        if (used === undefined || used.requests === 0) continue;
        const per = (group: ProcessGroup) => used.ms[group] / used.requests;
        const product = per('nginx') + per('services') + per('postgres');
        console.log(
          `| ${t.label} | ${per('nginx').toFixed(3)} | ${per('services').toFixed(3)} | ${per('postgres').toFixed(3)} | ${product.toFixed(3)} | ${per('load generator').toFixed(3)} | ${per('other').toFixed(3)} |`,
        );
      }
    };
    if (AUTH_ONLY) {
      await authFigures();
      return;
    }
    if (FLOOR_ONLY) {
      await floorFigures();
      return;
    }
    // A fresh session for a phase that starts after a long load (the access token's lifetime is shorter than
    // the ×8 copy on a slow machine: every ×8 request once answered 401).
    const signIn = async () => {
      const res = await postJson(`${stack.url}/api/v1/auth/password/login`, {
        email,
        password: BENCH_PASSWORD,
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`login answered ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ');
    };
    if (SOURCES_ONLY) {
      if (SOURCE_PARTS.has('imap')) printSources(await measureSources(stack, cookie));
      // Fresh sessions: each part may outlast the access token of the one before.
      const calendars = SOURCE_PARTS.has('calendars') ? await measureCalendars(stack, await signIn()) : null;
      if (calendars !== null) printCalendars(calendars);
      const files = SOURCE_PARTS.has('files') ? await measureFileSources(stack, await signIn()) : null;
      if (files !== null) printFileSources(files);
      if (calendars !== null && files !== null) printSourceKinds(calendars, files);
      return;
    }
    if (DATABASES_ONLY) {
      printDatabases(await measureDatabases(stack, cookie, signIn));
      // BENCH_DATABASES_HOSTILE=0: the first sync and the delta alone (comparing two checkouts back to back).
      if (process.env.BENCH_DATABASES_HOSTILE === '0') return;
      const attacker = await signUp(stack.url, stack.mailUrl, 'hostile@example.com');
      printHostileSources(await measureHostileSources(stack, await signIn(), attacker));
      return;
    }
    if (CALENDARS_ONLY) {
      // A fresh session: filling the server may outlast the first one's access token.
      printCalendars(await measureCalendars(stack, await signIn()));
      return;
    }
    if (RELEVANCE_ONLY) {
      await runRelevanceBench(stack, { cookie, email });
      return;
    }
    if (SEARCH_ONLY) {
      await runSearchBench(
        stack,
        { cookie, email },
        '/bench/bare',
        signIn,
        existsSync(join(WWW_ROOT, 'index.html')),
      );
      return;
    }
    // A front-end that fails to render one route must not cost the service figures of the same run;
    // the failure is printed in place of the table.
    try {
      console.log(`\nFront-end JavaScript fetched by Chromium per route (mobile viewport), ${stack.url}\n`);
      const bytes = await measureFrontEndBytes(stack.url, [
        { route: '/', ready: 'remote-marketing' },
        // The sign-in card runs as an island; the app starts only when asked (docs/decisions/222, 227).
        { route: '/auth/login', ready: '[data-island="auth/form"][data-island-live]' },
        // Guarded routes (docs/product/shell.md#guards) are measured signed in.
        { route: '/profile', ready: 'remote-profile', cookie },
        { route: '/connections', ready: 'remote-connectors', cookie },
      ]);
      console.log(
        '| route | front-end | files | raw KB | served KB (encoding) | gzip -9 KB | brotli q11 KB |',
      );
      console.log('|---|---|---|---|---|---|---|');
      for (const route of new Set(bytes.map((b) => b.route))) {
        const rows = bytes.filter((b) => b.route === route);
        for (const r of rows) {
          console.log(
            `| ${r.route} | ${r.frontEnd} | ${r.files} | ${kb(r.rawBytes)} | ${kb(r.servedBytes)} (${r.servedEncoding}) | ${kb(r.gzipBytes)} | ${kb(r.brotliBytes)} |`,
          );
        }
        const sum = (pick: (b: (typeof rows)[number]) => number) => rows.reduce((s, b) => s + pick(b), 0);
        console.log(
          `| ${route} | **total** | ${sum((b) => b.files)} | ${kb(sum((b) => b.rawBytes))} | ${kb(sum((b) => b.servedBytes))} | ${kb(sum((b) => b.gzipBytes))} | ${kb(sum((b) => b.brotliBytes))} |`,
        );
      }
      // Issue 8: the budget for / is 200 KB gzip, reported with what it is made of.
      console.log('\nWhat / is made of (gzip -9 KB per file, largest first)\n');
      console.log('| front-end | file | raw KB | gzip -9 KB |');
      console.log('|---|---|---|---|');
      for (const row of bytes.filter((b) => b.route === '/')) {
        for (const part of [...row.parts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
          console.log(`| ${row.frontEnd} | ${part.file} | ${kb(part.rawBytes)} | ${kb(part.gzipBytes)} |`);
        }
      }
    } catch (err) {
      console.log(`\nFRONT-END BYTES NOT MEASURED: ${(err as Error).message.split('\n')[0]}`);
    }

    await printLandingScripts(stack.url);
    await printPageFigures(stack.url, cookie);
    // Issue 8's page budgets: Lighthouse mobile preset on the production build through nginx.
    const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    console.log(
      `\nLighthouse ${lighthouseRuns}× (mobile preset, Debian's Chromium), median run by performance\n`,
    );
    printLighthouseTable(
      await runLighthouse(
        LIGHTHOUSE_PAGES.map((path) => `${stack.url}${path}`),
        lighthouseRuns,
      ),
    );
    if (FRONT_END_ONLY) return;

    await floorFigures();

    await authFigures();

    // Before the search section, whose corpus the uploads would otherwise share a database with.
    await uploadMemory();
    await runSearchBench(stack, { cookie, email }, '/bench/bare', signIn, true);
  } finally {
    await stack.stop();
    await bare.close();
  }
  // Last, on its own PostgreSQL: only the full run gets here (each section above returns early).
  await runFaultsBench();
}

await main();
