import type { SourceProblem, SourceStatus } from '@trove/contracts';

// What a source's card says (issue 21, "Status people can read"), from its row: the state, the state's own
// fields kept in `detail`, and the sync times. Pure, so every wording and number is tested without a server.

/** The row's columns the status is made from. */
export interface SourceStatusRow {
  state: string;
  detail: unknown;
  last_sync_at: Date | null;
  next_sync_at: Date | null;
  updated_at: Date;
}

/** `detail` while syncing: items handled so far and to handle, since when, and when it last moved. */
export interface SyncProgress {
  done: number;
  total: number | null;
  started_at: string;
  /** The last step stored (or the start): what "stuck" is measured from. */
  progress_at?: string;
}

/** SOURCE_SYNC_STUCK_MINUTES when none is given. */
export const STUCK_MINUTES_DEFAULT = 10;

/** `detail` when a source needs attention. */
export interface AttentionDetail {
  problem: SourceProblem;
  reason: string;
  action: string;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/**
 * The rate and time left once they mean something: after a second of work and a first message, so the card
 * does not flash "6,000 messages a second" or "about 3 hours" from one early batch.
 */
export function syncPace(
  progress: { done: number; total: number | null; startedAt: Date },
  now: Date,
): { rate: number | null; eta_seconds: number | null } {
  const seconds = (now.getTime() - progress.startedAt.getTime()) / 1000;
  if (seconds < 1 || progress.done === 0) return { rate: null, eta_seconds: null };
  const rate = progress.done / seconds;
  const left = progress.total === null ? null : Math.max(0, progress.total - progress.done);
  return {
    rate: Math.round(rate * 10) / 10,
    eta_seconds: left === null ? null : Math.ceil(left / rate),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

export function sourceStatus(
  row: SourceStatusRow,
  now: Date = new Date(),
  stuckMinutes: number = STUCK_MINUTES_DEFAULT,
): SourceStatus {
  const detail = record(row.detail);
  switch (row.state) {
    case 'syncing': {
      const startedAt = typeof detail.started_at === 'string' ? new Date(detail.started_at) : row.updated_at;
      const done = count(detail.done) ?? 0;
      const total = count(detail.total);
      // A row written before progress_at was kept moved last when it was last written.
      const movedAt = typeof detail.progress_at === 'string' ? new Date(detail.progress_at) : row.updated_at;
      const stuck = now.getTime() - movedAt.getTime() >= stuckMinutes * 60_000;
      return {
        state: 'syncing',
        done,
        total,
        ...syncPace({ done, total, startedAt }, now),
        started_at: startedAt.toISOString(),
        stuck_since: stuck ? movedAt.toISOString() : null,
        last_sync_at: iso(row.last_sync_at),
      };
    }
    case 'up_to_date':
      return {
        state: 'up_to_date',
        last_sync_at: (row.last_sync_at ?? row.updated_at).toISOString(),
        next_sync_at: iso(row.next_sync_at),
      };
    case 'needs_attention': {
      const problem = typeof detail.problem === 'string' ? (detail.problem as SourceProblem) : 'server';
      const words = problemWords(problem, { host: 'the server' });
      return {
        state: 'needs_attention',
        problem,
        reason: typeof detail.reason === 'string' ? detail.reason : words.reason,
        action: typeof detail.action === 'string' ? detail.action : words.action,
        retry_at: iso(row.next_sync_at),
        last_sync_at: iso(row.last_sync_at),
      };
    }
    case 'paused':
      return { state: 'paused', last_sync_at: iso(row.last_sync_at) };
    default:
      return { state: 'connected', next_sync_at: iso(row.next_sync_at) };
  }
}

/**
 * When the next try after the n-th failure in a row comes (docs/decisions/045-job-library.md): 1 minute,
 * doubling, never more than an hour.
 */
export function retryDelayMinutes(consecutiveFailures: number): number {
  return Math.min(60, 2 ** Math.max(0, consecutiveFailures - 1));
}

/** A wrong password is never retried by itself: the provider may lock the account after a few. */
export const RETRIED_PROBLEMS: ReadonlySet<SourceProblem> = new Set([
  'dns',
  'refused',
  'tcp',
  'tls',
  'folders',
  'server',
]);

/** The reason in plain words and what to do, for each problem (the card and the Test answer). */
export function problemWords(
  problem: SourceProblem,
  context: { host: string; port?: number; detail?: string },
): { reason: string; action: string } {
  const where = context.port === undefined ? context.host : `${context.host} on port ${context.port}`;
  switch (problem) {
    case 'dns':
      return {
        reason: `The server ${context.host} could not be found.`,
        action: 'Check the host name in the settings (for example imap.gmail.com).',
      };
    case 'refused':
      return {
        reason: context.detail ?? `Sources do not connect to ${context.host}: it is not a public address.`,
        action:
          'Use your mail provider’s public IMAP server. If this is your own server, an administrator can allow it with SOURCE_ALLOWED_HOSTS.',
      };
    case 'tcp':
      return {
        reason: `${where} did not answer, or closed the connection.`,
        action: 'Check the host and port (993 for TLS, 143 for STARTTLS); it is tried again by itself.',
      };
    case 'tls':
      return {
        reason: context.detail ?? `A secure connection to ${context.host} could not be made.`,
        action:
          'Check the security setting (TLS on 993, STARTTLS on 143). If the server uses its own certificate, test the connection and trust its fingerprint only if it is your server’s.',
      };
    case 'auth':
      return {
        reason: `${context.host} refused the user name or password.`,
        action:
          'Enter the password again. Gmail, iCloud and Fastmail need an app password made in your account’s security settings.',
      };
    case 'folders':
      return {
        reason: `None of the folders chosen for this source are on ${context.host} any more.`,
        action: 'Choose the folders again in the source’s settings.',
      };
    case 'limit':
      return {
        reason:
          context.detail ??
          `${context.host} sent more than a source reads at once, and reading it was stopped.`,
        action:
          'It waits for you: “Sync now” tries again. If it stops again, an administrator can raise SOURCE_RUN_TIMEOUT_S and SOURCE_RUN_MEMORY_MB.',
      };
    default:
      return {
        reason: context.detail ?? `${context.host} answered something unexpected.`,
        action: 'It is tried again by itself; if this stays, check the server or contact your mail provider.',
      };
  }
}
