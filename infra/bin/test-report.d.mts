// Types of test-report.mjs, for its test (the scripts in bin/ are plain Node: they run before any build).
export interface Failure {
  file: string;
  title: string;
  message: string;
}
export function readCounts(file: string): { passed: number; failed: number; skipped: number } | undefined;
export function readFailures(root: string, file: string, log: string): Failure[];
export function stepError(name: string, log: string): Failure;
