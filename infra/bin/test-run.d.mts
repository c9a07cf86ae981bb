// Types of test-run.mjs, for its test (the scripts in bin/ are plain Node: they run before any build).
export function makeRunDirectory(root: string): { dir: string; remove(): void };
export function timeScale(env: Record<string, string | undefined>): { scale: string; how: string };
export function slowestFiles(
  root: string,
  reports: readonly { name: string; report?: string | undefined }[],
  count?: number,
): { step: string; file: string; seconds: number }[];
