// Reading what a vitest step left (its JSON report and its log) for the end of `npm test`'s output: counts,
// and each failure's file and first error (issue 36 item 4). Plain Node, separate from test.mjs so it can be
// tested (infra/src/test-report.test.ts).
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

export function readCounts(file) {
  if (!existsSync(file)) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    return {
      passed: json.numPassedTests ?? 0,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  } catch {
    return undefined;
  }
}

export function readFailures(root, file, log) {
  if (!existsSync(file)) return [];
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const logLines = readLogLines(log);
    const failures = [];
    for (const suite of json.testResults ?? []) {
      const path = relative(root, suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
      for (const t of failedTests) {
        const titles = [...(t.ancestorTitles ?? []), t.title].join(' > ');
        failures.push({
          file: path,
          title: t.fullName ?? t.title,
          message: firstLines(reportedError(t.failureMessages?.[0], logLines, `${path} > ${titles}`)),
        });
      }
      // A file that fails before any test runs (an import or a hook) has a message and no failed test.
      if (failedTests.length === 0 && suite.status === 'failed') {
        failures.push({ file: path, title: '(the file)', message: firstLines(suite.message) });
      }
    }
    return failures;
  } catch {
    return [];
  }
}

/** A terminal colour's escape sequence (built from its code: biome rejects a control character in a regex). */
const COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The step's log without terminal colours, as lines. */
function readLogLines(log) {
  try {
    return readFileSync(log, 'utf8').replace(COLOUR, '').split('\n');
  } catch {
    return [];
  }
}

/**
 * A failure's message. Vitest's JSON report holds only "Error: STACK_TRACE_ERROR" and a stack for a test
 * that timed out; its log says "Test timed out in 60000ms", under the test's FAIL line: that line is taken.
 */
function reportedError(message, logLines, heading) {
  if (message !== undefined && !message.startsWith('Error: STACK_TRACE_ERROR')) return message;
  const at = logLines.findIndex((line) => line.includes(' FAIL ') && line.trimEnd().endsWith(heading));
  const error = at === -1 ? undefined : logLines.slice(at + 1, at + 4).find((line) => line.trim() !== '');
  return error ?? message ?? '';
}

/**
 * Why a step failed when no test did: vitest's own error section (unhandled errors, failed suites) if the
 * log has one, otherwise the log's last lines.
 */
export function stepError(name, log) {
  let lines = [];
  try {
    lines = readFileSync(log, 'utf8').split('\n');
  } catch {
    return { file: name, title: '(the step)', message: 'its log could not be read' };
  }
  // Not a passing test's own line, whose name may say "unhandled error".
  const section = lines.findIndex(
    (line) =>
      !line.includes('✓') &&
      /Unhandled (?:Errors?|Rejection)|⎯ Failed (?:Suites|Tests) ⎯|error during close|close timed out/i.test(
        line,
      ),
  );
  const picked = section === -1 ? lines.slice(-25) : lines.slice(section, section + 25);
  return {
    file: name,
    title: '(the step, with no failed test)',
    message: picked.join('\n    ').slice(0, 3000),
  };
}

function firstLines(text) {
  return (text ?? '').split('\n').slice(0, 6).join('\n    ').slice(0, 1200);
}
