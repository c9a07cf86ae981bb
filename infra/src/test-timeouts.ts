import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { e2eSpecs, integrationFiles, REPO_ROOT, unitFiles } from './test-layers';

// Issue 36 item 2: every test's time limit and every wait's deadline is a base value scaled by TEST_TIME_SCALE
// (`testTime`, `waitUntil`), so a slower machine raises one number. A bare number where a time limit goes is
// a limit a slow machine fails by chance; this finds them (docs/decisions/077).

/** `timeout: 20_000` (vitest options, expect.poll, Playwright waits) and `}, 60_000);` (a test's or hook's limit). */
const BARE_LIMITS = [/\btimeout:\s*\d[\d_]*\b/g, /^\s*\},\s*\d[\d_]*\s*\);?\s*$/gm];

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

/** Every file a test runs: the three layers' files and the browser layer's support modules. */
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
  ];
}

/** This check's own test, whose examples are bare limits on purpose. */
const OWN_TEST = 'infra/src/test-timeouts.test.ts';

export const bareLimitsInTests = (): BareLimit[] =>
  testSourceFiles()
    .filter((file) => file !== OWN_TEST)
    .flatMap((file) => bareLimits(file, readFileSync(join(REPO_ROOT, file), 'utf8')));
