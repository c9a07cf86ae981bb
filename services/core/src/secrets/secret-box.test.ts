import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createSecretBox,
  loadSecretKey,
  parseSecretKey,
  resealOnRead,
  SecretBoxError,
  secretKey,
} from './secret-box';

const key = () => secretKey(randomBytes(32));

describe('the secret box (AES-256-GCM, key id in each ciphertext)', () => {
  it('seals and opens; the ciphertext never holds the value and differs every time', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('app-password-123', 'source:s1:password');
    expect(sealed).toMatch(/^v1\.[0-9a-f]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain('app-password-123');
    expect(box.seal('app-password-123', 'source:s1:password')).not.toBe(sealed);
    expect(box.open(sealed, 'source:s1:password')).toBe('app-password-123');
  });

  it('a ciphertext moved to another row or field, or tampered with, does not open', () => {
    const box = createSecretBox(key());
    const sealed = box.seal('secret', 'source:s1:password');
    expect(() => box.open(sealed, 'source:s2:password')).toThrow('This secret cannot be opened here');
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.at(-1)}`;
    expect(() => box.open(flipped, 'source:s1:password')).toThrow(SecretBoxError);
    expect(() => box.open('plain text', 'source:s1:password')).toThrow('Not a sealed secret');
  });

  it('rotation: the new key seals, the old one still opens, and stale values are told apart', () => {
    const old = key();
    const sealedBefore = createSecretBox(old).seal('secret', 'c');
    const rotated = createSecretBox(key(), [old]);
    expect(rotated.isStale(sealedBefore)).toBe(true);
    expect(rotated.open(sealedBefore, 'c')).toBe('secret');
    const resealed = rotated.seal(rotated.open(sealedBefore, 'c'), 'c');
    expect(rotated.isStale(resealed)).toBe(false);
    // Once the old key is dropped, what it sealed says which key is missing.
    expect(() => createSecretBox(key()).open(sealedBefore, 'c')).toThrow(`The key ${old.id} that sealed`);
  });

  it('SECRETS_KEY must be 32 bytes of base64; else a key file is made once, 0600, and reused', () => {
    expect(() => parseSecretKey('short', 'SECRETS_KEY')).toThrow(
      'SECRETS_KEY must be 32 random bytes in base64',
    );
    const fromSetting = loadSecretKey({ key: randomBytes(32).toString('base64'), dir: '/nonexistent' });
    expect(fromSetting.key).toHaveLength(32);
    const dir = join(mkdtempSync(join(tmpdir(), 'trove-secrets-')), 'keys');
    const made = loadSecretKey({ dir });
    expect(statSync(join(dir, 'secrets.key')).mode & 0o777).toBe(0o600);
    expect(loadSecretKey({ dir }).id).toBe(made.id);
    expect(readFileSync(join(dir, 'secrets.key'), 'utf8').trim()).toBe(made.key.toString('base64'));
  });
});

describe('resealOnRead (issue 35 item 3)', () => {
  const [oldKey, newKey] = [secretKey(randomBytes(32)), secretKey(randomBytes(32))];
  const rotating = createSecretBox(newKey, [oldKey]);

  it('stores a value an old key sealed, sealed with the current key', async () => {
    const stored: string[] = [];
    const sealed = createSecretBox(oldKey).seal('hunter2', 'ctx');
    expect(await resealOnRead(rotating, sealed, 'ctx', async (value) => void stored.push(value))).toBe(true);
    expect(stored).toHaveLength(1);
    expect(createSecretBox(newKey).open(stored[0] ?? '', 'ctx')).toBe('hunter2');
  });

  it('leaves a current value, one no key opens, and one whose store fails', async () => {
    const never = async () => {
      throw new Error('not to be stored');
    };
    expect(await resealOnRead(rotating, rotating.seal('x', 'ctx'), 'ctx', never)).toBe(false);
    const lost = createSecretBox(secretKey(randomBytes(32))).seal('x', 'ctx');
    expect(await resealOnRead(rotating, lost, 'ctx', never)).toBe(false);
    expect(await resealOnRead(rotating, createSecretBox(oldKey).seal('x', 'ctx'), 'ctx', never)).toBe(false);
  });
});
