import { testTime } from '@trove/service-core/testing/time';
import { randomBytes } from 'node:crypto';
import {
  SourceResponseSchema,
  type SourceStatus,
  SourcesListResponseSchema,
  SourceTestResultSchema,
} from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SignedInUser,
  type SourcesTestService,
  startSourcesTestService,
  testDb,
} from '../../../../../infra/src/testing/sources-and-search';
import { CHANGED_CERTIFICATE_ACTION } from './imap-source';
import { runImapSync as runImapSyncOnly } from './index';
import { type Dovecot, startDovecot } from './testing/dovecot';

// A pinned certificate that changes (docs/decisions/047, issue 21 "a self-signed certificate is refused unless the
// user accepts its SHA-256 fingerprint, which is then pinned"): the source's server, trusted by its fingerprint,
// presents another certificate. The sync is refused before logging in, the card needs attention with the new
// fingerprint and what to do, and once the user trusts the new one the sync goes on with nothing doubled.

const ADA = { name: 'ada@example.test', password: `app-password-ada-${randomBytes(4).toString('hex')}` };

let dovecot: Dovecot;
let service: SourcesTestService;

/** One sync run, then what it handed over taken into the index (the search service's drain). */
async function runImapSync(...args: Parameters<typeof runImapSyncOnly>) {
  const result = await runImapSyncOnly(...args);
  await service.search.drainIntake();
  return result;
}
let user: SignedInUser;

beforeAll(async () => {
  [dovecot, service] = await Promise.all([
    startDovecot({ users: [ADA] }),
    startSourcesTestService({ sources: { allowedHosts: '127.0.0.1', concurrency: 0 } }),
  ]);
  user = await service.signUp();
}, testTime(120_000));
afterAll(async () => {
  await Promise.all([service?.close(), dovecot?.stop()]);
});

async function call(method: string, path: string, body?: unknown) {
  const res = await service.request(user, `/api/v1/sources${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }),
  });
  const text = await res.text();
  return { status: res.status, json: text === '' ? null : (JSON.parse(text) as unknown) };
}

function sync(sourceId: string) {
  const deps = service.sources;
  if (deps === undefined) throw new Error('the test service runs without sources');
  return runImapSync(service.db, sourceId, {
    secrets: deps.deps.secrets,
    reach: deps.deps.reach,
    logger: service.logs.logger,
    intervalMinutes: 15,
  });
}

async function statusOf(sourceId: string): Promise<SourceStatus> {
  const { sources } = SourcesListResponseSchema.parse((await call('GET', '')).json);
  const source = sources.find((candidate) => candidate.id === sourceId);
  if (source === undefined) throw new Error(`no source ${sourceId}`);
  return source.status;
}

async function documentsOf(sourceId: string): Promise<number> {
  const rows = await testDb(service.db)
    .selectFrom('documents')
    .select('id')
    .where('source_id', '=', sourceId)
    .execute();
  return rows.length;
}

/** Logins Dovecot has logged for the user: a refused certificate must come before the password is sent. */
const logins = () =>
  dovecot
    .logTail(10_000)
    .split('\n')
    .filter((line) => line.includes('Login: user=<') && line.includes(ADA.name)).length;

describe('a pinned certificate that changes', () => {
  it('is refused before login with the new fingerprint and what to do; trusting it resumes the sync', async () => {
    await dovecot.fillMailbox(ADA.name, { INBOX: 6, Archive: 2 });
    const accepted = dovecot.certificateSha256;
    const created = await call('POST', '', {
      kind: 'imap',
      settings: {
        email: ADA.name,
        host: dovecot.host,
        port: dovecot.implicitTlsPort,
        security: 'tls',
        username: ADA.name,
        pinned_certificate_sha256: accepted,
      },
      password: ADA.password,
    });
    expect(created.status).toBe(201);
    const sourceId = SourceResponseSchema.parse(created.json).source.id;
    expect(await sync(sourceId)).toBe('done');
    expect((await statusOf(sourceId)).state).toBe('up_to_date');
    expect(await documentsOf(sourceId)).toBe(8);

    const renewed = await dovecot.renewCertificate();
    expect(renewed).not.toBe(accepted);
    const loginsBefore = logins();
    // The first sync's logins are in the log, so an unchanged count below means something.
    expect(loginsBefore).toBeGreaterThan(0);
    expect(await sync(sourceId)).toBe('done');
    const status = await statusOf(sourceId);
    if (status.state !== 'needs_attention') throw new Error(`expected needs attention, got ${status.state}`);
    expect(status.problem).toBe('tls');
    expect(status.reason).toContain('not the one accepted');
    expect(status.reason).toContain(renewed);
    expect(status.action).toBe(CHANGED_CERTIFICATE_ACTION);
    // Tried again by itself later (a certificate put back would do), not given up like a wrong password.
    expect(status.retry_at).not.toBeNull();
    // Refused at TLS: the server never saw the password.
    expect(logins()).toBe(loginsBefore);
    expect(await documentsOf(sourceId)).toBe(8);

    // Test on the saved source shows the certificate presented, to compare; the user then trusts it.
    const tested = await call('POST', `/${sourceId}/test`, {});
    expect(tested.status).toBe(200);
    const result = SourceTestResultSchema.parse(tested.json);
    if (result.ok) throw new Error('the test passed with the old pin');
    expect(result.step).toBe('tls');
    expect(result.certificate?.sha256).toBe(renewed);
    expect(result.action).toBe(CHANGED_CERTIFICATE_ACTION);

    const trusted = await call('PATCH', `/${sourceId}`, { settings: { pinned_certificate_sha256: renewed } });
    expect(trusted.status).toBe(200);
    expect(await sync(sourceId)).toBe('done');
    expect((await statusOf(sourceId)).state).toBe('up_to_date');
    // Nothing doubled: the same 8 messages, the same 8 documents.
    expect(await documentsOf(sourceId)).toBe(8);
  });
});
