// `npm run bench`: installs what is missing, then prints the table of figures (infra/src/bench/run.ts).
import { ensureDebianPackages, ensureNode, ensureNpmDependencies, tsx } from './ensure.mjs';

ensureNode();
ensureNpmDependencies();
ensureDebianPackages({ chromium: true });
const run = tsx(['infra/src/bench/run.ts', ...process.argv.slice(2)]);
process.exit(run.status ?? 1);
