import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { e2eSpecs, integrationFiles, REPO_ROOT, unitFiles } from './test-layers';

// Issue 36 item 2: every test's time limit and every wait's deadline is a base value scaled by TEST_TIME_SCALE
// (`testTime`, `waitUntil`), so a slower machine raises one number. A bare number where a time limit goes is
// a limit a slow machine fails by chance; this finds them (docs/decisions/077).

/**
 * `timeout: 20_000` (vitest options, expect.poll, Playwright waits), `}, 60_000);` (a test's or hook's limit)
 * and `deadline = Date.now() + 10_000` (a hand-written wait).
 */
const BARE_LIMITS = [
  /\btimeout:\s*\d[\d_]*\b/g,
  /^\s*\},\s*\d[\d_]*\s*\);?\s*$/gm,
  /\bdeadline\s*=\s*Date\.now\(\)\s*\+\s*\d[\d_]*/g,
];

export interface BareLimit {
  file: string;
  line: number;
  text: string;
}

/** The bare time limits in one file's text. */
export function bareLimits(file: string, text: string): BareLimit[] {
  const found: BareLimit[] = [];
  for (const pattern of BARE_LIMITS) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push({ file, line, text: match[0].trim() });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The modules in `testing/` folders: the servers and helpers tests start and wait on. */
function testingModules(folder = REPO_ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.data', '.git'].includes(entry.name) ? [] : testingModules(path);
    const inTesting =
      path.includes('/testing/') && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.');
    return inTesting ? [relative(REPO_ROOT, path)] : [];
  });
}

/** Every file a test runs: the three layers' files, the browser layer's support and the testing modules. */
export function testSourceFiles(): string[] {
  const unit = unitFiles();
  const integration = integrationFiles();
  const support = readdirSync(join(REPO_ROOT, 'e2e', 'support'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => relative(REPO_ROOT, join(REPO_ROOT, 'e2e', 'support', name)));
  return [
    ...unit.shared,
    ...unit.isolated,
    ...integration.shared,
    ...integration.isolated,
    ...e2eSpecs(),
    ...support,
    'e2e/global-setup.ts',
    ...testingModules(),
  ];
}

/** This check's own test, whose examples are bare limits on purpose. */
const OWN_TEST = 'infra/src/test-timeouts.test.ts';

export const bareLimitsInTests = (): BareLimit[] =>
  testSourceFiles()
    .filter((file) => file !== OWN_TEST)
    .flatMap((file) => bareLimits(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
