import { SOURCE_MESSAGES, SOURCE_PASSWORD_REQUIRED } from '@trove/contracts';
import { ApiError } from '@trove/service-core';
import type { SourceKind } from './kinds/source-kind';

// A saved password is bound to where it was given (issue 34 item 4; docs/decisions/080-credentials-follow-the-host.md):
// the sealed password opens only for the server, port, user, database and encryption it was saved with. A
// preview, test or PATCH that moves any of them without a password is refused before anything connects, so
// nobody who can edit a source (or steal its session) can send its password to a server of their choosing.

/** The connection settings a change moves away from the saved ones, in words ("host", "encryption"). */
export function movedConnectionFields(
  kind: Pick<SourceKind, 'connectionFields'>,
  saved: unknown,
  merged: Readonly<Record<string, unknown>>,
): string[] {
  const before = (saved ?? {}) as Record<string, unknown>;
  // The settings that say where, as whom and how securely a source connects are its kind's (a file has none).
  return Object.entries(kind.connectionFields)
    .filter(([key]) => merged[key] !== undefined && String(merged[key]) !== String(before[key]))
    .map(([, words]) => words);
}

/**
 * Throws the 400 that asks for the password again when a change moves the connection and brings none. Called
 * before any connection is made and before anything is stored.
 */
export function requirePasswordForMovedConnection(
  kind: Pick<SourceKind, 'connectionFields'>,
  saved: unknown,
  merged: Readonly<Record<string, unknown>>,
  password: string | undefined,
): void {
  if (password !== undefined) return;
  const moved = movedConnectionFields(kind, saved, merged);
  if (moved.length === 0) return;
  throw new ApiError(400, SOURCE_MESSAGES.passwordForChangedConnection(moved), SOURCE_PASSWORD_REQUIRED, {
    details: { field: 'password' },
  });
}
