import type { DatabaseConnection, DatabaseServerKind } from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import { DatabaseError, openServerReader, PAGE_DEFAULTS } from '../database-reader';

// database-tls.int.test.ts: one connection from a process of its own, so NODE_EXTRA_CA_CERTS (read once, when
// Node starts) can make the test's certificate one the client trusts, as a public authority's is in use.
// Prints {"ok":true,"tables":[…]} or {"ok":false,"problem":…,"message":…} as its last line.

const [kind, connection, password, allowed] = JSON.parse(process.argv.at(-1) ?? '[]') as [
  DatabaseServerKind,
  DatabaseConnection,
  string,
  string,
];
try {
  const reader = await openServerReader(
    kind,
    connection,
    password,
    { allowedHosts: parseAllowedHosts(allowed) },
    { statementTimeoutMs: 5_000, connectTimeoutMs: 5_000, ...PAGE_DEFAULTS },
  );
  const tables = (await reader.listTables()).map((table) => table.name);
  await reader.close();
  console.log(JSON.stringify({ ok: true, tables }));
} catch (error) {
  const problem = error instanceof DatabaseError ? error.problem : 'thrown';
  console.log(JSON.stringify({ ok: false, problem, message: (error as Error).message }));
}
