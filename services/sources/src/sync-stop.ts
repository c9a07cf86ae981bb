import type { DatabaseHandle } from '@trove/service-core';
import { sourceWithSecret } from './sources.repository';

/** A run stopped because the source was paused or removed while it ran: nothing to record. */
export class SyncStopped extends Error {}

/**
 * Every sync (IMAP, databases) calls this at the start of each batch's transaction: it stops the run when the
 * source was paused or removed, and locks its row for the rest of the transaction so neither can land midway.
 */
export async function lockRunningSource(tx: DatabaseHandle, sourceId: string): Promise<void> {
  const current = await sourceWithSecret(tx, sourceId, { lock: true });
  if (current === undefined || current.state === 'paused') throw new SyncStopped();
}
