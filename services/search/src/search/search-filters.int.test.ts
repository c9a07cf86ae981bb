import { LANDING_SEARCH_EXAMPLE, OPERATOR_MESSAGES, type SearchResponse } from '@trove/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 10 part 5, "usable as filters": amounts (range, currency), people and organisations, and dates
// (the document's or any found in the passage), each alone and combined, through the real extractor and
// the real API on a real PostgreSQL. The facets and the AND/OR choice count only what the filters let by.

let service: SearchTestService;
let user: SignedInUser;

const mail = (headers: string, body: string) => `${headers.trim()}\r\n\r\n${body.trim()}\r\n`;

const corpus = [
  {
    name: 'acme.eml',
    text: mail(
      `From: Priya Sharma <priya@acme.co.in>
To: Ravi Kumar <ravi@example.com>
Subject: Invoice for March
Date: Mon, 02 Mar 2026 10:00:00 +0530`,
      'Please find the invoice for ₹12,500 attached. Payment is due on 15 April 2026.',
    ),
  },
  {
    name: 'globex.eml',
    text: mail(
      `From: Hank Scorpio <hank@globex.com>
To: Ravi Kumar <ravi@example.com>
Subject: Globex invoice
Date: Sat, 10 Jan 2026 09:00:00 +0000`,
      'The invoice total is $800, payable by 20 January 2026.',
    ),
  },
  {
    name: 'initech.eml',
    text: mail(
      `From: Joanna Lee <joanna@initech.com>
To: Ravi Kumar <ravi@example.com>
Subject: Initech invoice
Date: Tue, 05 May 2026 09:00:00 +0000`,
      'Our invoice comes to £50,000 for the year.',
    ),
  },
  { name: 'notes.txt', text: 'An invoice template with no amounts, people or dates.' },
  {
    name: 'renewal.eml',
    text: mail(
      `From: Finance Team <finance@acme.co.in>
To: Ravi Kumar <ravi@example.com>
Subject: Support contract
Date: Thu, 02 May 2024 09:00:00 +0000`,
      'The renewal of the support contract is due in June.',
    ),
  },
  {
    name: 'old-renewal.eml',
    text: mail(
      `From: Finance Team <finance@acme.co.in>
To: Ravi Kumar <ravi@example.com>
Subject: Last year
Date: Mon, 04 Mar 2024 09:00:00 +0000`,
      'The renewal of the hosting plan went through.',
    ),
  },
  {
    // Sent at 20:00 UTC on 1 March: 01:30 on 2 March in Kolkata.
    name: 'late-night.eml',
    text: mail(
      `From: Ravi Kumar <ravi@example.com>
To: Priya Sharma <priya@acme.co.in>
Subject: Kumquats
Date: Sun, 01 Mar 2026 20:00:00 +0000`,
      'The kumquat order is in.',
    ),
  },
];

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1, maxFiles: 10 });
  user = await service.signUp();
  await indexFiles(service, user, corpus, extractDocument);
});

afterAll(async () => {
  await service?.close();
});

