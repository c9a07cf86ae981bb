import type { SourceStatus } from '@trove/contracts';
import { relativeTime } from '@trove/kit/format';

// Issue 21 "Status people can read": what a source's card says about where it stands, in words. Pure, so
// each state's text is proved without a page (source-status.test.ts).

export const stateLabels: Readonly<Record<SourceStatus['state'], string>> = {
  connected: 'Connected',
  syncing: 'Syncing',
  up_to_date: 'Up to date',
  needs_attention: 'Needs attention',
  paused: 'Paused',
};

/** A sync that has not moved for a while (its status's stuck_since). */
export const STUCK_LABEL = 'Stuck';

/** The card's state: its status's, or "stuck" for a sync that stopped moving (styled apart). */
export const cardState = (status: SourceStatus): SourceStatus['state'] | 'stuck' =>
  status.state === 'syncing' && status.stuck_since !== null ? 'stuck' : status.state;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const count = (n: number) => n.toLocaleString('en-GB');

/** A time still to come: "in under a minute", "in 5 min", "in 3 h", "tomorrow", then the date. */
export function timeUntil(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const ahead = then - now;
  if (ahead <= 0) return 'any moment now';
  if (ahead < MINUTE) return 'in under a minute';
  if (ahead < HOUR) return `in ${Math.round(ahead / MINUTE)} min`;
  if (ahead < DAY) return `in ${Math.round(ahead / HOUR)} h`;
  if (ahead < 2 * DAY) return 'tomorrow';
  return `on ${new Date(then).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })}`;
}

/** Seconds left, as a person says it: "under a minute", "about 4 min", "about 2 h 10 min". */
export function timeLeft(seconds: number): string {
  if (seconds < 60) return 'under a minute';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `about ${hours} h` : `about ${hours} h ${rest} min`;
}

export interface StatusText {
  label: string;
  /** The lines under the label, in reading order. */
  lines: string[];
  /** How far a sync has come, 0–1, when it can be told (a progress bar). */
  progress: number | null;
}

/** What a source's documents are, as its card counts them: a mailbox's messages, a database's rows. */
export interface Units {
  one: string;
  many: string;
}
export const MESSAGES: Units = { one: 'message', many: 'messages' };
export const ROWS: Units = { one: 'row', many: 'rows' };
export const EVENTS: Units = { one: 'event', many: 'events' };

/** "1 row", "1,204 messages". */
export const countOf = (n: number, units: Units) => `${count(n)} ${n === 1 ? units.one : units.many}`;

/** The card's words for a status at `now` (ms). */
export function statusText(status: SourceStatus, now: number, units: Units = MESSAGES): StatusText {
  const label = stateLabels[status.state];
  switch (status.state) {
    case 'connected':
      return {
        label,
        lines: [
          status.next_sync_at === null
            ? 'The first sync starts shortly.'
            : `The first sync starts ${timeUntil(status.next_sync_at, now)}.`,
        ],
        progress: null,
      };
    case 'syncing': {
      const done = count(status.done);
      const lines = [
        status.total === null ? `${done} ${units.many} so far` : `${done} of ${countOf(status.total, units)}`,
      ];
      const progress =
        status.total === null || status.total === 0 ? null : Math.min(1, status.done / status.total);
      // Nothing moved for SOURCE_SYNC_STUCK_MINUTES (issue 34 item 7): said so, not "Syncing" with a stale rate.
      if (status.stuck_since !== null)
        return {
          label: STUCK_LABEL,
          lines: [
            ...lines,
            `Nothing has moved since ${relativeTime(status.stuck_since, now)}.`,
            'A run that stopped is tried again by itself; Sync now starts it again from the last batch stored.',
          ],
          progress,
        };
      const pace = [
        status.rate === null ? null : `${count(Math.round(status.rate))} a second`,
        status.eta_seconds === null ? null : `${timeLeft(status.eta_seconds)} left`,
      ].filter((part): part is string => part !== null);
      lines.push(pace.length > 0 ? pace.join(' · ') : 'Working out how long it will take…');
      return { label, lines, progress };
    }
    case 'up_to_date':
      return {
        label,
        lines: [
          `Last sync ${relativeTime(status.last_sync_at, now)}`,
          status.next_sync_at === null
            ? 'Syncs again when you press Sync now'
            : `Next sync ${timeUntil(status.next_sync_at, now)}`,
        ],
        progress: null,
      };
    case 'needs_attention':
      return {
        label,
        lines: [
          status.reason,
          status.action,
          status.retry_at === null
            ? 'It waits for you before trying again.'
            : `It tries again by itself ${timeUntil(status.retry_at, now)}.`,
        ],
        progress: null,
      };
    case 'paused':
      return {
        label,
        lines: [
          'Nothing syncs until you resume it.',
          status.last_sync_at === null
            ? 'It has not synced yet.'
            : `Last sync ${relativeTime(status.last_sync_at, now)}`,
        ],
        progress: null,
      };
  }
}

/**
 * Poll while something is moving: a first sync about to start, one under way, or one due — "Sync now" answers
 * with the sync due at once but not yet started, and the card then stood at "Next sync any moment now" until a
 * reload (issue 38). Idle sources with their next sync ahead are not polled.
 */
export const isMoving = (status: SourceStatus, now: number = Date.now()): boolean =>
  status.state === 'syncing' ||
  status.state === 'connected' ||
  (status.state === 'up_to_date' &&
    status.next_sync_at !== null &&
    new Date(status.next_sync_at).getTime() <= now);
