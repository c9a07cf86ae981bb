import { type DatabaseHandle, resealOnRead, type SecretBox } from '@trove/service-core';
import { replaceSecret } from './sources.repository';

/** What the secret box binds a source's password to: a ciphertext copied to another source does not open. */
export const passwordContext = (sourceId: string) => `source:${sourceId}:password`;

/**
 * A saved source's password, for a sync, a test or a preview. One that a previous key (SECRETS_KEY_PREVIOUS)
 * sealed is sealed again with SECRETS_KEY as it is read (docs/decisions/091).
 */
export async function openSourcePassword(
  db: DatabaseHandle,
  secrets: SecretBox,
  source: { id: string; secret: string },
): Promise<string> {
  const password = secrets.open(source.secret, passwordContext(source.id));
  await resealSourcePassword(db, secrets, source);
  return password;
}

/** The re-seal alone, for a reader that opened the password itself (a database source's target). */
export async function resealSourcePassword(
  db: DatabaseHandle,
  secrets: SecretBox,
  source: { id: string; secret: string },
): Promise<boolean> {
  return resealOnRead(secrets, source.secret, passwordContext(source.id), (resealed) =>
    replaceSecret(db, source.id, source.secret, resealed),
  );
}
