import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle, migrateToLatest } from '../../database';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { down, up } from './2026-11-25-06-answer-snippet-parts';

let testDatabase: TestDatabase;
let db: DatabaseHandle;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  db = createDatabase({ url: testDatabase.url, poolMax: 2 });
  await migrateToLatest(db);
});

afterAll(async () => {
  await db?.destroy();
  await testDatabase?.drop();
});

const OLD_SNIPPET = 'the &lt;b&gt; <mark>invoice</mark> &amp; &quot;tax&quot; &#39;due&#39;';
const PARTS = [
  { text: 'the <b> ', marked: false },
  { text: 'invoice', marked: true },
  { text: ` & "tax" 'due'`, marked: false },
];

async function storedSnippets(messageId: string): Promise<unknown[]> {
  const row = await sql<{ answer: { passages: { snippet: unknown }[] } }>`
    select answer from chat_messages where id = ${messageId}`.execute(db);
  return row.rows[0]?.answer.passages.map((passage) => passage.snippet) ?? [];
}

describe('2026-11-25-06: stored answers get their snippets as runs of text', () => {
  it('rewrites an HTML snippet into parts, leaves other fields, and goes back down exactly', async () => {
    const user = await sql<{ id: string }>`
      insert into users (email) values ('ada@example.com') returning id`.execute(db);
    const userId = user.rows[0]?.id;
    const chat = await sql<{ id: string }>`
      insert into chats (user_id, title) values (${userId}, 'Invoices') returning id`.execute(db);
    const answer = {
      summary: [{ text: 'Total due.', passage_id: '1' }],
      passages: [{ passage_id: '1', location: 'Body', snippet: OLD_SNIPPET, score: 1 }],
    };
    const message = await sql<{ id: string }>`
      insert into chat_messages (chat_id, user_id, role, text, answer)
      values (${chat.rows[0]?.id}, ${userId}, 'assistant', '', ${JSON.stringify(answer)}::jsonb)
      returning id`.execute(db);
    const messageId = message.rows[0]?.id ?? '';

    await up(db as unknown as Kysely<unknown>);
    expect(await storedSnippets(messageId)).toEqual([PARTS]);
    // Run twice (a migration retried after a crash): nothing left to change.
    await up(db as unknown as Kysely<unknown>);
    expect(await storedSnippets(messageId)).toEqual([PARTS]);

    await down(db as unknown as Kysely<unknown>);
    expect(await storedSnippets(messageId)).toEqual([OLD_SNIPPET]);
    await up(db as unknown as Kysely<unknown>);
  });
});
