import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';
import { Slot } from './filters.repository';
import { newestStatement } from './newest.repository';
import { filterShape, filterValues } from './plan';
import { search } from './search.service';

// A listing of one sender's mail ("from:priya", a mail question that counts; docs/decisions/220) reads the
// passages whose From can match through the trigram index on their From text (migration 2026-11-30-30), not
// every passage of the user; the exact test on the people still decides.

let service: SearchTestService;
let user: SignedInUser;

const mail = (from: string, to: string, subject: string, body: string) =>
  `From: ${from}\r\nTo: ${to}\r\nSubject: ${subject}\r\nDate: Mon, 02 Mar 2026 10:00:00 +0000\r\n\r\n${body}\r\n`;

beforeAll(async () => {
  service = await startSearchTestService({ maxFiles: 10 });
  user = await service.signUp();
  await indexFiles(
    service,
    user,
    [
      {
        name: 'acme.eml',
        text: mail(
          'Priya Sharma <priya@acme.co.in>',
          'Ravi Kumar <ravi@example.com>',
          'Invoice',
          'Due soon.',
        ),
      },
      {
        name: 'globex.eml',
        text: mail('Hank Scorpio <hank@globex.com>', 'Priya Sharma <priya@acme.co.in>', 'Re', 'Paid.'),
      },
      { name: 'notes.txt', text: 'Priya Sharma wrote these notes.' },
    ],
    extractDocument,
  );
});

afterAll(async () => {
  await service?.close();
});

describe('the From index of the listings', () => {
  it('holds each mail passage’s From names and addresses, not its recipients, and nothing for other kinds', async () => {
    const { rows } = await sql<{ name: string; senders: string | null }>`
      select d.name, passage_senders(p.facts) as senders from passages p join documents d on d.id = p.document_id
      where p.user_id = ${user.userId} order by d.name, p.ordinal`.execute(service.db);
    const of = (name: string) => rows.filter((row) => row.name === name).map((row) => row.senders);
    expect(of('acme.eml').length).toBeGreaterThan(0);
    expect(of('acme.eml').every((text) => text === 'Priya Sharma priya@acme.co.in')).toBe(true);
    expect(of('globex.eml').every((text) => text === 'Hank Scorpio hank@globex.com')).toBe(true);
    expect(of('notes.txt').every((text) => text === null)).toBe(true);
  });

  it('a listing by sender reads the index and lists the sender’s mail alone', async () => {
    // 3,000 more messages from others, so reading every passage is what the plan would otherwise do.
    await sql`
      with copies as (
        insert into documents (id, user_id, name, media_type, kind, size_bytes, original, status, title, parts)
        select gen_random_uuid(), d.user_id, 'copy-' || i || '.eml', d.media_type, d.kind, d.size_bytes,
               d.original, d.status, d.title, d.parts
        from documents d, generate_series(1, 3000) i where d.user_id = ${user.userId} and d.name = 'globex.eml'
        returning id, user_id, name)
      insert into passages (document_id, user_id, ordinal, location, body, length, facts)
      select c.id, c.user_id, 0, 'body', 'Paid.', 1,
             jsonb_build_object('people', jsonb_build_array(jsonb_build_object(
               'name', 'Sender ' || c.name, 'email', c.name || '@example.com', 'role', 'from')))
      from copies c`.execute(service.db);
    await sql`analyze passages`.execute(service.db);
    await sql`analyze documents`.execute(service.db);
    const request = { userId: user.userId, text: '', sender: 'priya' };
    const statement = newestStatement(filterShape(request)).compile(service.db);
    const values = { ...filterValues(request), limit: 10 } as Record<string, unknown>;
    const parameters = statement.parameters.map((parameter) =>
      parameter instanceof Slot ? values[parameter.name] : parameter,
    );
    const plan = await service.db.executeQuery(
      CompiledQuery.raw(`explain (format json) ${statement.sql}`, parameters),
    );
    expect(JSON.stringify(plan.rows)).toContain('passages_senders');
    const listed = await search(
      service.db,
      user.userId,
      { q: 'from:priya', limit: 10, date_from: undefined, date_to: undefined },
      { minAllWordResults: 1 },
    );
    expect(listed.results.map((result) => result.document.name)).toEqual(['acme.eml']);
    expect(listed.facets.type).toEqual([{ value: 'eml', count: 1 }]);
  });

  it('takes new passages through a pending list of at most 1 MB, merged in bulk (docs/decisions/248)', async () => {
    const { rows } = await sql<{ options: string[] | null }>`
      select reloptions as options from pg_class where relname = 'passages_senders'`.execute(service.db);
    expect(rows[0]?.options).toEqual(
      expect.arrayContaining(['fastupdate=on', 'gin_pending_list_limit=1024']),
    );
  });
});
