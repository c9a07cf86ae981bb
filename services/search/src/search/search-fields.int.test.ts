import { type SearchResponse, SearchQuerySchema } from '@trove/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../extraction';
import { type SearchSettings, search as searchService } from './search.service';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../testing/search-service';

// Issue 19 item 1 (docs/decisions/036-search-fields.md): the title (an email's subject, an attachment's
// name), the file name and the people are fields of their own, weighted above the text; quoted replies
// weigh less than what a mail says itself. Through the real extractor and API on a real PostgreSQL.

let service: SearchTestService;
let user: SignedInUser;

const mail = (headers: string, body: string) => `${headers.trim()}\r\n\r\n${body.trim()}\r\n`;
const filler =
  'The quarterly numbers arrived late again, and the team spent the afternoon reconciling them with the ledger.';

const corpus = [
  {
    name: 'easy-ham-1__02039.e857.eml',
    text: mail(
      `From: Rob Kessel <rob@example.org>
To: Fork List <fork@example.com>
Subject: Of Muslims and Morris men
Date: Mon, 02 Sep 2002 10:00:00 +0000`,
      `${filler} Nothing else to report from the village fete this weekend.`,
    ),
  },
  // Two messages that say the subject's words in their text, more than once, and more recently.
  ...[1, 2].map((n) => ({
    name: `reply-${n}.eml`,
    text: mail(
      `From: Someone ${n} <someone${n}@example.net>
To: Fork List <fork@example.com>
Subject: Weekend plans ${n}
Date: Tue, 03 Sep 2002 1${n}:00:00 +0000`,
      `Muslims and Morris men alike came to the fete. ${filler}`,
    ),
  })),
  {
    name: 'contract-note.eml',
    text: mail(
      `From: Ann Lee <ann.lee@acme.example>
To: Ravi Kumar <ravi@example.com>
Subject: Contract
Date: Wed, 04 Sep 2002 09:00:00 +0000
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"`,
      `--b1
Content-Type: text/plain; charset=utf-8

Here it is. ${filler}
--b1
Content-Type: text/plain; name="kestrel-forecast.txt"
Content-Disposition: attachment; filename="kestrel-forecast.txt"

Revenue grows in every region next year, led by exports.
--b1--`,
    ),
  },
  { name: 'osprey-migration-plan.txt', text: `${filler} The servers move in October.` },
  {
    name: 'own-words.eml',
    text: mail(
      `From: Mia Wong <mia@example.org>
To: Ravi Kumar <ravi@example.com>
Subject: Birds
Date: Thu, 05 Sep 2002 09:00:00 +0000`,
      `I saw a pelican by the lake this morning. ${filler}`,
    ),
  },
  {
    name: 'quoting.eml',
    text: mail(
      `From: Ravi Kumar <ravi@example.com>
To: Mia Wong <mia@example.org>
Subject: Re: Birds
Date: Fri, 06 Sep 2002 09:00:00 +0000`,
      `Lovely, thanks. ${filler}

On Thu, 5 Sep 2002, Mia Wong wrote:
> I saw a pelican by the lake this morning.`,
    ),
  },
  // A mailing list whose tag is in every subject: the oldest message asks about a crash; the newer ones say
  // "widget" and "crash" in their text, as do two mails off the list — so the list's tag is the query's
  // rarest word, and the newest titles holding it are not the message asked for.
  {
    name: 'vireo-crash.eml',
    text: mail(
      `From: Dana Fox <dana@example.org>
To: Vireo Users <vireo-users@example.com>
Subject: [Vireo-users] Widget crash on start
Date: Sat, 07 Sep 2002 09:00:00 +0000`,
      `Since the upgrade it stops at once. ${filler}`,
    ),
  },
  ...[1, 2, 3].map((n) => ({
    name: `vireo-notes-${n}.eml`,
    text: mail(
      `From: Vireo Bot <bot@example.com>
To: Vireo Users <vireo-users@example.com>
Subject: [Vireo-users] Weekly notes ${n}
Date: Sun, 0${7 + n} Sep 2002 09:00:00 +0000`,
      `No widget crash was reported this week. ${filler}`,
    ),
  })),
  ...[1, 2].map((n) => ({
    name: `widget-shop-${n}.eml`,
    text: mail(
      `From: Shop <shop@example.net>
To: Ravi Kumar <ravi@example.com>
Subject: Your order ${n}
Date: Mon, 1${n} Sep 2002 09:00:00 +0000`,
      `The widget you ordered survived a crash test. ${filler}`,
    ),
  })),
  // Both words of "heron ledger" in a long text, against one of them said again and again, in a title too.
  {
    name: 'field-notes.eml',
    text: mail(
      `From: Mia Wong <mia@example.org>
To: Ravi Kumar <ravi@example.com>
Subject: Field notes
Date: Sat, 14 Sep 2002 09:00:00 +0000`,
      [
        'We walked the northern trail before sunrise and counted what we could.',
        'Two foxes crossed the meadow, a woodpecker worked on the old oak, and the wind turned cold by eight.',
        'Near the reeds a grey heron stood still for most of an hour.',
        'The path by the river was flooded again, so we came back through the village and stopped for coffee.',
        'The bakery had sold out of bread, the church clock was wrong as always, and the bus was late.',
        'Afterwards we wrote everything down in the ledger kept at the visitor centre, with the times and the weather.',
        'Next month we hope to go further east, where the estuary opens and the birds gather in larger numbers.',
        'The guide says the spring tides come early this year, so the mudflats will be wide in the mornings.',
        'We will need boots, a flask, the small telescope and the printed map, since the phones lose signal there.',
        'Anyone who wants to join should write by Thursday, and bring a friend if they like long quiet walks.',
      ].join(' '),
    ),
  },
  {
    name: 'heron-sightings.eml',
    text: mail(
      `From: Birdline <birdline@example.net>
To: Ravi Kumar <ravi@example.com>
Subject: Heron heron sightings
Date: Sun, 15 Sep 2002 09:00:00 +0000`,
      'Heron, heron, heron: three today.',
    ),
  },
];

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: 1, maxFiles: 20 });
  user = await service.signUp();
  await indexFiles(service, user, corpus, extractDocument);
});

