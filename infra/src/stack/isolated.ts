import { join } from 'node:path';
import { freePorts } from '../free-port';
import { REPO_ROOT, type Stack, type StackOptions, startStack } from './index';

/** The server tests and tools create their throw-away databases on. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A stack that can run beside a developer's `npm start`: free ports for every part, a fresh database
 * dropped on stop, and logs under `.data/logs/<label>`. The e2e run, the bench and the screenshot tool use it.
 */
export async function startIsolatedStack(label: string, options: StackOptions = {}): Promise<Stack> {
  const [http, auth, profile, search, sources, mailWeb, mailSmtp] = await freePorts(7);
  return startStack({
    databaseUrl: TEST_DATABASE_URL,
    freshDatabase: true,
    logDir: join(REPO_ROOT, '.data', 'logs', label),
    ...options,
    ports: {
      http: http as number,
      auth: auth as number,
      profile: profile as number,
      search: search as number,
      sources: sources as number,
      mailWeb: mailWeb as number,
      mailSmtp: mailSmtp as number,
      ...options.ports,
    },
  });
}
