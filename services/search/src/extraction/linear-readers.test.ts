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

// Issue 35 item 5: every text reader linear in its input. Each is fed 1 MB of every single ASCII character
// and of random bytes, and so is every step the text goes through after it (passages, facts, the index's
// compound and identifier words). A pattern that backtracks over a long run takes minutes on a megabyte (the
// Markdown reader took the 120 s extraction clock on 700,000 "<"), so the hang guard below catches it; the
// ≤ 1 s budget per input is the bench's figure (`npm run bench -- --extraction`), not a timed assertion here.

const MEGABYTE = 1024 * 1024;
/** The text readers, and RTF and mail, whose readers scan text too. */
const KINDS = [...TEXT_KINDS, 'rtf', 'eml'] as const;
const context: ReadContext = { settings: DEFAULT_EXTRACTION_SETTINGS, deadline: Date.now() + 3_600_000, depth: 0 };
const HANG_GUARD_MS = 600_000;

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
  const text = await reader.read({ bytes, fileName: `run.${kind}`, mediaType: '', text: acceptance.text }, context);
  return text.blocks.length;
}

describe('every text reader is linear in its input (issue 35 item 5)', () => {
  it(
    'reads 1 MB of every single ASCII character',
    async () => {
      for (let code = 0; code < 128; code += 1) {
        const run = String.fromCharCode(code).repeat(MEGABYTE);
        for (const kind of KINDS) expect(await readAll(kind, run)).toBeGreaterThanOrEqual(0);
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'and every step after the reader takes 1 MB of every single ASCII character',
    () => {
      const reference = new Date('2024-01-01T00:00:00Z');
      for (let code = 0; code < 128; code += 1) {
        const run = String.fromCharCode(code).repeat(MEGABYTE);
        const passages = splitIntoPassages([{ location: 'text', text: run }]);
        expect(passages.length).toBeGreaterThanOrEqual(0);
        for (const passage of passages) {
          factsOf(passage.text, reference, { people: [], organisations: [] });
          withCompoundParts(withIdentifierParts(splitQuoted(passage.text).own));
        }
      }
    },
    HANG_GUARD_MS,
  );

  it(
    'reads 1 MB of random bytes',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.uint8Array({ minLength: MEGABYTE, maxLength: MEGABYTE }), async (bytes) => {
          const body = new TextDecoder('latin1').decode(bytes);
          for (const kind of KINDS) expect(await readAll(kind, body)).toBeGreaterThanOrEqual(0);
        }),
        { numRuns: 3 },
      );
    },
    HANG_GUARD_MS,
  );
});
