import { DestinationResponseSchema, DestinationTestResultSchema } from '@trove/contracts';
import { testTime } from '@trove/service-core/testing/time';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchTestService, type SignedInUser, startSearchTestService } from '../testing/search-service';
import { startWebhookReceiver, type WebhookReceiver } from './testing/webhook-receiver';

// Issue 38 item 4: a destination's Test button posts a small message at once and says what came of it — the
// receiver's answer, or why nothing arrived, a certificate nobody vouches for named as such.

let receiver: WebhookReceiver;
/** The receiver's certificate trusted. */
let trusting: SearchTestService;
/** The same receiver, its certificate not trusted (the system's authorities only). */
let doubting: SearchTestService;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  [trusting, doubting] = await Promise.all([
    startSearchTestService({ destinations: { allowedHosts: '127.0.0.1', post: { ca: receiver.ca } } }),
    startSearchTestService({ destinations: { allowedHosts: '127.0.0.1' } }),
  ]);
}, testTime(60_000));

afterAll(async () => {
  await Promise.all([trusting?.close(), doubting?.close()]);
  await receiver?.close();
});

async function add(service: SearchTestService, user: SignedInUser, path: string) {
  const res = await service.request(user, '/api/v1/destinations', {
    method: 'POST',
    body: JSON.stringify({ kind: 'slack', name: '#finance', url: `${receiver.origin}${path}?token=s3cr3t` }),
    headers: { 'Content-Type': 'application/json' },
  });
  expect(res.status).toBe(201);
  return DestinationResponseSchema.parse(await res.json()).destination;
}

const test = async (service: SearchTestService, user: SignedInUser, id: string) => {
  const res = await service.request(user, `/api/v1/destinations/${id}/test`, { method: 'POST' });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('POST /api/v1/destinations/:id/test', () => {
  it('posts a small message and says what the receiver answered', async () => {
    const user = await trusting.signUp();
    const destination = await add(trusting, user, '/test-ok');
    receiver.script('/test-ok?token=s3cr3t', [{ status: 200, body: 'ok' }]);
    const { status, body } = await test(trusting, user, destination.id);
    expect(status).toBe(200);
    expect(DestinationTestResultSchema.parse(body)).toEqual({
      ok: true,
      message: 'Slack took the test message (200: ok).',
    });
    const post = receiver.received.find((each) => each.path === '/test-ok?token=s3cr3t');
    expect(JSON.stringify(post?.body)).toContain('answers sent to #finance will arrive here');
  });

  it('a refusal is the receiver’s own words', async () => {
    const user = await trusting.signUp();
    const destination = await add(trusting, user, '/test-refused');
    receiver.script('/test-refused?token=s3cr3t', [{ status: 400, body: 'invalid_payload' }]);
    expect((await test(trusting, user, destination.id)).body).toEqual({
      ok: false,
      message: 'Slack answered 400: invalid_payload.',
    });
  });

  it('a certificate nobody vouches for is named, not a silent wait', async () => {
    const user = await doubting.signUp();
    const destination = await add(doubting, user, '/test-untrusted');
    const { status, body } = await test(doubting, user, destination.id);
    expect(status).toBe(200);
    const result = DestinationTestResultSchema.parse(body);
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^The certificate of 127\.0\.0\.1 is not trusted \(/);
  });

  // Issue 38 item 4: "Trust this certificate", as IMAP has it — the fingerprint the failed test showed, then the
  // test and the posts go through; any other certificate is still refused.
  it('Trust this certificate: the fingerprint shown is trusted from then on, and only that one', async () => {
    const user = await doubting.signUp();
    const destination = await add(doubting, user, '/test-pinned');
    const failed = DestinationTestResultSchema.parse((await test(doubting, user, destination.id)).body);
    expect(failed.certificate?.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(receiver.received.some((each) => each.path === '/test-pinned?token=s3cr3t')).toBe(false);

    const trust = (sha256: string, as = user) =>
      doubting.request(as, `/api/v1/destinations/${destination.id}/trust`, {
        method: 'POST',
        body: JSON.stringify({ sha256 }),
        headers: { 'Content-Type': 'application/json' },
      });
    // Someone else's destination, and a fingerprint that is not one, are refused.
    expect((await trust(failed.certificate?.sha256 ?? '', await doubting.signUp())).status).toBe(404);
    const bad = await trust('not-a-fingerprint');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('64 hexadecimal digits');

    // Another certificate's fingerprint: still refused, and said so.
    expect((await trust('AB'.repeat(32))).status).toBe(200);
    const other = DestinationTestResultSchema.parse((await test(doubting, user, destination.id)).body);
    expect(other.message).toMatch(/^The certificate of 127\.0\.0\.1 is not the one you trusted/);

    const trusted = await trust((failed.certificate?.sha256 ?? '').replace(/:/g, '').toLowerCase());
    expect(trusted.status).toBe(200);
    expect(DestinationResponseSchema.parse(await trusted.json()).destination.trusted_certificate).toBe(
      failed.certificate?.sha256,
    );
    receiver.script('/test-pinned?token=s3cr3t', [{ status: 200, body: 'ok' }]);
    expect(DestinationTestResultSchema.parse((await test(doubting, user, destination.id)).body)).toEqual({
      ok: true,
      message: 'Slack took the test message (200: ok).',
    });
  });

  it("another user's destination is a 404", async () => {
    const owner = await trusting.signUp();
    const stranger = await trusting.signUp();
    const destination = await add(trusting, owner, '/test-mine');
    expect((await test(trusting, stranger, destination.id)).status).toBe(404);
    expect((await test(trusting, stranger, 'not-an-id')).status).toBe(404);
  });
});
