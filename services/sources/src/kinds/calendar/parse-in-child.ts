import { fork } from 'node:child_process';
import { childEntry, watchChildStderr } from '@trove/service-core';
import { residentBytes } from '../../database/child-channel';
import type { RunnerSettings } from '../../database/reader-sandbox';
import { CalendarFailure } from './calendar-failure';
import type { EventOccurrence, ExpandOptions } from './calendar-events';
import { PARSE_CHILD_FLAG, type ParseReply, type ParseRequest } from './parse-child';

// A calendar's text read in a child process with the bounds every source's child has, SOURCE_RUN_MEMORY_MB (its
// heap, and its resident memory watched) and SOURCE_RUN_TIMEOUT_S (its wall clock), as a database source's reads
// are (docs/decisions/082-sources-read-in-a-child.md, 218): past either it is killed and the card says why. The
// bounds of calendar-events.ts keep a normal calendar far under both; these catch what they do not foresee.

/** How often the child's resident memory is read (as child-channel.ts does). */
const RSS_EVERY_MS = 200;

const childEnv = (): NodeJS.ProcessEnv =>
  Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'].flatMap((key) =>
      process.env[key] === undefined ? [] : [[key, process.env[key]]],
    ),
  );

const tooMuch = (what: string, why: string) =>
  new CalendarFailure(
    'limit',
    `${what} could not be read: ${why}.`,
    'Publish a smaller calendar (fewer years, or one calendar instead of all), or narrow the window in the source’s settings.',
  );

/** The occurrences of one calendar's texts, read in a child; `what` names it for the card ("Work"). */
export function expandInChild(
  texts: string[],
  options: ExpandOptions,
  what: string,
  runner: RunnerSettings,
): Promise<EventOccurrence[]> {
  const seconds = Math.ceil(runner.timeoutMs / 1000);
  // From source under tsx, or the child's own bundle beside the service's (docs/decisions/217).
  const entry = childEntry(new URL('./parse-child.ts', import.meta.url));
  const child = fork(entry.path, [PARSE_CHILD_FLAG], {
    execArgv: [...entry.execArgv, `--max-old-space-size=${runner.memoryMb}`],
    env: childEnv(),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const stderr = watchChildStderr(child.stderr, 2048);
  return new Promise<EventOccurrence[]>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(watch);
      if (child.exitCode === null) child.kill('SIGKILL');
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(tooMuch(what, `reading it took longer than ${seconds} s`))),
      runner.timeoutMs,
    );
    // The heap's bound does not hold ical.js's strings outside it: the child's resident memory is held too.
    const watch = setInterval(() => {
      if (child.pid === undefined) return;
      void residentBytes(child.pid).then((bytes) => {
        if (bytes !== undefined && bytes > runner.memoryMb * 1024 * 1024)
          finish(() => reject(tooMuch(what, `it needs more than ${runner.memoryMb} MB to read`)));
      });
    }, RSS_EVERY_MS);
    child.once('message', (reply: ParseReply) =>
      finish(() => {
        if (reply.ok) resolve(reply.occurrences);
        else if (reply.kind === 'limit') reject(tooMuch(what, reply.message));
        else
          reject(
            new CalendarFailure(
              'server',
              `${what} is not a calendar Trove can read (${reply.message.slice(0, 200)}).`,
              'Check the address: it must give an iCalendar (.ics) file.',
            ),
          );
      }),
    );
    // 'close', not 'exit': by then stderr has been read to its end, V8's last words included.
    child.once('close', (code, signal) =>
      finish(() =>
        reject(
          stderr.outOfMemory()
            ? tooMuch(what, `it needs more than ${runner.memoryMb} MB to read`)
            : new Error(
                `the calendar reader stopped (${signal ?? code}): ${stderr.tail().trim().slice(-300)}`,
              ),
        ),
      ),
    );
    child.on('error', (error) => finish(() => reject(error)));
    child.send({ texts, options } satisfies ParseRequest);
  });
}
