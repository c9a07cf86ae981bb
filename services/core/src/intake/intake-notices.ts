import { sql } from 'kysely';
import pg from 'pg';
import type { Logger } from '../logger';
import { type DatabaseHandle, poolOf } from '../database';

// docs/decisions/234: the intake's queue (SOURCE_INTAKE_QUEUE) is polled, once a second, so a hand-over waited
// up to a second before the search service took it — each time the search service had caught up with a
// sync. A notice on a PostgreSQL channel wakes it at once. The queue's job and the sweep stay: a notice is
// lost when nobody listens at that moment (the search service restarting), and they catch that.

/** The channel a committed hand-over is announced on. */
export const SOURCE_INTAKE_CHANNEL = 'trove_source_intake';

/** Announces intake rows just committed (the sources service, after a step's transaction). */
export async function announceIntake(db: DatabaseHandle): Promise<void> {
  await sql`select pg_notify(${SOURCE_INTAKE_CHANNEL}, '')`.execute(db);
}

export interface IntakeListener {
  /** Stops listening and gives the connection back. */
  stop(): Promise<void>;
}

/**
 * Calls `onNotice` for each announcement, on a connection of its own made with the handle's pool settings
 * (the service's role and timeouts; outside the pool, so a pool of one is not held). A lost connection is
 * replaced after `retryMs`; each (re)start calls `onNotice` once, for what was announced while nobody listened.
 */
export function listenForIntake(
  db: DatabaseHandle,
  onNotice: () => void,
  options: { logger?: Logger; retryMs?: number } = {},
): IntakeListener {
  const settings = (poolOf(db) as unknown as { options: pg.ClientConfig }).options;
  const retryMs = options.retryMs ?? 1_000;
  let held: pg.Client | undefined;
  let stopped = false;
  let warned = false;
  let timer: NodeJS.Timeout | undefined;

  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void listen(), retryMs);
    timer.unref();
  };
  const lost = (client: pg.Client, err?: Error) => {
    if (held !== client) return;
    held = undefined;
    client.end().catch(() => undefined);
    // Once per outage, not once a second while the database is away.
    if (!warned) options.logger?.warn({ err: err?.message }, 'the intake notices connection was lost');
    warned = true;
    later();
  };
  const listen = async () => {
    if (stopped) return;
    const client = new pg.Client(settings);
    held = client;
    client.on('notification', (message) => {
      if (message.channel === SOURCE_INTAKE_CHANNEL) onNotice();
    });
    client.on('error', (err) => lost(client, err));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${SOURCE_INTAKE_CHANNEL}`);
      if (held !== client) return;
      warned = false;
      onNotice();
    } catch (err) {
      lost(client, err as Error);
    }
  };
  void listen();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      const client = held;
      held = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
