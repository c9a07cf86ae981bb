import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// Secrets at rest (docs/architecture.md#source-rules; issue 21 "Credentials encrypted at rest"): a source's password, a webhook
// URL. AES-256-GCM with a fresh 96-bit nonce per value; every ciphertext names the key that sealed it, so
// keys can be rotated: the new key seals, old keys still open, and re-sealing moves values forward.
// The context (e.g. "source:<id>:password") is bound as additional data: a ciphertext copied onto another
// row or field does not open there.

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
const KEY_FILE = 'secrets.key';

export interface SecretKey {
  /** Names the key inside each ciphertext: the first 8 bytes of the key's SHA-256, hex. */
  id: string;
  key: Buffer;
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export function secretKey(key: Buffer): SecretKey {
  if (key.length !== KEY_BYTES)
    throw new SecretBoxError(`A secrets key is ${KEY_BYTES} bytes (base64: 44 characters)`);
  return { id: createHash('sha256').update(key).digest('hex').slice(0, 16), key };
}

/** A base64 (or base64url) key from a setting. */
export function parseSecretKey(text: string, setting: string): SecretKey {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretBoxError(
      `${setting} must be ${KEY_BYTES} random bytes in base64 (openssl rand -base64 32)`,
    );
  }
  return secretKey(key);
}

export interface SecretBox {
  readonly currentKeyId: string;
  seal(plaintext: string, context: string): string;
  open(ciphertext: string, context: string): string;
  /** Whether the value was sealed by a key other than the current one (rotation re-seals it). */
  isStale(ciphertext: string): boolean;
}

/**
 * `current` seals; `previous` keys only open (rotation: set the new key, keep the old one among the previous
 * until every value is re-sealed).
 */
export function createSecretBox(current: SecretKey, previous: readonly SecretKey[] = []): SecretBox {
  const keys = new Map([current, ...previous].map((key) => [key.id, key.key]));
  const parts = (ciphertext: string) => {
    const [version, keyId, body, extra] = ciphertext.split('.');
    if (version !== VERSION || keyId === undefined || body === undefined || extra !== undefined) {
      throw new SecretBoxError('Not a sealed secret');
    }
    return { keyId, body: Buffer.from(body, 'base64url') };
  };
  return {
    currentKeyId: current.id,
    seal(plaintext, context) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.key, nonce);
      cipher.setAAD(Buffer.from(`${VERSION}.${current.id}.${context}`));
      const body = Buffer.concat([
        nonce,
        cipher.update(plaintext, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${current.id}.${body.toString('base64url')}`;
    },
    open(ciphertext, context) {
      const { keyId, body } = parts(ciphertext);
      const key = keys.get(keyId);
      if (key === undefined)
        throw new SecretBoxError(`The key ${keyId} that sealed this secret is not configured`);
      if (body.length < NONCE_BYTES + TAG_BYTES) throw new SecretBoxError('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, NONCE_BYTES));
      decipher.setAAD(Buffer.from(`${VERSION}.${keyId}.${context}`));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      try {
        return Buffer.concat([
          decipher.update(body.subarray(NONCE_BYTES, body.length - TAG_BYTES)),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        // Never the value, never why in detail: tampered, another row's, or another key's.
        throw new SecretBoxError('This secret cannot be opened here');
      }
    },
    isStale(ciphertext) {
      return parts(ciphertext).keyId !== current.id;
    },
  };
}

/**
 * The key from SECRETS_KEY when set, else `<dir>/secrets.key`, made the first time (random, 0600). Writing
 * with `wx` means two instances starting at once end up with the same key: the loser reads the winner's.
 */
export function loadSecretKey(options: { key?: string | undefined; dir: string }): SecretKey {
  if (options.key !== undefined && options.key !== '') return parseSecretKey(options.key, 'SECRETS_KEY');
  const file = join(options.dir, KEY_FILE);
  try {
    return parseSecretKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(options.dir, { recursive: true, mode: 0o700 });
  const text = `${randomBytes(KEY_BYTES).toString('base64')}\n`;
  // Written whole under a name of its own, then linked into place (atomic, and refused if the file exists):
  // an instance starting at the same moment never reads a half-written key.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text, { mode: 0o600 });
  try {
    linkSync(partial, file);
    return parseSecretKey(text, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return parseSecretKey(readFileSync(file, 'utf8'), file);
    throw err;
  } finally {
    unlinkSync(partial);
  }
}

/**
 * Rotation on read (issue 35 item 3, docs/decisions/091): a value a previous key sealed is sealed again with
 * the current key the first time it is read, and `replace` stores it — replacing only the value read, so a
 * newer one written meanwhile is never overwritten. The start-up sweep moves what is at rest; this moves
 * what a replica still on the old key sealed during a rolling deploy. Answers whether it re-sealed; a value
 * no configured key opens, or a failed store, is left for the next read.
 */
export async function resealOnRead(
  box: SecretBox,
  ciphertext: string,
  context: string,
  replace: (resealed: string) => Promise<void>,
): Promise<boolean> {
  let plaintext: string;
  try {
    if (!box.isStale(ciphertext)) return false;
    plaintext = box.open(ciphertext, context);
  } catch {
    return false;
  }
  try {
    await replace(box.seal(plaintext, context));
    return true;
  } catch {
    return false;
  }
}
