import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { serverDirectory, testRunDirectory } from './run-directory';
import { startTestPostgres } from './test-postgres';

describe("a test server's folder (issue 36 item 1)", () => {
  it('is a new folder inside the run’s own, which servers running as other users may pass through', () => {
    const dir = serverDirectory('probe');
    expect(dir.startsWith(testRunDirectory())).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o755);
    writeFileSync(join(dir, 'file'), 'x');
    expect(serverDirectory('probe')).not.toBe(dir);
  });

  it('holds a test PostgreSQL whole: its data inside, no Unix socket anywhere, TCP on loopback', async () => {
    const pg = await startTestPostgres({ name: 'probe' });
    try {
      expect(pg.dir.startsWith(testRunDirectory())).toBe(true);
      expect(statSync(join(pg.dir, 'data', 'PG_VERSION')).isFile()).toBe(true);
      const { default: pgClient } = await import('pg');
      const client = new pgClient.Client({ connectionString: pg.url() });
      await client.connect();
      const { rows } = await client.query<{ unix_socket_directories: string }>(
        'show unix_socket_directories',
      );
      await client.end();
      expect(rows[0]?.unix_socket_directories).toBe('');
    } finally {
      await pg.remove();
    }
  });
});