async function search(params: Record<string, string>, as: SignedInUser = user): Promise<SearchResponse> {
  const res = await service.request(as, `/api/v1/search?${new URLSearchParams(params)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const names = async (params: Record<string, string>) =>
  [
    ...new Set((await search({ q: 'invoice', ...params })).results.map((result) => result.document.name)),
  ].sort();

describe('the corpus', () => {
  it('is indexed with its facts', async () => {
    expect(await names({})).toEqual(['acme.eml', 'globex.eml', 'initech.eml', 'notes.txt']);
    const acme = (await search({ q: 'invoice', entity: 'priya' })).results[0];
    expect(acme?.facts.amounts).toEqual([{ text: '₹12,500', currency: 'INR', value: 12500 }]);
    expect(acme?.facts.dates?.map((date) => date.iso)).toContain('2026-04-15');
  });
});

describe('amount filters', () => {
  it('amount_min and amount_max bound the amounts found in the passage, in any currency', async () => {
    expect(await names({ amount_min: '10000' })).toEqual(['acme.eml', 'initech.eml']);
    expect(await names({ amount_max: '1000' })).toEqual(['globex.eml']);
    expect(await names({ amount_min: '800', amount_max: '12500' })).toEqual(['acme.eml', 'globex.eml']);
    expect(await names({ amount_min: '800.01', amount_max: '12499.99' })).toEqual([]);
    expect(await names({ amount_min: '0' })).toEqual(['acme.eml', 'globex.eml', 'initech.eml']);
  });

  it('currency alone finds passages with an amount in it; symbols are read as their code', async () => {
    expect(await names({ currency: 'INR' })).toEqual(['acme.eml']);
    expect(await names({ currency: '₹' })).toEqual(['acme.eml']);
    expect(await names({ currency: 'usd' })).toEqual(['globex.eml']);
    expect(await names({ currency: '£' })).toEqual(['initech.eml']);
    expect(await names({ currency: 'EUR' })).toEqual([]);
  });

  it('currency and range together: the same amount must satisfy both', async () => {
    expect(await names({ amount_min: '10000', currency: 'INR' })).toEqual(['acme.eml']);
    expect(await names({ amount_min: '10000', currency: 'USD' })).toEqual([]);
    expect(await names({ amount_max: '20000', currency: 'GBP' })).toEqual([]);
  });
});

describe('entity filter', () => {
  it('matches people by name or address and organisations, case-insensitively, from a word start', async () => {
    expect(await names({ entity: 'priya' })).toEqual(['acme.eml']);
    expect(await names({ entity: 'PRIYA SHARMA' })).toEqual(['acme.eml']);
    expect(await names({ entity: 'acme' })).toEqual(['acme.eml']);
    expect(await names({ entity: 'hank@globex.com' })).toEqual(['globex.eml']);
    expect(await names({ entity: 'initech.com' })).toEqual(['initech.eml']);
    expect(await names({ entity: 'ravi kumar' })).toEqual(['acme.eml', 'globex.eml', 'initech.eml']);
    // "ann" starts no word of "Joanna Lee"; a fragment inside a word is not a match.
    expect(await names({ entity: 'ann' })).toEqual([]);
    expect(await names({ entity: 'riya' })).toEqual([]);
  });

  it('regex and SQL characters in the name are literal, never an error', async () => {
    for (const entity of ['a.c', '(', '[x', '\\', "o'brien", '%', '_', '.*', 'acme|globex', '$1']) {
      expect(await names({ entity })).toEqual([]);
    }
    expect(await names({ entity: 'acme.co.in' })).toEqual(['acme.eml']);
  });
});

describe('date filters', () => {
  it("from/to match the document's date", async () => {
    expect(await names({ date_from: '2026-03-01', date_to: '2026-03-31' })).toEqual(['acme.eml']);
    expect(await names({ date_from: '2026-05-01' })).toEqual(['initech.eml']);
  });

  it('or any date found in the passage', async () => {
    // Sent 2 March, due 15 April: April finds it by the date in its text.
    expect(await names({ date_from: '2026-04-01', date_to: '2026-04-30' })).toEqual(['acme.eml']);
    // Sent 10 January, "payable by 20 January": both inside; a range holding neither finds nothing.
    expect(await names({ date_from: '2026-01-15', date_to: '2026-01-25' })).toEqual(['globex.eml']);
    expect(await names({ date_from: '2026-02-01', date_to: '2026-02-28' })).toEqual([]);
    expect(await names({ date_to: '2026-01-31' })).toEqual(['globex.eml']);
  });
});

describe('filters combined', () => {
  it('every filter must hold', async () => {
    expect(
      await names({ entity: 'acme', amount_min: '10000', from: '2026-04-01', to: '2026-04-30' }),
    ).toEqual(['acme.eml']);
    expect(await names({ entity: 'acme', currency: 'GBP' })).toEqual([]);
    expect(await names({ entity: 'globex', amount_min: '10000' })).toEqual([]);
    expect(await names({ entity: 'ravi', amount_min: '10000', from: '2026-05-01' })).toEqual(['initech.eml']);
    expect(await names({ type: 'txt', entity: 'acme' })).toEqual([]);
    expect(await names({ type: 'eml', currency: 'INR' })).toEqual(['acme.eml']);
  });

  it('facets count only documents the filters let by (all but the type filter)', async () => {
    expect((await search({ q: 'invoice' })).facets.type).toEqual([
      { value: 'eml', count: 3 },
      { value: 'txt', count: 1 },
    ]);
    expect((await search({ q: 'invoice', amount_min: '10000' })).facets.type).toEqual([
      { value: 'eml', count: 2 },
    ]);
    expect((await search({ q: 'invoice', entity: 'hank', type: 'txt' })).facets.type).toEqual([
      { value: 'eml', count: 1 },
    ]);
  });

  it('the AND/OR choice counts filtered passages: AND finding nothing filtered relaxes to OR', async () => {
    // "invoice template" holds in notes.txt only; with currency INR, AND finds nothing and OR finds acme.
    const response = await search({ q: 'invoice template', currency: 'INR' });
    expect(response.mode).toBe('or');
    expect(response.results.map((result) => result.document.name)).toEqual(['acme.eml']);
    expect((await search({ q: 'invoice template' })).mode).toBe('and');
  });

  it("another user's documents stay out whatever the filters", async () => {
    const other = await service.signUp();
    expect((await search({ q: 'invoice', entity: 'acme', amount_min: '0' }, other)).results).toEqual([]);
  });
});

describe('the search syntax in q (issue 19 item 4)', () => {
  const found = async (q: string) =>
    [...new Set((await search({ q })).results.map((result) => result.document.name))].sort();

  it('"exact phrase" finds the words in that order only', async () => {
    expect(await found('"invoice total"')).toEqual(['globex.eml']);
    expect(await found('"total invoice"')).toEqual([]);
  });

  it('word* finds every word that begins with it, as one query word', async () => {
    // "renew*" is "renewal"; "invo*" is "invoice"; "glob*" begins "globex" (a word the stemmer leaves whole).
    expect(await found('renew*')).toEqual(['old-renewal.eml', 'renewal.eml']);
    expect(await found('glob* invo*')).toEqual(['globex.eml']);
    // A prefix stands for one word: with it and a plain word, AND keeps passages holding both.
    expect(await found('support renew*')).toEqual(['renewal.eml']);
    // A prefix longer than its word's stem still finds the word ("invoices*" → "invoic").
    expect(await found('invoices*')).toEqual(['acme.eml', 'globex.eml', 'initech.eml', 'notes.txt']);
    // Nothing begins with it: nothing found, no error.
    expect(await found('zzyzx*')).toEqual([]);
  });

  it('the answer says what a prefix stood for; one letter is a 400; as-you-type reads the last word as one (issue 42 item 2)', async () => {
    const renew = await search({ q: 'renew*' });
    expect(renew.prefixes).toEqual([{ prefix: 'renew', words: 1, capped: false }]);
    expect((await search({ q: 'invoice' })).prefixes).toBeUndefined();
    for (const q of ['a*', 'invoice i*']) {
      const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('word* needs at least 2 letters before the *.');
    }
    const typing = await search({ q: 'support rene', as_you_type: 'on' });
    expect(typing.results.map((r) => r.document.name)).toEqual(['renewal.eml']);
    expect(typing.prefixes?.map((p) => p.prefix)).toEqual(['rene']);
    // Off (or a word ended by a space), the last word is a word (typos off: a 4-letter word nothing holds is
    // otherwise one edit from renew, ADR 221).
    expect((await search({ q: 'rene', typos: 'off' })).results).toEqual([]);
    expect((await search({ q: 'rene', as_you_type: 'on' })).results.length).toBe(2);
    // One letter typed so far is not yet a prefix.
    expect((await search({ q: 'renewal s', as_you_type: 'on' })).prefixes).toBeUndefined();
  });

  it('-word leaves out the passages that hold it', async () => {
    expect(await found('invoice -template -total')).toEqual(['acme.eml', 'initech.eml']);
  });

  it('from:, to:, subject:, type:, after:/before: apply as filters', async () => {
    expect(await found('invoice from:priya')).toEqual(['acme.eml']);
    // from: is the sender, to: a recipient (To or Cc): Ravi receives every invoice and sent none.
    expect(await found('invoice from:ravi')).toEqual([]);
    expect(await found('invoice to:ravi')).toEqual(['acme.eml', 'globex.eml', 'initech.eml']);
    expect(await found('invoice to:priya')).toEqual([]);
    expect(await found('invoice from:hank to:ravi')).toEqual(['globex.eml']);
    expect(await found('invoice subject:globex')).toEqual(['globex.eml']);
    expect(await found('invoice type:txt')).toEqual(['notes.txt']);
    expect(await found('invoice after:2026-03-01 before:2026-04-30')).toEqual(['acme.eml']);
    // after:/before: are when it was sent: acme's mail (2 March) names 15 April, which the from/to filter
    // finds and the syntax does not.
    expect(await found('invoice after:2026-04-01 before:2026-04-30')).toEqual([]);
    expect(await names({ date_from: '2026-04-01', date_to: '2026-04-30' })).toEqual(['acme.eml']);
  });

  it('after:/before: are days in the time zone of the user’s profile (UTC without one)', async () => {
    expect(await found('kumquat after:2026-03-02')).toEqual([]);
    expect(await found('kumquat before:2026-03-01')).toEqual(['late-night.eml']);
    await sql`insert into profiles (user_id, timezone) values (${user.userId}, 'Asia/Kolkata')
              on conflict (user_id) do update set timezone = excluded.timezone`.execute(service.db);
    try {
      expect(await found('kumquat after:2026-03-02')).toEqual(['late-night.eml']);
      expect(await found('kumquat before:2026-03-01')).toEqual([]);
      expect(await found('kumquat after:2026-03-02 before:2026-03-02')).toEqual(['late-night.eml']);
    } finally {
      await sql`update profiles set timezone = null where user_id = ${user.userId}`.execute(service.db);
    }
  });

  it('the landing page’s example finds what it says, verbatim: its `find` is the verb, not a word to find', async () => {
    expect(await found(LANDING_SEARCH_EXAMPLE)).toEqual(['renewal.eml']);
    // Every word it asks for is held: no relaxing to "some of the words".
    expect((await search({ q: LANDING_SEARCH_EXAMPLE })).mode).toBe('and');
    expect(await found(LANDING_SEARCH_EXAMPLE.replace(/^find\s+/, ''))).toEqual(['renewal.eml']);
  });

  it('the landing page’s shape works verbatim; exclusions alone ask for a word', async () => {
    expect(await found('"invoice" from:hank after:2026-01-01')).toEqual(['globex.eml']);
    const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q: '-draft' })}`);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      'Add a word to look for, or an operator such as from:, to:, type:, the dates or has:.',
    );
  });

  it('operators alone list what they match, newest first, paged, with the facets of the whole set (issue 42 item 3)', async () => {
    const listed = async (q: string, extra: Record<string, string> = {}) => {
      const body = await search({ q, ...extra });
      expect(body.order).toBe('newest');
      return body;
    };
    const first = await listed('to:ravi', { limit: '2' });
    // Sent 5 May 2026, 2 March 2026, 10 January 2026, 2 May 2024, 4 March 2024: newest first.
    expect(first.results.map((r) => r.document.name)).toEqual(['initech.eml', 'acme.eml']);
    expect(first.results.every((r) => r.score === 0)).toBe(true);
    expect(first.facets.type).toEqual([{ value: 'eml', count: 5 }]);
    const second = await listed('to:ravi', { limit: '2', cursor: first.next_cursor ?? '' });
    expect(second.results.map((r) => r.document.name)).toEqual(['globex.eml', 'renewal.eml']);
    const third = await listed('to:ravi', { limit: '2', cursor: second.next_cursor ?? '' });
    expect(third.results.map((r) => r.document.name)).toEqual(['old-renewal.eml']);
    expect(third.next_cursor).toBeNull();
    expect((await listed('from:joanna')).results.map((r) => r.document.name)).toEqual(['initech.eml']);
    expect((await listed('from:finance after:2024-04-01')).results.map((r) => r.document.name)).toEqual([
      'renewal.eml',
    ]);
    // The type filter narrows the list but not the kind facet.
    const typed = await listed('type:txt');
    expect(typed.results.map((r) => r.document.name)).toEqual(['notes.txt']);
    expect((await listed('has:attachment')).results).toEqual([]);
    // Another user's documents never show.
    const other = await service.signUp();
    expect((await search({ q: 'to:ravi' }, other)).results).toEqual([]);
  });

  it('source: keeps the documents of one source, or the uploads; the facet says where matches came from (issue 21)', async () => {
    // What a mailbox sync writes: ordinary documents owned by a source (documents.source_id).
    const source = await sql<{ id: string }>`
      insert into sources (user_id, kind, name, settings, secret)
      values (${user.userId}, 'imap', 'Work mail', '{"email":"ravi@example.com"}'::jsonb, 'v1.x.y')
      returning id`.execute(service.db);
    const sourceId = source.rows[0]?.id ?? '';
    await sql`update documents set source_id = ${sourceId}
              where user_id = ${user.userId} and name in ('acme.eml', 'globex.eml')`.execute(service.db);
    try {
      expect(await found('invoice source:"Work mail"')).toEqual(['acme.eml', 'globex.eml']);
      expect(await found('invoice source:RAVI@example.com')).toEqual(['acme.eml', 'globex.eml']);
      expect(await found('invoice source:uploads')).toEqual(['initech.eml', 'notes.txt']);
      expect(await found('invoice source:nowhere')).toEqual([]);
      const facets = (await search({ q: 'invoice' })).facets.source;
      // Most matches first, then by name.
      expect(facets).toEqual([
        { value: 'uploads', label: 'Uploads', count: 2 },
        { value: sourceId, label: 'Work mail', count: 2 },
      ]);
    } finally {
      await sql`update documents set source_id = null where user_id = ${user.userId}`.execute(service.db);
      await sql`delete from sources where id = ${sourceId}`.execute(service.db);
    }
  });

  it('an operator it cannot take is a 400 that says why', async () => {
    const res = await service.request(
      user,
      `/api/v1/search?${new URLSearchParams({ q: 'invoice after:2024-13-45' })}`,
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'after: needs a date like 2024-04-01.',
      code: 'invalid_request',
    });
  });
});

