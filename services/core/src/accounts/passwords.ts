import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { HashGate } from './hash-gate';

// argon2id (the library's default algorithm) with OWASP's first recommended setting: 19 MiB of
// memory, 2 passes, 1 lane. Stated here rather than left to defaults so an upgrade cannot lower them.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The defaults of PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_QUEUE. */
export const PASSWORD_HASH_DEFAULTS = { concurrency: 4, queue: 32 } as const;

// One gate per process: every hash and check goes through it (issue 18 item 2, hash-gate.ts).
let gate = new HashGate(PASSWORD_HASH_DEFAULTS.concurrency, PASSWORD_HASH_DEFAULTS.queue);

/** The service's PASSWORD_HASH_* settings, set once at start. */
export function setPasswordHashLimits(limits: { concurrency: number; queue: number }): void {
  gate = new HashGate(limits.concurrency, limits.queue);
}

/** Throws a 503 with retry_after when the process is already checking as many as it takes. */
export function hashPassword(password: string): Promise<string> {
  return gate.run(() => hash(password, ARGON2_OPTIONS));
}

/**
 * False for a wrong password and for a hash that cannot be read; throws only the gate's 503 when the
 * process is already checking as many as it takes.
 */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return gate.run(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  });
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `passwordHash`, or against a throw-away hash with the same cost when there
 * is none (unknown email), so both cases take the same time (the equal-timing rule for login).
 */
export async function verifyPasswordOrDummy(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (passwordHash) return verifyPassword(passwordHash, password);
  // Made once, outside the gate: it is the process's own, not a request's.
  dummyHash ??= hash(randomBytes(16).toString('hex'), ARGON2_OPTIONS);
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | undefined;

/**
 * True when `password` is one of the 10,000 most common passwords (compared lower-cased), from the
 * list shipped beside this file (docs/decisions/005-accounts.md says where it comes from).
 */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line !== ''),
  );
  return commonPasswords.has(password.toLowerCase());
}