afterAll(async () => {
  await service?.close();
});

async function search(q: string): Promise<SearchResponse> {
  const res = await service.request(user, `/api/v1/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResponse;
}

const search_ = (as: SignedInUser, q: string, settings: SearchSettings) =>
  searchService(service.db, as.userId, SearchQuerySchema.parse({ q }), settings);

const firstName = async (q: string) => (await search(q)).results[0]?.document.name;

describe('fields', () => {
  it('a query of a subject’s words ranks that message first, above newer mails that say the words in their text', async () => {
    expect(await firstName('Of Muslims and Morris men')).toBe('easy-ham-1__02039.e857.eml');
    expect(await firstName('muslims morris')).toBe('easy-ham-1__02039.e857.eml');
    // The other messages are still found: the text is searched, the subject only weighs more.
    const names = new Set((await search('muslims morris')).results.map((result) => result.document.name));
    expect(names).toEqual(new Set(['easy-ham-1__02039.e857.eml', 'reply-1.eml', 'reply-2.eml']));
  });

  it('with the candidate cap, a message whose subject holds the words is scored however old it is', async () => {
    // The two replies are newer and hold the words in their text: a cap of 2 takes them alone as the newest.
    const capped = await search_(user, 'muslims morris', { minAllWordResults: 1, maxCandidates: 2 });
    expect(capped.results[0]?.document.name).toBe('easy-ham-1__02039.e857.eml');
  });

  it('a subject’s words find it when a list tag in every title is the rarest word (the cap taking newer list mail)', async () => {
    const capped = await search_(user, 'vireo widget crash', { minAllWordResults: 1, maxCandidates: 2 });
    expect(capped.mode).toBe('and');
    expect(capped.results[0]?.document.name).toBe('vireo-crash.eml');
  });

  it('relaxed to any word, a mail holding every word ranks above one saying one word many times', async () => {
    // Only one mail holds both words, fewer than the three an AND answer needs: the search takes any word.
    const relaxed = await search_(user, 'heron ledger', { minAllWordResults: 3 });
    expect(relaxed.mode).toBe('or');
    expect(relaxed.results[0]?.document.name).toBe('field-notes.eml');
  });

  it('a sender’s name, address or domain finds their mail', async () => {
    expect(await firstName('Ann Lee')).toBe('contract-note.eml');
    expect(await firstName('ann.lee@acme.example')).toBe('contract-note.eml');
    expect(await firstName('acme')).toBe('contract-note.eml');
  });

  it('an attachment is a document of its own, found by its name (docs/decisions/121)', async () => {
    const [first] = (await search('kestrel')).results;
    expect(first?.document.name).toBe('kestrel-forecast.txt');
    // Titled after the mail it came in, so a person knows where it was.
    expect(first?.document.title).toBe('kestrel-forecast.txt — in: Contract');
  });

  it('a file’s name finds it, split into words', async () => {
    expect(await firstName('osprey')).toBe('osprey-migration-plan.txt');
    expect(await firstName('migration plan')).toBe('osprey-migration-plan.txt');
  });

  it('quoted text is found, below the mail that said it', async () => {
    const names = (await search('pelican lake')).results.map((result) => result.document.name);
    expect(names).toEqual(['own-words.eml', 'quoting.eml']);
  });
});
