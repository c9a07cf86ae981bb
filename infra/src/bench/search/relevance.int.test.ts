import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../../services/search/src/extraction';
import {
  indexFiles,
  type SearchTestService,
  type SignedInUser,
  startSearchTestService,
} from '../../../../services/search/src/testing/search-service';
import { loadCorpus } from './corpus';
import { seededRandom } from './queries';
import {
  createTsRankTable,
  knownDocuments,
  measureRelevance,
  miniSearch,
  printRelevance,
  troveInProcess,
  tsRankCd,
} from './relevance';
import { relevanceQueries } from './relevance-queries';

// Issue 19 item 6, the guard in CI: on a seeded slice of 200 messages of the SpamAssassin archive, Trove's
// MRR@10 over known-item queries of every kind is not below MiniSearch's. `npm run bench -- --relevance`
// runs the same evaluation on the whole archive through nginx.

const SLICE = 200;
const PER_KIND = 40;
const SEED = 20261125;
/** The service's default SEARCH_MIN_AND_RESULTS. */
const MIN_AND_RESULTS = 3;

let service: SearchTestService;
let user: SignedInUser;

beforeAll(async () => {
  service = await startSearchTestService({ minAllWordResults: MIN_AND_RESULTS, maxFiles: 50 });
  user = await service.signUp();
  const random = seededRandom(SEED);
  const corpus = loadCorpus()
    .map((message) => ({ message, order: random() }))
    .sort((a, b) => a.order - b.order)
    .slice(0, SLICE)
    .map(({ message }) => message);
  for (let at = 0; at < corpus.length; at += 50) {
    const files = corpus.slice(at, at + 50).map((message) => ({
      name: `${message.group}-${message.id}.eml`,
      text: message.eml,
    }));
    await indexFiles(service, user, files, extractDocument);
  }
});

afterAll(async () => {
  await service?.close();
});

describe('relevance on a 200-message slice of the archive', () => {
  it('every message is indexed, and Trove’s MRR@10 is not below MiniSearch’s', async () => {
    const documents = await knownDocuments(service.db, user.userId);
    expect(documents).toHaveLength(SLICE);
    const queries = relevanceQueries(documents, PER_KIND, SEED);
    await createTsRankTable(service.db);
    expect(queries.length).toBeGreaterThanOrEqual(100);
    const rows = await measureRelevance(queries, [
      {
        name: 'Trove',
        rank: troveInProcess(service.db, user.userId, { minAllWordResults: MIN_AND_RESULTS }),
      },
      { name: 'ts_rank_cd', rank: tsRankCd(service.db, user.userId, MIN_AND_RESULTS) },
      { name: 'MiniSearch', rank: await miniSearch(service.db, user.userId) },
    ]);
    printRelevance(rows);
    const all = (system: string) => rows.find((row) => row.kind === 'all' && row.system === system);
    expect(all('Trove')?.mrr ?? 0).toBeGreaterThanOrEqual(all('MiniSearch')?.mrr ?? 1);
  });
});
