import { randomBytes } from 'node:crypto';
import { createLogger, createSecretBox, secretKey } from '@trove/service-core';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type SourcesTestService,
  type SignedInUser,
  startSourcesTestService,
} from '../../../infra/src/testing/sources-and-search';
import { openSourcePassword } from './source-secrets';
import { passwordContext } from './sources.service';
import { resealSecrets } from './start-sources';

// Key rotation (docs/decisions/048): SECRETS_KEY is the new key, SECRETS_PREVIOUS_KEYS the old ones; at start
// every password an old key sealed is sealed again with the new one, so the old key can then be dropped.

let service: SourcesTestService;
let user: SignedInUser;
const logger = createLogger({ name: 'rotation-test', level: 'silent' });

beforeAll(async () => {
  service = await startSourcesTestService();
  user = await service.signUp();
});

afterAll(async () => {
  await service?.close();
});

async function sourceSealedWith(box: ReturnType<typeof createSecretBox>, password: string): Promise<string> {
  const id = (
    await sql<{ id: string }>`
      insert into sources (user_id, kind, name, settings, secret)
      values (${user.userId}, 'imap', 'Mail', '{}'::jsonb, 'pending') returning id`.execute(service.db)
  ).rows[0]?.id as string;
  await sql`update sources set secret = ${box.seal(password, passwordContext(id))} where id = ${id}`.execute(
    service.db,
  );
  return id;
}

const secretOf = async (id: string) =>
  (await sql<{ secret: string }>`select secret from sources where id = ${id}`.execute(service.db)).rows[0]
    ?.secret as string;

describe('re-sealing source passwords with a new key', () => {
  it('moves every password an old key sealed to the new key, leaves the current ones, and says how many', async () => {
    const oldKey = secretKey(randomBytes(32));
    const newKey = secretKey(randomBytes(32));
    const moved = await sourceSealedWith(createSecretBox(oldKey), 'app-password-1');
    const current = await sourceSealedWith(createSecretBox(newKey), 'app-password-2');
    const currentBefore = await secretOf(current);

    const rotating = createSecretBox(newKey, [oldKey]);
    expect(await resealSecrets(service.db, rotating, logger)).toBe(1);
    // Without the old key now: the moved one opens with the new key alone; the current one was not touched.
    const newOnly = createSecretBox(newKey);
    expect(newOnly.open(await secretOf(moved), passwordContext(moved))).toBe('app-password-1');
    expect(await secretOf(current)).toBe(currentBefore);
    expect(await resealSecrets(service.db, rotating, logger)).toBe(0);
  });

  it('a password sealed by a key that is not configured is left as it is (its sync asks for the password)', async () => {
    const lost = secretKey(randomBytes(32));
    const id = await sourceSealedWith(createSecretBox(lost), 'app-password-3');
    const before = await secretOf(id);
    expect(await resealSecrets(service.db, createSecretBox(secretKey(randomBytes(32))), logger)).toBe(0);
    expect(await secretOf(id)).toBe(before);
  });
});

describe('re-sealing on read (SECRETS_KEY_PREVIOUS, issue 35 item 3)', () => {
  it('a password an old key sealed opens, and is stored sealed with the new key as it is read', async () => {
    const oldKey = secretKey(randomBytes(32));
    const newKey = secretKey(randomBytes(32));
    // Sealed after the start-up sweep, e.g. by a replica still on the old key during a rolling deploy.
    const id = await sourceSealedWith(createSecretBox(oldKey), 'app-password-4');
    const rotating = createSecretBox(newKey, [oldKey]);
    expect(await openSourcePassword(service.db, rotating, { id, secret: await secretOf(id) })).toBe(
      'app-password-4',
    );
    expect(createSecretBox(newKey).open(await secretOf(id), passwordContext(id))).toBe('app-password-4');
    // Read again: already current, so the row is left as it is.
    const after = await secretOf(id);
    await openSourcePassword(service.db, rotating, { id, secret: after });
    expect(await secretOf(id)).toBe(after);
  });

  it('a newer password saved between the read and the re-seal is never overwritten', async () => {
    const oldKey = secretKey(randomBytes(32));
    const newKey = secretKey(randomBytes(32));
    const id = await sourceSealedWith(createSecretBox(oldKey), 'app-password-5');
    const read = await secretOf(id);
    const rotating = createSecretBox(newKey, [oldKey]);
    const newer = rotating.seal('app-password-6', passwordContext(id));
    await sql`update sources set secret = ${newer} where id = ${id}`.execute(service.db);
    await openSourcePassword(service.db, rotating, { id, secret: read });
    expect(await secretOf(id)).toBe(newer);
  });
});
