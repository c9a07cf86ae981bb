// Types of test-run.mjs, for its test (the scripts in bin/ are plain Node: they run before any build).
export function makeRunDirectory(root: string): { dir: string; remove(): void };
export function timeScale(
  env: Record<string, string | undefined>,
  load?: number,
  cores?: number,
): { scale: string; how: string };
export function loadShare(load1: number, cores: number): number;
export function scaleFrom(probeMs: number, load: number, cores: number, memoryMs?: number): number;
export const REFERENCE_MEMORY_MS: number;
export function slowestFiles(
  root: string,
  reports: readonly { name: string; report?: string | undefined }[],
  count?: number,
): { step: string; file: string; seconds: number }[];
