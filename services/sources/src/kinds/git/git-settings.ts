// A Git repository's bounds (issue 43 item 3), the SOURCE_GIT_* settings (env.ts). Each has a safe default, so a
// kind handed none (a check from the Connections page) is still bounded.

export interface GitTuning {
  /** SOURCE_GIT_DIR: where the service keeps each repository's bare copy (under its data folder). */
  dir: string;
  /** SOURCE_GIT_FILE_MAX_BYTES: larger files are not indexed. */
  fileMaxBytes: number;
  /** SOURCE_GIT_REPO_MAX_MB: a fetch that brings more than this is stopped, and the card says so. */
  repoMaxBytes: number;
  /** SOURCE_GIT_TIMEOUT_S: one git command (a fetch included) at most. */
  timeoutMs: number;
  /** SOURCE_GIT_COMMITS_MAX: the history fetched and indexed (the newest commits). */
  commitsMax: number;
  /** Files a step holds (one transaction), and their bytes together. */
  batchFiles: number;
  batchBytes: number;
}

export const GIT_DEFAULTS: GitTuning = {
  dir: '.data/git',
  fileMaxBytes: 1024 * 1024,
  repoMaxBytes: 1024 * 1024 * 1024,
  timeoutMs: 10 * 60_000,
  commitsMax: 10_000,
  batchFiles: 500,
  batchBytes: 16 * 1024 * 1024,
};
