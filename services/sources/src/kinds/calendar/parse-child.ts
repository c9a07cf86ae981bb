import {
  CalendarLimitError,
  type EventOccurrence,
  type ExpandOptions,
  expandCalendar,
} from './calendar-events';

// The child a calendar's text is read in (parse-in-child.ts): ical.js parses synchronously, and an .ics is
// untrusted, so a large or hostile one takes this process's heap and clock, never the service's event loop.

export const PARSE_CHILD_FLAG = '--trove-calendar-parse-child';

export interface ParseRequest {
  texts: string[];
  options: ExpandOptions;
}

export type ParseReply =
  | { ok: true; occurrences: EventOccurrence[] }
  | { ok: false; kind: 'limit' | 'parse'; message: string };

function run(): void {
  process.once('message', (request: ParseRequest) => {
    let reply: ParseReply;
    try {
      reply = { ok: true, occurrences: expandCalendar(request.texts, request.options) };
    } catch (error) {
      reply = {
        ok: false,
        kind: error instanceof CalendarLimitError ? 'limit' : 'parse',
        message: error instanceof Error ? error.message : String(error),
      };
    }
    process.send?.(reply, () => process.exit(0));
  });
}

if (process.argv[2] === PARSE_CHILD_FLAG && process.send !== undefined) run();
