import type { SourceProblem } from '@trove/contracts';
import type { AttentionDetail } from '../../source-status';

// A calendar source's failures, already in words for the card (docs/decisions/180-calendar-sources.md): what
// happened and what to do. Thrown where the cause is known (the HTTP client, discovery, the parser's bounds), so
// the kind's describeFailure only passes them on.

export class CalendarFailure extends Error {
  constructor(
    readonly problem: SourceProblem,
    readonly reason: string,
    readonly action: string,
  ) {
    super(reason);
    this.name = 'CalendarFailure';
  }

  get detail(): AttentionDetail {
    return { problem: this.problem, reason: this.reason, action: this.action };
  }
}

/** Problems that pass by themselves: tried again with back-off. A 401 (auth) or a 404 (folders) wait for the person. */
export const CALENDAR_RETRIED: ReadonlySet<SourceProblem> = new Set(['dns', 'tcp', 'timeout', 'server']);

/** Any failure as the card says it. */
export function calendarFailureDetail(error: unknown): AttentionDetail {
  if (error instanceof CalendarFailure) return error.detail;
  return {
    problem: 'server',
    reason: `Reading the calendar failed: ${error instanceof Error ? error.message : String(error)}`,
    action: 'It is tried again by itself.',
  };
}

/** The usual answers of a calendar server, in words; null for a success. */
export function statusFailure(status: number, host: string, what: string): CalendarFailure | null {
  if (status >= 200 && status < 300) return null;
  if (status === 401 || status === 403)
    return new CalendarFailure(
      'auth',
      `${host} refused the user name and password (${status}).`,
      'Enter the user name and an app password again (iCloud, Fastmail and Google issue app passwords in their security settings).',
    );
  if (status === 404 || status === 410)
    return new CalendarFailure(
      'folders',
      `${host} has no ${what} at this address (${status}).`,
      'Copy the address again from the calendar service: a secret address changes when it is reset.',
    );
  return new CalendarFailure(
    'server',
    `${host} answered ${status} when asked for the ${what}.`,
    'It is tried again by itself; if this stays, check the address.',
  );
}
