import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFailures, stepError } from '../bin/test-report.mjs';
import { loadShare, REFERENCE_MEMORY_MS, scaleFrom, slowestFiles, timeScale } from '../bin/test-run.mjs';

// What `npm test` prints last (issue 36 item 4): each failure's file and its first error, also for a test
// that timed out, whose JSON report holds only "STACK_TRACE_ERROR".

const root = '/repo';
const folder = mkdtempSync(join(tmpdir(), 'trove-test-report-'));
const report = join(folder, 'unit.json');
const log = join(folder, 'unit.log');
writeFileSync(
  report,
  JSON.stringify({
    testResults: [
      {
        name: '/repo/services/a.test.ts',
        status: 'failed',
        startTime: 1_000,
        endTime: 4_500,
        assertionResults: [
          {
            ancestorTitles: ['the outbox'],
            title: 'delivers after the outage',
            fullName: 'the outbox delivers after the outage',
            status: 'failed',
            failureMessages: ['Error: STACK_TRACE_ERROR\n    at task (file:///x.js:1:1)'],
          },
          {
            ancestorTitles: [],
            title: 'adds',
            fullName: 'adds',
            status: 'failed',
            failureMessages: ['AssertionError: expected 3 to be 4\n    at a.test.ts:9:3'],
          },
        ],
      },
      {
        name: '/repo/services/b.test.ts',
        status: 'failed',
        message: 'Hook timed out in 120000ms',
        startTime: 0,
        endTime: 9_000,
        assertionResults: [],
      },
    ],
  }),
);
writeFileSync(
  log,
  [
    ' \u001b[41m FAIL \u001b[49m unit services/a.test.ts\u001b[2m > \u001b[22mthe outbox > delivers after the outage',
    '\u001b[31mError\u001b[22m: Test timed out in 60000ms.',
    'If this is a long-running test, pass a timeout value…',
  ].join('\n'),
);

describe("npm test's failure report", () => {
  it('names each failed test’s file with its first error, taking a timeout’s message from the log', () => {
    const failures = readFailures(root, report, log);
    expect(failures.map((f) => f.file)).toEqual([
      'services/a.test.ts',
      'services/a.test.ts',
      'services/b.test.ts',
    ]);
    expect(failures[0]?.message).toMatch(/^Error: Test timed out in 60000ms\./);
    expect(failures[1]?.message).toMatch(/^AssertionError: expected 3 to be 4/);
    expect(failures[2]).toMatchObject({ title: '(the file)', message: 'Hook timed out in 120000ms' });
  });

  it('says why a step failed with no failed test: vitest’s error section', () => {
    const crashed = join(folder, 'crashed.log');
    writeFileSync(
      crashed,
      ['✓ a test named unhandled errors', '⎯⎯ Unhandled Errors ⎯⎯', 'Error: boom'].join('\n'),
    );
    expect(stepError('integration', crashed).message).toMatch(/^⎯⎯ Unhandled Errors ⎯⎯\n {4}Error: boom/);
  });

  it('lists the slowest files, longest first', () => {
    expect(slowestFiles(root, [{ name: 'unit', report }], 1)).toEqual([
      { step: 'unit', file: 'services/b.test.ts', seconds: 9 },
    ]);
  });
});

describe("npm test's time scale", () => {
  it('takes a set TEST_TIME_SCALE as it is', () => {
    expect(timeScale({ TEST_TIME_SCALE: '3' }, 50, 2)).toEqual({ scale: '3', how: 'set' });
  });

  it('stretches with a probe that ran slower than on the reference machine: a thread per core beside two burners', () => {
    expect(scaleFrom(117, 0, 2)).toBe(2.6);
  });

  it('stretches with the load already on the machine: two burners on two cores at least double it', () => {
    // The probe itself is not run here: beside a load of 27 it took past the unit limit (ci1).
    expect(loadShare(2, 2)).toBe(1);
    expect(scaleFrom(45, 2, 2)).toBe(2);
    expect(scaleFrom(45, 40, 2)).toBe(10);
  });

  it('stretches with new memory slow to come by, though the compute part ran as fast as the reference', () => {
    expect(scaleFrom(46, 0.3, 2, 3 * REFERENCE_MEMORY_MS)).toBe(3);
    expect(scaleFrom(45, 0, 2, REFERENCE_MEMORY_MS / 2)).toBe(1);
  });

  it('never goes under 1 on a quiet machine', () => {
    expect(loadShare(-1, 0)).toBe(0);
    expect(scaleFrom(20, 0, 2)).toBe(1);
  });
});
