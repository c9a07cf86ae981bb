import { createDatabase, type DatabaseHandle } from '@trove/service-core';
import { createTestDatabase, type TestDatabase } from '@trove/service-core/testing';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analysePassages } from '../documents/documents.repository';
import { bm25fFrequency } from './bm25';
import { lexemeCounts } from './tsvector-text';

// The service reads the vectors PostgreSQL prints (docs/decisions/075): what it reads must be what unnest() says.

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 2 });
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

async function bothReadings(text: string) {
  const row = (
    await sql<{ printed: string; unnested: [string, number][] | null }>`
      select to_tsvector('english', ${text})::text as printed,
             (select json_agg(json_build_array(e.lexeme, cardinality(e.positions)))
              from unnest(to_tsvector('english', ${text})) e) as unnested
    `.execute(db)
  ).rows[0];
  return { read: lexemeCounts(row?.printed ?? ''), unnested: new Map(row?.unnested ?? []) };
}

describe("PostgreSQL's printed vectors, read by the service", () => {
  it('give the lexemes and position counts unnest() gives, for quotes, backslashes, paths, URLs and any script', async () => {
    const text =
      "O'Brien's C:\\Temp\\notes it's \\\\server\\share https://example.com/a?b=c&d='e' a.b@c.org café Ärger 日本語 ".repeat(
        3,
      );
    const { read, unnested } = await bothReadings(text);
    expect(read.counts).toEqual(unnested);
    expect(read.length).toBe([...unnested.values()].reduce((sum, count) => sum + count, 0));
  });

  it('agree on any text (fast-check)', async () => {
    const word = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.constantFrom("'", "''", '\\', "\\'", ':', ',', ' ', "o'neil", 'a\\b', 'x:1,2'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(word, { maxLength: 30 }), async (words) => {
        const { read, unnested } = await bothReadings(words.join(' ').replaceAll(String.fromCharCode(0), ''));
        expect(read.counts).toEqual(unnested);
      }),
      { numRuns: 200 },
    );
  });
});

describe('passages analysed for indexing', () => {
  it("weigh each lexeme by its fields as bm25fFrequency does, a document's title and people read once for all its passages", async () => {
    const fields = (body: string) => ({
      title: 'Renewal of the Acme contract',
      name: 'acme-renewal.eml',
      people: 'Asha Rao asha@acme.com',
      body,
      quoted: body.includes('renewal') ? '> the renewal is due' : '',
    });
    const passages = ['The renewal price went up, renewal terms attached.', 'Nothing here but Asha.'].map(
      (body, ordinal) => ({ ordinal, location: 'body', text: body, facts: {}, fields: fields(body) }),
    );
    const analysed = await analysePassages(db, [{ id: 'd', userId: 'u', passages }]);
    expect(analysed).toHaveLength(2);
    for (const [at, passage] of passages.entries()) {
      const counts = Object.fromEntries(
        await Promise.all(
          Object.entries(passage.fields).map(async ([field, text]) => {
            const row = (
              await sql<{ v: string }>`select to_tsvector('english', ${text})::text as v`.execute(db)
            ).rows[0];
            return [field, lexemeCounts(row?.v ?? '')] as const;
          }),
        ),
      );
      const got = analysed[at];
      expect(got?.length).toBe((counts.body?.length ?? 0) + (counts.quoted?.length ?? 0));
      const lexemes = new Set(Object.values(counts).flatMap((vector) => [...vector.counts.keys()]));
      expect(new Set(got?.postings.map(([lexeme]) => lexeme))).toEqual(lexemes);
      for (const [lexeme, weight, titled] of got?.postings ?? []) {
        const perField = Object.fromEntries(
          Object.entries(counts).map(([field, vector]) => [
            field,
            { tf: vector.counts.get(lexeme) ?? 0, length: vector.length },
          ]),
        );
        expect(weight).toBeCloseTo(bm25fFrequency(perField), 12);
        expect(titled).toBe(Boolean(counts.title?.counts.has(lexeme) || counts.name?.counts.has(lexeme)));
      }
    }
    expect(analysed[0]?.postings.find(([lexeme]) => lexeme === 'renew')?.[2]).toBe(true);
  });
});
