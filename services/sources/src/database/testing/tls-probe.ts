import type { DatabaseConnection, DatabaseServerKind } from '@trove/contracts';
import { parseAllowedHosts } from '@trove/service-core';
import { DatabaseError, openServerReader, PAGE_DEFAULTS } from '../database-reader';

// database-tls.int.test.ts: connections from a process of its own, so NODE_EXTRA_CA_CERTS (read once, when Node
// starts) can make the test's certificate one the client trusts, as a public authority's is in use. One process
// tries every connection it is given, in turn (each start loads the readers under tsx: seconds under CI's load).
// Prints, as its last line, a JSON array with {"ok":true,"tables":[…]} or {"ok":false,"problem":…,"message":…}
// for each.

const [kind, connections, password, allowed] = JSON.parse(process.argv.at(-1) ?? '[]') as [
  DatabaseServerKind,
  DatabaseConnection[],
  string,
  string,
];
const answers: unknown[] = [];
for (const connection of connections) {
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
    answers.push({ ok: true, tables });
  } catch (error) {
    const problem = error instanceof DatabaseError ? error.problem : 'thrown';
    answers.push({ ok: false, problem, message: (error as Error).message });
  }
}
console.log(JSON.stringify(answers));
