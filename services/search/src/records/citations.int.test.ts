import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { citationsOf, citationsStatement, collectionRecords } from './records.repository';
import { invoiceRows, invoicesCsv } from './testing/invoices';

// The citations of a computed answer's rows (docs/decisions/220): each a lookup by key, whatever the user holds
// besides and whether or not the tables have statistics yet (the test server, like a deployment just after a large
// sync, has none): not a scan of the user's whole passages or documents index.

let service: SearchTestService;
let user: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  service = await startSearchTestService();
  [user, other] = [await service.signUp(), await service.signUp()];
  await indexFiles(
    service,
    user,
    [{ name: 'invoices.csv', type: 'text/csv', text: invoicesCsv(invoiceRows(40, '2026-11-29')) }],
    extractDocument,
  );
  // 3,000 more documents of one passage each, as a mailbox beside the table.
  await sql`
    with copies as (
      insert into documents (id, user_id, name, media_type, kind, size_bytes, original, status, parts)
      select gen_random_uuid(), ${user.userId}::uuid, 'mail-' || i || '.eml', 'message/rfc822', 'eml', 10,
             '\\x00'::bytea, 'indexed', 1
      from generate_series(1, 3000) i
      returning id, user_id)
    insert into passages (document_id, user_id, ordinal, location, body, length, facts)
    select c.id, c.user_id, 0, 'body', 'A note.', 2, '{}'::jsonb from copies c`.execute(service.db);
});

afterAll(async () => {
  await service?.close();
});

describe('citations of computed rows', () => {
  it('look each row’s document and passage up by key, not the user’s whole index', async () => {
    const rows = await collectionRecords(service.db, user.userId, 'invoices', 100);
    expect(rows).toHaveLength(40);
    const statement = citationsStatement(user.userId, rows).compile(service.db);
    const plan = await service.db.executeQuery({
      ...statement,
      sql: `explain (format json) ${statement.sql}`,
    });
    const text = JSON.stringify(plan.rows);
    expect(text).not.toContain('passages_user');
    expect(text).not.toContain('documents_user_created');
    const cited = await citationsOf(service.db, user.userId, rows);
    expect(cited.every((row) => row.documentName === 'invoices.csv' && row.passageId !== null)).toBe(true);
  });

  it('cite nothing of another user’s rows', async () => {
    const rows = await collectionRecords(service.db, user.userId, 'invoices', 5);
    const cited = await citationsOf(service.db, other.userId, rows);
    expect(cited.map((row) => [row.documentName, row.passageId])).toEqual(rows.map(() => ['', null]));
  });
});
