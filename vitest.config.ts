import { testTime } from './services/core/src/testing/test-time.ts';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import {
  e2eSpecs,
  integrationFiles,
  SITE_CHANGING_SPECS,
  slownessRank,
  specName,
  unitFiles,
} from './infra/src/test-layers.ts';

// Three layers, one runner. `npm test` runs them: unit (fast, no I/O), integration (real PostgreSQL, nginx,
// SMTP), e2e (the built stack through nginx in Chromium). Which file goes in which project, and why:
// infra/src/test-layers.ts and docs/decisions/064.

// The unit and integration layers share one module graph across files (`isolate: false`: unit 188 s → 43 s
// here); the files that replace a module with vi.mock run isolated in the `-isolated` projects.
const unit = unitFiles();
const unitSetup = 'shell/kit/src/testing/unit-setup.ts';
const integration = integrationFiles();
// Hang guards, not budgets, scaled by TEST_TIME_SCALE like every wait in the tests (docs/decisions/077).
const integrationSettings = { testTimeout: testTime(60_000), hookTimeout: testTime(120_000) };

// The browser layer: two specs at a time on one stack (`npm test` passes --maxWorkers=2), sharing one module
// graph per worker (importing playwright-core and axe again for each of 26 files cost ~100 s). The specs
// replace no modules and the support modules keep no state; each spec signs up its own accounts. The ones
// that change what the whole site serves run in `e2e-site`.
const specs = e2eSpecs();
const changesTheSite = (spec: string) => SITE_CHANGING_SPECS.includes(specName(spec));

/** Longest specs first, so the two workers finish together (SLOWEST_SPECS_FIRST). */
class SlowestSpecsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.sort((a, b) => slownessRank(a.moduleId) - slownessRank(b.moduleId));
  }
}

// A minute was 4× the slowest default-timed spec here (auth-expiry, 15 s), but CI machines have run the whole
// suite 2–3× slower than this one: two minutes keeps a slow machine from failing a spec that only took longer.
const e2eSettings = {
  globalSetup: ['e2e/global-setup.ts'],
  testTimeout: testTime(120_000),
  hookTimeout: testTime(180_000),
  isolate: false,
};

export default defineConfig({
  test: {
    testTimeout: testTime(5_000),
    hookTimeout: testTime(10_000),
    // expect.poll's own default is 1 s: a wait for a dialog to close failed at it under load (ADR 077).
    expect: { poll: { timeout: testTime(10_000) } },
    sequence: { sequencer: SlowestSpecsFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: unit.shared,
          pool: 'threads',
          isolate: false,
          setupFiles: [unitSetup],
        },
      },
      {
        extends: true,
        test: { name: 'unit-isolated', include: unit.isolated, setupFiles: [unitSetup] },
      },
      {
        extends: true,
        test: { name: 'integration', include: integration.shared, isolate: false, ...integrationSettings },
      },
      {
        extends: true,
        test: { name: 'integration-isolated', include: integration.isolated, ...integrationSettings },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: specs.filter((spec) => !changesTheSite(spec)),
          ...e2eSettings,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e-site',
          include: specs.filter(changesTheSite),
          ...e2eSettings,
          // They change what the whole site serves, so one at a time, and before the rest: early on the
          // other lane keeps the second core busy, at the end the rest can use both (a stack of their own
          // all the same: each project's global setup starts one).
          fileParallelism: false,
          sequence: { groupOrder: 0 },
        },
      },
    ],
  },
});
