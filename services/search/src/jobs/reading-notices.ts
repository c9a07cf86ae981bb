// What the extraction child tells the service about its readings, so the service can time each one
// (SEARCH_JOB_TIMEOUT_S) and cut off a reading that outlasts it: reading is synchronous CPU work the child cannot
// interrupt itself.
//
// A start is sent at once: it must reach the service before a reading that never ends starts. An end waits for the
// next start, or for the event loop's next turn, and goes with it: a mailbox's messages are read back to back, and
// one message per end doubled the child's writes to its channel (0.86 s of a 6,046-message first sync's 18 s of the
// child's CPU, and as many wake-ups of the service; docs/decisions/248). An end that waits is at most one turn late,
// and the service only clears a clock with it.

/** One message on the channel: a reading that started, and the readings that ended before it. */
export interface ReadingNotice {
  started?: string;
  ended?: string[];
}

/** The child's side: `onExtracting` for the extraction worker, sending through `send`. */
export function readingNotices(
  send: (notice: ReadingNotice) => void,
): (jobId: string, extracting: boolean) => void {
  let ended: string[] = [];
  let flushing = false;
  const flush = () => {
    flushing = false;
    if (ended.length === 0) return;
    const notice = { ended };
    ended = [];
    send(notice);
  };
  return (jobId, extracting) => {
    if (!extracting) {
      ended.push(jobId);
      if (!flushing) {
        flushing = true;
        setImmediate(flush);
      }
      return;
    }
    const notice: ReadingNotice = ended.length === 0 ? { started: jobId } : { started: jobId, ended };
    ended = [];
    send(notice);
  };
}

/** The service's side: the notice in a message from the child, or undefined for anything else. */
export function readingNotice(message: unknown): ReadingNotice | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { started, ended } = message as { started?: unknown; ended?: unknown };
  const notice: ReadingNotice = {};
  if (typeof started === 'string') notice.started = started;
  if (Array.isArray(ended)) notice.ended = ended.filter((id): id is string => typeof id === 'string');
  return notice.started === undefined && notice.ended === undefined ? undefined : notice;
}
