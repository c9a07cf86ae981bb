import { type CalendarSettings, CalendarSettingsSchema } from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import type { SourceContext, SyncRun } from '../../source-kind';
import type { CalendarCheckpoint } from '../calendar-steps';
import { calendarKind } from '../index';

// calendar-https.int.test.ts: an iCal address read over https from a process of its own, so NODE_EXTRA_CA_CERTS
// (read once, when Node starts) can make the test's certificate one the client trusts, as a public authority's
// is in use. For each address: the kind's test, then one sync's raw items (their names). Prints one JSON line,
// its last, [{test, items}] in the addresses' order.

const urls = JSON.parse(process.argv.at(-1) ?? '[]') as string[];
const context = {
  reach: { allowedHosts: parseAllowedHosts('127.0.0.1') },
  // The parse child's bounds (SOURCE_RUN_*, docs/decisions/218), as the service's defaults give them.
  databases: { runner: { timeoutMs: 60_000, memoryMb: 256 } },
  now: () => new Date(),
} as unknown as SourceContext;

const answers: unknown[] = [];
for (const url of urls) {
  const settings = CalendarSettingsSchema.parse({ protocol: 'ical', url });
  const test = await calendarKind.test.run(context, settings, '');
  const items: string[] = [];
  let failure: string | null = null;
  if (test.ok) {
    const run = {
      source: { id: 'probe', userId: 'probe', settings, password: '' },
      checkpoint: null,
      context,
      db: undefined,
      closeAfter: () => undefined,
    } as unknown as SyncRun<CalendarSettings, CalendarCheckpoint>;
    try {
      for await (const step of calendarKind.sync(run))
        for (const item of step.items ?? []) items.push(item.name);
    } catch (error) {
      failure = (error as Error).message;
    }
  }
  answers.push({ test, items, failure });
}
console.log(JSON.stringify(answers));
