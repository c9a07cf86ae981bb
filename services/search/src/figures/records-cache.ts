import type { DatabaseHandle } from '@trove/service-core';
import { type CollectionCount, collectionRecords, type RecordRow } from '../records/records.repository';

// A collection's rows, kept in the service between questions (issue 37's answer time; docs/decisions/131): reading
// 100,000 rows' fields from PostgreSQL is most of an answer's time, and a second question about the same table is
// the common case. An entry is used only while the collection's version (kept by triggers, migration
// 2026-11-29-61) is the one it was read at, so an answer never reads rows older than the database's; the cache
// holds at most `maxRows` rows in all (ANSWER_CACHE_ROWS), the least recently used entries going first.

interface Entry {
  version: string;
  rows: RecordRow[];
}

export class RecordsCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;

  constructor(private readonly maxRows: number) {}

  /** The collection's rows at its current version: from the cache, or read and kept. */
  async rows(
    db: DatabaseHandle,
    userId: string,
    collection: CollectionCount,
    limit: number,
  ): Promise<RecordRow[]> {
    const key = `${userId}\u0000${collection.collection}`;
    const cached = this.entries.get(key);
    if (cached !== undefined && cached.version === collection.version) {
      // Most recently used last: a Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached.rows;
    }
    const rows = await collectionRecords(db, userId, collection.collection, limit);
    this.forget(key);
    if (rows.length <= this.maxRows) {
      while (this.held + rows.length > this.maxRows) {
        const oldest = this.entries.keys().next().value;
        if (oldest === undefined) break;
        this.forget(oldest);
      }
      this.entries.set(key, { version: collection.version, rows });
      this.held += rows.length;
    }
    return rows;
  }

  private forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.held -= entry.rows.length;
  }
}
