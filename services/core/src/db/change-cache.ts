import pg from 'pg';
import { connectionOptions, type DatabaseHandle } from '../database';
import type { Logger } from '../logger';

// The signed-in floor (issue 23 item 4, docs/decisions/051): every signed-in request read its session family
// (and /auth/me its user) from PostgreSQL. This keeps what was read in process, and forgets it the moment the
// row changes anywhere: triggers on refresh_families and users call pg_notify at commit
// (migration 2026-11-25-12-change-notifications) and every instance LISTENs. While the listening connection
// is down nothing is served from memory, and everything cached is dropped, so a notification missed then
// cannot leave a revoked session standing.

/** What changes are announced on: the trigger functions' channel names. */
export const CHANGE_CHANNELS = { families: 'trove_family_changes', users: 'trove_user_changes' } as const;
/** Each instance, having forgotten a changed row, says so here: the writer waits for every instance's word. */
const ACK_CHANNEL = 'trove_change_acks';
/** The listeners' application_name, which pg_stat_activity shows for every session: how many instances. */
const LISTENER_NAME = 'trove-change-listener';
export type ChangeChannel = keyof typeof CHANGE_CHANNELS;

export interface ChangeCache {
  /**
   * The cached value for `key`, else `load()`'s, kept when it is not undefined and no change to that channel was
   * announced while it loaded (a change then might be the one the load missed).
   */
  read<T>(channel: ChangeChannel, key: string, load: () => Promise<T | undefined>): Promise<T | undefined>;
  /** Forgets `key` at once in this process (the instance that made a change does not wait for its echo). */
  forget(channel: ChangeChannel, key: string): void;
  /**
   * Resolves once every listening instance has forgotten `key` after its change was announced (each says so
   * on an acknowledgement channel; the writer counts the listeners in pg_stat_activity), at most `timeoutMs`,
   * at once when not listening. Taken before a change is written and awaited after it commits: the change's
   * very next request is refused wherever it lands.
   */
  echo(channel: ChangeChannel, key: string, timeoutMs?: number): Promise<void>;
  /** Whether values are served from memory now (the listener is connected). */
  readonly listening: boolean;
  stop(): Promise<void>;
}

export interface ChangeCacheOptions {
  url: string;
  role?: string | undefined;
  logger: Logger;
  /** Entries kept per channel (SESSION_CACHE_SIZE); the oldest go first. */
  maxEntries: number;
  /** How long an entry may be served without being read again: a bound should a notification ever be lost. */
  maxAgeMs?: number;
  /** How long to wait before connecting the listener again after it broke. */
  reconnectMs?: number;
  /**
   * How often the listener asks the server for a sign of life, and how long without one it is trusted
   * (default 1 s and 3 s): a server that hangs without closing the connection (frozen, or a network cut)
   * sends no notifications either, so after this nothing is served from memory.
   */
  heartbeatMs?: number;
  staleMs?: number;
}

interface Entry {
  value: unknown;
  at: number;
}

