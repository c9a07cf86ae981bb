import { sql } from 'kysely';
import type { DatabaseHandle } from '../database';

/**
 * Every row of every table (but kysely's migration bookkeeping), as one string: two equal snapshots
 * mean a request changed nothing in the database.
 */
export async function snapshotDatabase(db: DatabaseHandle): Promise<string> {
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like 'kysely_%'
    order by table_name`.execute(db);
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql`select * from ${sql.table(table_name)} order by 1`.execute(db);
    parts.push(`${table_name}:${JSON.stringify(rows.rows)}`);
  }
  return parts.join('\n');
}
