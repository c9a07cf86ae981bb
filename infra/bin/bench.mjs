// `npm run bench`: installs what is missing, then prints the table of figures (infra/src/bench/run.ts).
import { ensureDebianPackages, ensureNode, ensureNpmDependencies, tsx } from './ensure.mjs';

ensureNode();
ensureNpmDependencies();
// --sources starts a real Dovecot (dovecot-imapd) and Radicale, installed like nginx.
ensureDebianPackages({
  chromium: true,
  dovecot: process.argv.includes('--sources'),
  mariadb: process.argv.includes('--databases'),
  radicale: process.argv.includes('--calendars') || process.argv.includes('--sources'),
});
const run = tsx(['infra/src/bench/run.ts', ...process.argv.slice(2)]);
process.exit(run.status ?? 1);