describe('the fact operators mentions:, amount:, date: (docs/decisions/230)', () => {
  const found = async (q: string, extra: Record<string, string> = {}) =>
    [...new Set((await search({ q, ...extra })).results.map((result) => result.document.name))].sort();

  it('mentions: is the entity filter: a person or organisation, from a word start, any case', async () => {
    expect(await found('invoice mentions:priya')).toEqual(['acme.eml']);
    expect(await found('invoice mentions:"Priya Sharma"')).toEqual(['acme.eml']);
    expect(await found('invoice mentions:ACME')).toEqual(['acme.eml']);
    expect(await found('invoice mentions:"ravi kumar"')).toEqual(['acme.eml', 'globex.eml', 'initech.eml']);
    expect(await found('invoice mentions:ann')).toEqual([]);
    expect(await found('invoice mentions:"a.c|("')).toEqual([]);
  });

  it('amount: is the amount filter: one amount in its currency, or a range', async () => {
    expect(await found('invoice amount:INR12500')).toEqual(['acme.eml']);
    expect(await found('invoice amount:₹12,500')).toEqual(['acme.eml']);
    expect(await found('invoice amount:USD12500')).toEqual([]);
    expect(await found('invoice amount:12500')).toEqual(['acme.eml']);
    expect(await found('invoice amount:10000..')).toEqual(['acme.eml', 'initech.eml']);
    expect(await found('invoice amount:..1000')).toEqual(['globex.eml']);
    expect(await found('invoice amount:800..12500')).toEqual(['acme.eml', 'globex.eml']);
    expect(await found('invoice amount:GBP..20000')).toEqual([]);
  });

  it('date: is the date filter: a date the passage mentions, or its own — not when it was sent', async () => {
    // Sent 2 March, due 15 April: date: finds it by the date in its text, after:/before: do not.
    expect(await found('invoice date:2026-04-15')).toEqual(['acme.eml']);
    expect(await found('invoice date:2026-04')).toEqual(['acme.eml']);
    expect(await found('invoice after:2026-04-01 before:2026-04-30')).toEqual([]);
    expect(await found('invoice date:2026-01-20')).toEqual(['globex.eml']);
    expect(await found('invoice date:2026-02')).toEqual([]);
    expect(await found('invoice date:2026')).toEqual(['acme.eml', 'globex.eml', 'initech.eml']);
  });

  it('the operators combine with each other and the rest of the syntax; every one must hold', async () => {
    expect(await found('invoice mentions:acme amount:10000.. date:2026-04')).toEqual(['acme.eml']);
    expect(await found('invoice mentions:acme amount:GBP10000..')).toEqual([]);
    expect(await found('invoice from:hank amount:$800')).toEqual(['globex.eml']);
    expect(await found('invoice type:txt mentions:acme')).toEqual([]);
  });

  it('alone they list what they match, newest first, with the whole set’s facets (as from: alone does)', async () => {
    const listed = async (q: string) => {
      const body = await search({ q });
      expect(body.order, q).toBe('newest');
      return body.results.map((r) => r.document.name);
    };
    // Acme's mail (2 March, 04:30 UTC) is newer than Ravi's late-night mail to Priya (1 March, 20:00 UTC).
    expect(await listed('mentions:"Priya Sharma"')).toEqual(['acme.eml', 'late-night.eml']);
    expect(await listed('amount:$800')).toEqual(['globex.eml']);
    expect(await listed('date:2026-04-15')).toEqual(['acme.eml']);
    const facets = (await search({ q: 'amount:10000..' })).facets;
    expect(facets.type).toEqual([{ value: 'eml', count: 2 }]);
    expect(facets.sender?.map((s) => s.label).sort()).toEqual(['Joanna Lee', 'Priya Sharma']);
    const other = await service.signUp();
    expect((await search({ q: 'mentions:priya' }, other)).results).toEqual([]);
  });

  it('the parameters still work, and a parameter given wins over the same operator', async () => {
    expect(await found('invoice mentions:hank', { entity: 'priya' })).toEqual(['acme.eml']);
    expect(await found('invoice amount:$800', { amount_min: '10000' })).toEqual(['acme.eml', 'initech.eml']);
    expect(await found('invoice date:2026-01', { date_from: '2026-04-01', date_to: '2026-04-30' })).toEqual([
      'acme.eml',
    ]);
    // One range, never half of each: date_from alone drops date:'s end too (globex's January is before it).
    expect(await found('invoice date:2026-01', { date_from: '2026-03-01' })).toEqual([
      'acme.eml',
      'initech.eml',
    ]);
    expect(await found('invoice amount:$800', { currency: 'GBP' })).toEqual(['initech.eml']);
  });

  it('a value an operator cannot take is a 400 that says what it takes, never a 500', async () => {
    const cases: [string, string][] = [
      ['invoice amount:abc', OPERATOR_MESSAGES.amount],
      ['amount:500..100', OPERATOR_MESSAGES.amount],
      ['invoice amount:XYZ5', OPERATOR_MESSAGES.amount],
      ['invoice date:2026-02-30', OPERATOR_MESSAGES.date],
      ['date:soon', OPERATOR_MESSAGES.date],
      ['invoice mentions:""', OPERATOR_MESSAGES.mentions],
      [`mentions:${'x'.repeat(150)}`, OPERATOR_MESSAGES.mentions],
    ];
    for (const [q, error] of cases) {
      const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);
      expect(res.status, q).toBe(400);
      expect(await res.json(), q).toEqual({ error, code: 'invalid_request' });
    }
  });
});
