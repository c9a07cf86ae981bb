import { join, resolve } from 'node:path';
import { REPO_ROOT } from '../stack';
import { startIsolatedStack } from '../stack/isolated';

// `npx tsx infra/src/bench/serve-build.ts`: the stack the bench measures (BUILD_OUT_DIR, default dist/www),
// left running for working on a page with `npx tsx infra/src/bench/lighthouse.ts <url>`. Ctrl-C stops it.
const wwwRoot = resolve(process.env.BUILD_OUT_DIR ?? join(REPO_ROOT, 'dist', 'www'));
const stack = await startIsolatedStack('bench-serve', { wwwRoot, nginxWorkers: 1, accessLog: false });
console.log(`serving ${wwwRoot} on ${stack.url}`);
const stop = () => void stack.stop().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
