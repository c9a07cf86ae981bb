import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { testTime } from '@trove/service-core/testing/time';
import { SourceTestResultSchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
} from '../../../../../infra/src/testing/sources-and-search';
import { eventIcs } from './testing/radicale';
import { type HttpsIcsServer, startHttpsIcsServer } from './testing/ics-server';

// An iCal address over https (issue 43 item 5; docs/decisions/206): nginx with TLS serves the .ics as Google and
// Outlook do, with a certificate made for the run. Node's default authorities check it: the service (which does
// not trust it) words the refusal; a process that trusts it as an authority (NODE_EXTRA_CA_CERTS, read when Node
// starts, as a public authority's certificate is trusted in use) reads the calendar, and refuses a redirect
// from https down to http.

const run = promisify(execFile);
const probe = fileURLToPath(new URL('./testing/https-probe.ts', import.meta.url));

let server: HttpsIcsServer;
let service: SourcesTestService;
let user: SignedInUser;

const inTenDays = (() => {
  const day = new Date(Date.now() + 10 * 86_400_000);
  day.setUTCHours(9, 0, 0, 0);
  return day.toISOString();
})();

beforeAll(async () => {
  [server, service] = await Promise.all([
    startHttpsIcsServer(
      eventIcs({
        uid: 'board-1',
        title: 'Quarterly board meeting',
        start: inTenDays,
        end: new Date(Date.parse(inTenDays) + 3_600_000).toISOString(),
        place: 'Room Zanzibar',
      }),
    ),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1' } }),
  ]);
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), server?.stop()]);
});

interface ProbeAnswer {
  test: { ok: boolean; step?: string; reason?: string; folders?: { messages: number | null }[] };
  items: string[];
  failure: string | null;
}

async function readTrusting(urls: string[]): Promise<ProbeAnswer[]> {
  const { stdout } = await run(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), probe, JSON.stringify(urls)],
    { env: { ...process.env, NODE_EXTRA_CA_CERTS: server.certPath }, timeout: testTime(60_000) },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as ProbeAnswer[];
}

describe('an iCal address over https (nginx)', () => {
  it('a certificate no authority signed is refused with words', async () => {
    const res = await service.request(user, '/api/v1/sources/test', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'calendar', settings: { protocol: 'ical', url: server.url } }),
    });
    const result = SourceTestResultSchema.parse(await res.json());
    expect(result).toMatchObject({ ok: false, step: 'tls' });
    expect(!result.ok && result.reason).toMatch(/certificate of 127\.0\.0\.1:\d+ is not trusted/);
  });

  it(
    'a trusted certificate: the calendar is read over https; a redirect down to http is refused',
    async () => {
      const [direct, downgraded] = await readTrusting([server.url, server.downgradeUrl]);
      expect(direct?.test).toMatchObject({ ok: true, folders: [{ messages: 1 }] });
      expect(direct?.failure).toBeNull();
      expect(direct?.items).toEqual([
        `127.0.0.1:${new URL(server.url).port}/Quarterly board meeting ${inTenDays.slice(0, 10)}.ics`,
      ]);
      expect(downgraded?.test).toMatchObject({ ok: false, step: 'tls' });
      expect(downgraded?.test.reason).toMatch(/redirected to an address without encryption/);
    },
    testTime(90_000),
  );
});