export async function startChangeCache(options: ChangeCacheOptions): Promise<ChangeCache> {
  const maxAgeMs = options.maxAgeMs ?? 5 * 60_000;
  const maps: Record<ChangeChannel, Map<string, Entry>> = { families: new Map(), users: new Map() };
  // Bumped by every announced change on a channel: a load that saw it change keeps nothing.
  const generation: Record<ChangeChannel, number> = { families: 0, users: 0 };
  const channelOf = new Map<string, ChangeChannel>(
    Object.entries(CHANGE_CHANNELS).map(([name, channel]) => [channel, name as ChangeChannel]),
  );
  let client: pg.Client | undefined;
  let listening = false;
  const heartbeatMs = options.heartbeatMs ?? 1_000;
  const staleMs = options.staleMs ?? 3_000;
  // When the listener last heard from the server (a notification or a heartbeat's answer).
  let heardAt = 0;
  let beating = false;
  /** Whether what is in memory can be trusted now: connected, and the server answered lately. */
  const fresh = () => listening && Date.now() - heardAt <= staleMs;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  // Per announced key, the acknowledgements heard so far and the waiters counting them.
  const acks = new Map<string, { heard: number; waiters: Set<() => void> }>();

  const dropAll = () => {
    for (const map of Object.values(maps)) map.clear();
    generation.families += 1;
    generation.users += 1;
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: options.url,
      options: connectionOptions(options.role),
      keepAlive: true,
      application_name: LISTENER_NAME,
    });
    next.on('notification', (message) => {
      const channel = channelOf.get(message.channel);
      if (channel === undefined && message.channel !== ACK_CHANNEL) return;
      if (channel !== undefined) generation[channel] += 1;
      heardAt = Date.now();
      if (message.channel === ACK_CHANNEL) {
        const entry = acks.get(message.payload ?? '');
        if (entry === undefined) return;
        entry.heard += 1;
        for (const check of entry.waiters) check();
        return;
      }
      if (channel === undefined || message.payload === undefined) return;
      maps[channel].delete(message.payload);
      // Forgotten here: say so, for the instance that made the change and waits for everyone's word.
      next
        .query('select pg_notify($1, $2)', [ACK_CHANNEL, `${channel}:${message.payload}`])
        .catch(() => undefined);
    });
    const broke = (err?: Error) => {
      if (client !== next) return;
      client = undefined;
      listening = false;
      dropAll();
      if (stopped) return;
      options.logger.warn(
        { err: err?.message },
        'change notifications lost: serving sessions from the database',
      );
      retry = setTimeout(() => void connect().catch(() => undefined), options.reconnectMs ?? 1_000);
      retry.unref();
    };
    next.on('error', broke);
    next.on('end', () => broke());
    try {
      await next.connect();
      for (const channel of [...Object.values(CHANGE_CHANNELS), ACK_CHANNEL])
        await next.query(`LISTEN ${channel}`);
    } catch (err) {
      await next.end().catch(() => undefined);
      if (!stopped) {
        retry = setTimeout(() => void connect().catch(() => undefined), options.reconnectMs ?? 1_000);
        retry.unref();
      }
      throw err;
    }
    client = next;
    // Whatever changed while nobody listened is unknown: start empty.
    dropAll();
    heardAt = Date.now();
    listening = true;
  };

  const heartbeat = setInterval(() => {
    const current = client;
    if (current === undefined || beating) return;
    beating = true;
    current
      .query('select 1')
      .then(() => {
        // Silent for longer than trusted: a change may have gone unheard meanwhile.
        if (Date.now() - heardAt > staleMs) dropAll();
        heardAt = Date.now();
      })
      .catch(() => undefined)
      .finally(() => {
        beating = false;
      });
  }, heartbeatMs);
  heartbeat.unref();

  await connect().catch((err: unknown) => {
    options.logger.warn(
      { err: (err as Error).message },
      'change notifications unavailable: no session cache',
    );
  });

  return {
    get listening() {
      return fresh();
    },
    async read<T>(channel: ChangeChannel, key: string, load: () => Promise<T | undefined>) {
      const map = maps[channel];
      if (fresh() && map.has(key)) {
        // One turn of the event loop first: a notification already on the listener's socket (a logout
        // committed by another instance a moment ago) is read before an entry is served.
        await new Promise((resolve) => setImmediate(resolve));
        const entry = map.get(key);
        if (fresh() && entry !== undefined && Date.now() - entry.at < maxAgeMs) return entry.value as T;
      }
      const seen = generation[channel];
      const value = await load();
      if (fresh() && value !== undefined && generation[channel] === seen) {
        map.delete(key);
        map.set(key, { value, at: Date.now() });
        if (map.size > options.maxEntries) map.delete(map.keys().next().value as string);
      }
      return value;
    },
    forget(channel, key) {
      generation[channel] += 1;
      maps[channel].delete(key);
    },
    echo(channel, key, timeoutMs = 1_000) {
      const listener = client;
      if (!fresh() || listener === undefined) return Promise.resolve();
      const id = `${channel}:${key}`;
      const entry = acks.get(id) ?? { heard: 0, waiters: new Set() };
      acks.set(id, entry);
      // Every instance listening now, this one included; counted while the change is being written.
      const listeners = listener
        .query<{ n: string }>(
          'select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1',
          [LISTENER_NAME],
        )
        .then((result) => Number(result.rows[0]?.n ?? 1))
        .catch(() => 1);
      return new Promise<void>((resolve) => {
        let needed: number | undefined;
        const done = () => {
          clearTimeout(timer);
          entry.waiters.delete(check);
          if (entry.waiters.size === 0) acks.delete(id);
          resolve();
        };
        const check = () => {
          if (needed !== undefined && entry.heard >= needed) done();
        };
        const timer = setTimeout(() => {
          options.logger.warn(
            { key: id, heard: entry.heard, needed },
            'not every instance confirmed a change in time',
          );
          done();
        }, timeoutMs);
        timer.unref();
        entry.waiters.add(check);
        void listeners.then((count) => {
          needed = count;
          check();
        });
      });
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      if (retry !== undefined) clearTimeout(retry);
      const current = client;
      client = undefined;
      listening = false;
      dropAll();
      await current?.end().catch(() => undefined);
    },
  };
}

const caches = new WeakMap<DatabaseHandle, ChangeCache>();

/** Makes `cache` the one reads through `db` use (runService does, for every service). */
export function useChangeCache(db: DatabaseHandle, cache: ChangeCache): void {
  caches.set(db, cache);
}

/**
 * The cache of `db`, if it has one. A transaction is another handle and has none: a read inside a
 * transaction always goes to the database.
 */
export function changeCacheOf(db: DatabaseHandle): ChangeCache | undefined {
  return caches.get(db);
}
