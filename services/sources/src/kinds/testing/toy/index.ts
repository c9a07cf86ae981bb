import type { Source } from '@trove/contracts';
import { z } from 'zod';
import type { SourceKind } from '../../source-kind';

// A toy kind, for source-sync.int.test.ts: what a newcomer writes to add a kind (issue 34 item 2;
// docs/decisions/084-one-source-kind-interface.md). It reads notes from a "server" that lives in this process —
// a calendar, a WebDAV folder or a Git repository is the same shape: settings, a checkpoint (here a version
// number), batches of raw items, the keys that still exist, and its failures in words. It keeps no table of
// its own: its checkpoint is sources.checkpoint, its items' identities the life cycle's.

export interface ToyNote {
  text: string;
  /** Moves on every change; the checkpoint is the highest one stored. */
  version: number;
}

/** The toy servers, by name: what a test puts there is what a sync finds. */
export const toyServers = new Map<string, { notes: Map<string, ToyNote>; down: boolean }>();

const ToySettingsSchema = z.object({ server: z.string().min(1) });
type ToySettings = z.output<typeof ToySettingsSchema>;
type ToyCheckpoint = { version: number };

/** Notes a batch holds (small, so a test sees several batches). */
export const TOY_BATCH = 2;

/** Every checkpoint a sync was given, by server (the test reads where each run started). */
export const toyCheckpointsSeen: (ToyCheckpoint | null)[] = [];

function serverOf(settings: ToySettings) {
  const server = toyServers.get(settings.server);
  if (server === undefined || server.down) throw new Error(`toy server ${settings.server} is down`);
  return server;
}

export const toyKind: SourceKind<ToySettings, ToyCheckpoint, string, 'toy'> = {
  name: 'toy',
  settings: ToySettingsSchema,
  itemNoun: { one: 'note', many: 'notes' },
  password: 'none',
  connectionFields: {},
  restartFields: ['server'],
  host: () => null,
  fileId: () => null,
  defaultName: (settings) => `Notes on ${settings.server}`,
  // A real kind adds its shape to contracts' SourceSchema; the toy is never answered by the API.
  describe: (base, settings) => ({ ...base, kind: 'toy', settings }) as unknown as Source,
  test: {
    answer: 'test',
    run: async (_context, settings) => {
      serverOf(ToySettingsSchema.parse(settings));
      return { ok: true, folders: [], default_folders: [], certificate: null };
    },
  },
  discover: async (_context, settings) => [...serverOf(settings).notes.keys()],
  async *sync(run) {
    toyCheckpointsSeen.push(run.checkpoint);
    const after = run.checkpoint?.version ?? 0;
    const changed = [...serverOf(run.source.settings).notes]
      .filter(([, note]) => note.version > after)
      .sort(([, a], [, b]) => a.version - b.version);
    yield { total: changed.length };
    for (let start = 0; start < changed.length; start += TOY_BATCH) {
      // Read again for each batch: a server that went down midway fails the run here.
      serverOf(run.source.settings);
      const batch = changed.slice(start, start + TOY_BATCH);
      yield {
        count: batch.length,
        items: batch.map(([key, note]) => ({
          key,
          name: `${run.source.settings.server}/${key}.txt`,
          mediaType: 'text/plain',
          format: 'txt',
          bytes: Buffer.from(note.text),
        })),
        checkpoint: { version: batch.at(-1)?.[1].version ?? after },
      };
    }
  },
  listIds: async (run) => ({ present: new Set(serverOf(run.source.settings).notes.keys()) }),
  describeFailure: (error, settings) => ({
    problem: 'server',
    reason: `The notes on ${settings.server} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    action: 'It is tried again by itself.',
  }),
  retried: new Set(['server']),
};
