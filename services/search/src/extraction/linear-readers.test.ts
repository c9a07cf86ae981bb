import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withIdentifierParts } from './code';
import { withCompoundParts } from './compound-words';
import { TEXT_KINDS } from './detect-kind';
import { factsOf } from './facts';
import { splitIntoPassages } from './passages';
import { splitQuoted } from './quoted-text';
import { DEFAULT_EXTRACTION_SETTINGS, type ReadContext } from './reader';
import { READERS } from './readers';

// Issue 35 item 5: every text reader linear in its input. Each is fed a run of every single ASCII character and
// random bytes, and so is every step the text goes through after it (passages, facts, the index's compound and
// identifier words). A pattern that backtracks over a long run is quadratic: on 256 KB it takes tens of seconds
// to minutes (the Markdown reader took the 120 s extraction clock on 700,000 "<"; the compound-word pattern
// 3.7 s on 20,000 letters), so the per-input guard fails it. Every character runs at 64 KB (which catches
// anything worse than quadratic) and the characters some reader gives a meaning to run at 256 KB too (which
// catches quadratic): 2,000 readings of 1 MB did not fit CI's time on two slow cores. The ≤ 1 s budget on 1 MB is
// the bench's figure (`npm run bench -- --extraction`, "the slowest reading of 1 MB of one ASCII character").

const SHORT_RUN = 64 * 1024;
const LONG_RUN = 256 * 1024;
/** Every character that is syntax to some reader: markup, links, emphasis, quotes, separators, breaks. */
const SYNTAX = [...'<>[]()*_#`~\\{}"\',;=-!&@.:/|+ \t\n\r', 'a', '1'];
/** Far above a linear reading of LONG_RUN under any load; below a quadratic one. */
const PER_INPUT_GUARD_MS = 30_000;
/** The text readers, and RTF and mail, whose readers scan text too. */
const KINDS = [...TEXT_KINDS, 'rtf', 'eml'] as const;
const context: ReadContext = {
  settings: DEFAULT_EXTRACTION_SETTINGS,
  deadline: Date.now() + 3_600_000,
  depth: 0,
};
const HANG_GUARD_MS = 900_000;

/** Runs `work` and fails when it outlasts the per-input guard (a hang, not a budget). */
async function guarded<T>(what: string, work: () => Promise<T> | T): Promise<T> {
  const started = Date.now();
  const result = await work();
  const took = Date.now() - started;
  if (took > PER_INPUT_GUARD_MS) throw new Error(`${what} took ${took} ms: not linear`);
  return result;
}

/** What a reader of `kind` is given: the run as the body of the smallest file of that kind. */
function framed(kind: (typeof KINDS)[number], body: string): string {
  if (kind === 'html') return `<p>${body}`;
  if (kind === 'rtf') return `{\\rtf1 ${body}}`;
  if (kind === 'eml') return `From: a@example.org\nSubject: run\n\n${body}`;
  return body;
}

async function readAll(kind: (typeof KINDS)[number], body: string): Promise<number> {
  const bytes = new TextEncoder().encode(framed(kind, body));
  const reader = READERS[kind];
  const acceptance = reader.accepts(bytes, '');
  // A run of control characters is binary to the text check: refused at once is linear too.
  if (!acceptance.accepted) return 0;
  const text = await reader.read(
    { bytes, fileName: `run.${kind}`, mediaType: '', text: acceptance.text },
    context,
  );
  return text.blocks.length;
}

describe('every text reader is linear in its input (issue 35 item 5)', () => {
  it(
    'reads a run of every single ASCII character',
    async () => {
      for (let code = 0; code < 128; code += 1) {
        const run = String.fromCharCode(code).repeat(SHORT_RUN);
        for (const kind of KINDS) {
          const blocks = await guarded(`${kind} of U+${code.toString(16)}`, () => readAll(kind, run));
          expect(blocks).toBeGreaterThanOrEqual(0);
        }
      }
      for (const char of SYNTAX) {
        const run = char.repeat(LONG_RUN);
        // postal-mime spends ~30 µs a line (linear, its own): 256 K empty lines are the bench's to time.
        for (const kind of KINDS.filter((k) => k !== 'eml' || (char !== '\n' && char !== '\r'))) {
          await guarded(`${kind} of ${JSON.stringify(char)} × ${LONG_RUN}`, () => readAll(kind, run));
        }
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'and every step after the reader takes a run of every single ASCII character',
    async () => {
      const reference = new Date('2024-01-01T00:00:00Z');
      for (let code = 0; code < 128; code += 1) {
        const run = String.fromCharCode(code).repeat(LONG_RUN);
        await guarded(`the steps after reading U+${code.toString(16)}`, () => {
          const passages = splitIntoPassages([{ location: 'text', text: run }]);
          expect(passages.length).toBeGreaterThanOrEqual(0);
          for (const passage of passages) {
            factsOf(passage.text, reference, { people: [], organisations: [] });
            withCompoundParts(withIdentifierParts(splitQuoted(passage.text).own));
          }
        });
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'reads random bytes',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: LONG_RUN, maxLength: LONG_RUN }), async (bytes) => {
          const body = new TextDecoder('latin1').decode(bytes);
          for (const kind of KINDS) {
            expect(
              await guarded(`${kind} of random bytes`, () => readAll(kind, body)),
            ).toBeGreaterThanOrEqual(0);
          }
        }),
        { numRuns: 2 },
      );
    },
    HANG_GUARD_MS,
  );
});
