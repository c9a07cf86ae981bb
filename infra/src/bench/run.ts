import { existsSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../free-port';
import { REPO_ROOT } from '../stack';
import { startIsolatedStack } from '../stack/isolated';
import { startBareServer } from './bare-server';
import { measureFrontEndBytes } from './front-end-bytes';
import { printLighthouseTable, runLighthouse } from './lighthouse';

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

async function load(baseUrl: string, label: string, path: string, duration: number): Promise<Load> {
  const result = await autocannon({ url: `${baseUrl}${path}`, connections: CONNECTIONS, duration });
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

async function main() {
  if (!existsSync(join(REPO_ROOT, 'dist', 'www', 'index.html'))) {
    console.error('dist/www is missing: build first (npx tsx infra/src/build.ts).');
    process.exit(1);
  }
  const barePort = await freePort();
  const bare = await startBareServer(barePort);
  const stack = await startIsolatedStack('bench', {
    nginxWorkers: 1,
    accessLog: false,
    extraLocations: [{ path: '/bench/bare', upstreams: [`127.0.0.1:${barePort}`] }],
  });
  try {
    console.log(`\nFront-end JavaScript fetched by Chromium per route (mobile viewport), ${stack.url}\n`);
    const bytes = await measureFrontEndBytes(stack.url, [
      { route: '/', ready: 'remote-marketing' },
      { route: '/auth/login', ready: 'remote-auth' },
      { route: '/profile', ready: 'remote-profile' },
      { route: '/connections', ready: 'remote-connectors' },
    ]);
    console.log('| route | front-end | files | raw KB | served KB (encoding) | gzip -9 KB | brotli q11 KB |');
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

    // Issue 8's page budgets: Lighthouse mobile preset on the production build through nginx.
    const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
    console.log(
      `\nLighthouse ${lighthouseRuns}× (mobile preset, Debian's Chromium), median by performance\n`,
    );
    printLighthouseTable(await runLighthouse([`${stack.url}/`], lighthouseRuns));

    console.log(
      `\nGET through nginx: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s × ${ROUNDS} rounds, interleaved\n`,
    );
    const targets = [
      { label: 'bare Hono route (baseline)', path: '/bench/bare' },
      { label: 'auth /healthz', path: '/api/v1/auth/healthz' },
    ];
    for (const t of targets) await load(stack.url, t.label, t.path, 2); // warm-up: keepalive, JIT
    const runs = new Map<string, Load[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const t of targets) {
        const result = await load(stack.url, t.label, t.path, DURATION_S);
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
  } finally {
    await stack.stop();
    await bare.close();
  }
}

await main();
