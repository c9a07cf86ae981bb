import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
} from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOKEN_ALGORITHM, type VerificationKey } from '@trove/service-core';
import { calculateJwkThumbprint, createLocalJWKSet, exportJWK, type JWK } from 'jose';

export interface SigningKeys {
  privateKey: KeyObject;
  kid: string;
  /** The public half as a JWK Set, served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  /** What this service verifies its own tokens with. */
  verificationKey: VerificationKey;
  /** The HMAC key one-time codes are hashed with, derived from the private key (never stored apart). */
  codeHashKey: Buffer;
}

const KEY_FILE = 'auth-signing-key.pem';

/**
 * The Ed25519 key the auth service signs tokens with (docs/architecture.md#sessions): AUTH_SIGNING_KEY when set,
 * else `<AUTH_KEY_DIR>/auth-signing-key.pem`, generated the first time. Writing with `wx` means two
 * instances starting at once end up with the same key: the loser of the race reads the winner's file.
 */
export async function loadSigningKeys(options: {
  pem?: string | undefined;
  dir: string;
}): Promise<SigningKeys> {
  const pem = options.pem ?? readOrCreateKeyFile(options.dir);
  const privateKey = createPrivateKey(pem);
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error('The auth signing key must be an Ed25519 key');
  const publicJwk = await exportJWK(createPublicKey(privateKey));
  const kid = await calculateJwkThumbprint(publicJwk);
  const jwk: JWK = { ...publicJwk, kid, alg: TOKEN_ALGORITHM, use: 'sig' };
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    privateKey,
    kid,
    jwks: { keys: [jwk] },
    verificationKey: createLocalJWKSet({ keys: [jwk] }),
    codeHashKey: Buffer.from(hkdfSync('sha256', der, Buffer.alloc(0), 'trove one-time codes', 32)),
  };
}

function readOrCreateKeyFile(dir: string): string {
  const file = join(dir, KEY_FILE);
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  // Written whole under a name of its own, then linked into place (atomic, and refused if the file exists):
  // an instance starting at the same moment never reads a half-written key.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, pem, { mode: 0o600 });
  try {
    linkSync(partial, file);
    return pem;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8');
    throw err;
  } finally {
    unlinkSync(partial);
  }
}
