import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeMail } from './accounts/mail-templates';
import { enqueueMail } from './accounts/outbox.repository';
import { createDatabase, type DatabaseHandle, migrateToLatest } from './database';
import { createLogger } from './logger';
import { createServiceApp } from './service-app';
import { createMigratedTestDatabase } from './testing/migrated-database';
import type { TestDatabase } from './testing/test-database';

// docs/decisions/009-deploy-story.md, "Observability".

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createMigratedTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 4 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

function app() {
  const service = createServiceApp({
    db,
    logger: createLogger({ level: 'silent' }),
    prefix: '/api/v1/things',
  });
  service.get('/api/v1/things/:id', (c) => c.json({ id: c.req.param('id') }));
  return service;
}

/** The value of the sample line starting with `prefix`, or undefined. */
function sample(text: string, prefix: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(prefix));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('GET /metrics', () => {
  it('counts and times requests by method, route pattern and status, and reports the outbox depth', async () => {
    const service = app();
    for (const id of ['1', '2', '3'])
      expect((await service.request(`/api/v1/things/${id}`)).status).toBe(200);
    expect((await service.request('/no/such/path')).status).toBe(404);
    await enqueueMail(
      db,
      codeMail({ product: 'Trove', to: 'a@example.com', purpose: 'verify', code: '123456', minutes: 10 }),
    );
    await enqueueMail(
      db,
      codeMail({ product: 'Trove', to: 'b@example.com', purpose: 'verify', code: '654321', minutes: 10 }),
    );

    const res = await service.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(
        text,
        'http_requests_total{method="GET",route="/api/v1/things/:id",status="200",service="things"}',
      ),
    ).toBe(3);
    // An unknown path is one label, not one per path.
    expect(
      sample(text, 'http_requests_total{method="GET",route="unmatched",status="404",service="things"}'),
    ).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{service="things",method="GET",route="/api/v1/things/:id",status="200"}',
      ),
    ).toBe(3);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.005"');
    expect(sample(text, 'mail_outbox_depth{service="things"}')).toBe(2);
  });

  it('is not served under the public prefix, which nginx forwards', async () => {
    const service = createServiceApp({
      db,
      logger: createLogger({ level: 'silent' }),
      prefix: '/api/v1/things',
    });
    expect((await service.request('/api/v1/things/metrics')).status).toBe(404);
  });
});
