import { randomBytes, randomUUID } from 'node:crypto';
import { ACCESS_COOKIE, CSRF_HEADER } from '@trove/contracts';
import {
  createDatabase,
  createSecretBox,
  type DatabaseHandle,
  type JobLibrary,
  migrateToLatest,
  secretKey,
  startJobLibrary,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type VerificationKey,
} from '@trove/service-core';
import {
  captureLogs,
  createMigratedTestDatabase,
  type LogCapture,
  serverDirectory,
  type TestDatabase,
  testTime,
} from '@trove/service-core/testing';
import { createSearchApp, type SearchAppDeps } from '../app';
import { createExtractionWorker, type ExtractionWorker, type Extractor } from '../jobs/extraction-worker';
import {
  type DestinationsSettings,
  type RunningDestinations,
  startDestinations,
} from '../destinations/start-destinations';
import type { PostingList } from '../search/posting-lists';
import { readAllLists, userNumber } from '../search/posting-lists.repository';
import { drainIntake } from '../intake/intake-consumer';
import { intakeWaiting } from '../intake/intake.repository';
import type { ReadingResume } from '../jobs/jobs.repository';

// The search service in-process on a fresh database, with sessions signed here the way the auth service
// signs them (EdDSA, its issuer, audience and claims, a live refresh family), so these tests prove
// requireAccessSession without running the auth service: the profile tests already prove the two agree.

export interface SignedInUser {
  userId: string;
  email: string;
  cookie: string;
  csrf: string;
}

export interface SearchTestService {
  db: DatabaseHandle;
  app: ReturnType<typeof createSearchApp>;
  /** Every line the service logged. */
  logs: LogCapture;
  /** The key sessions are verified with (another service in the same test verifies the same sessions). */
  verificationKey: VerificationKey;
  /** The job library, when the test asked for destinations. */
  boss: JobLibrary | undefined;
  /** Applies every row the sources' intake holds (docs/decisions/170-sources-service.md); answers how many. */
  drainIntake(): Promise<number>;
  signUp(): Promise<SignedInUser>;
  request(user: SignedInUser | undefined, path: string, init?: RequestInit): Promise<Response>;
  upload(
    user: SignedInUser,
    files: { name: string; type?: string; text: string | Uint8Array }[],
  ): Promise<Response>;
  worker(
    extract: Extractor,
    options?: {
      leaseMs?: number;
      maxAttempts?: number;
      workerId?: string;
      pollMs?: number;
      batchSize?: number;
      /** Vacuum the lists (on the service's handle, the tables' owner) after this many list rows written. */
      listsVacuumRows?: number;
    },
  ): ExtractionWorker;
  close(): Promise<void>;
}

const encoder = new TextEncoder();
const base64url = (bytes: Uint8Array | string) =>
  Buffer.from(typeof bytes === 'string' ? encoder.encode(bytes) : bytes).toString('base64url');

export async function startSearchTestService(
  options: {
    maxFileBytes?: number;
    maxFiles?: number;
    minAllWordResults?: number;
    quotaBytes?: number;
    uploadsPerMinute?: number;
    searchesPerMinute?: number;
    chats?: SearchAppDeps['chats'];
    product?: string;
    /** Run the job library (workflows' runs); destinations start it too. */
    jobs?: boolean;
    /** Serve /api/v1/destinations and run the post worker (on a job library of its own and a fresh secrets key). */
    destinations?: Partial<DestinationsSettings>;
    /** The longest a statement waits for one of the pool's 4 connections (DB_CONNECT_TIMEOUT_MS; 2 s). */
    connectTimeoutMs?: number;
    /** Workflow limits (WORKFLOWS_PER_USER, WORKFLOW_RUNS_PER_HOUR). */
    workflows?: SearchAppDeps['workflows'];
  } = {},
): Promise<SearchTestService> {
  const testDatabase: TestDatabase = await createMigratedTestDatabase();
  const db = createDatabase({
    url: testDatabase.url,
    poolMax: 4,
    // Production's 2 s bound on a connection (or a free pool slot), stretched like every wait of the tests: at
    // load 25 a test's first statements waited past 2 s for their backends (ci2: "timeout expired"), and on a
    // machine slow to give new memory a backend's start passed 6 s at scale 3 (ci40, ci41: git-sync). 5 s base.
    connectTimeoutMs: options.connectTimeoutMs ?? Math.min(60_000, testTime(5_000)),
  });
  await migrateToLatest(db);
  const keys = (await crypto.subtle.generateKey({ name: 'Ed25519' }, false, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const logs = captureLogs();
  const logger = logs.logger;
  const boss =
    options.destinations === undefined && options.jobs !== true
      ? undefined
      : await startJobLibrary({ db, logger, cronMonitorIntervalSeconds: 1 });
  const destinations: RunningDestinations | undefined =
    options.destinations === undefined || boss === undefined
      ? undefined
      : await startDestinations({
          db,
          logger,
          boss,
          secrets: createSecretBox(secretKey(randomBytes(32))),
          settings: {
            allowedHosts: undefined,
            linkOrigin: 'http://localhost',
            product: options.product ?? 'Trove',
            attempts: 3,
            retryBaseSeconds: 1,
            pollingIntervalSeconds: 0.5,
            ...options.destinations,
          },
        });
  const app = createSearchApp({
    db,
    logger,
    verificationKey: keys.publicKey as VerificationKey,
    product: options.product,
    uploads: {
      maxFileBytes: options.maxFileBytes ?? 1024 * 1024,
      maxFiles: options.maxFiles ?? 5,
      // A request holds a whole file and the form around it: a bench's 25 MB file must fit.
      maxRequestBytes: Math.max(8 * 1024 * 1024, (options.maxFileBytes ?? 0) + 1024 * 1024),
      quotaBytes: options.quotaBytes ?? 1024 * 1024 * 1024,
      requestsPerMinute: options.uploadsPerMinute ?? 10_000,
      // Small pieces, so a test file of a few hundred KB is staged in several.
      pieceBytes: 64 * 1024,
      // Bodies are read here before their transaction (issue 35 item 4).
      stagingDir: serverDirectory('upload-staging'),
    },
    // Generous unless a test is about the limit (SEARCH_REQUESTS_PER_MINUTE).
    search: {
      minAllWordResults: options.minAllWordResults ?? 1,
      requestsPerMinute: options.searchesPerMinute ?? 100_000,
    },
    // Generous limits unless a test is about them: every test signs up its own users, but a suite asks a lot.
    chats: { asksPerMinute: 10_000, ...options.chats },
    destinations: destinations?.deps,
    workflows: options.workflows,
  });

  async function signToken(claims: Record<string, unknown>): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'EdDSA', typ: 'JWT' }));
    const payload = base64url(
      JSON.stringify({ ...claims, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: now, exp: now + 600 }),
    );
    const signature = await crypto.subtle.sign(
      { name: 'Ed25519' },
      keys.privateKey,
      encoder.encode(`${header}.${payload}`),
    );
    return `${header}.${payload}.${base64url(new Uint8Array(signature))}`;
  }

  let counter = 0;
  const service: SearchTestService = {
    db,
    app,
    logs,
    verificationKey: keys.publicKey as VerificationKey,
    boss,
    async drainIntake() {
      // Until none is left: another drain (a worker's) may hold the turn, and then this one waits for it.
      let rows = 0;
      for (;;) {
        rows += (await drainIntake(db)).rows;
        if (!(await intakeWaiting(db))) return rows;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async signUp() {
      counter += 1;
      const email = `search${counter}-${randomUUID()}@example.com`;
      const user = await db.insertInto('users').values({ email }).returning('id').executeTakeFirstOrThrow();
      const family = await db
        .insertInto('refresh_families')
        .values({ user_id: user.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const csrf = randomUUID();
      const token = await signToken({
        sub: user.id,
        jti: randomUUID(),
        type: 'access',
        fid: family.id,
        csrf,
      });
      return { userId: user.id, email, cookie: `${ACCESS_COOKIE}=${token}`, csrf };
    },
    request(user, path, init = {}) {
      const headers = new Headers(init.headers);
      if (user !== undefined) {
        headers.set('Cookie', user.cookie);
        headers.set(CSRF_HEADER, user.csrf);
      }
      return Promise.resolve(app.request(path, { ...init, headers }));
    },
    upload(user, files) {
      const form = new FormData();
      for (const file of files) {
        const bytes = (
          typeof file.text === 'string' ? encoder.encode(file.text) : file.text
        ) as Uint8Array<ArrayBuffer>;
        form.append('file', new File([bytes], file.name, { type: file.type ?? 'text/plain' }));
      }
      return service.request(user, '/api/v1/uploads', { method: 'POST', body: form });
    },
    worker(extract, workerOptions = {}) {
      return createExtractionWorker({
        db,
        logger,
        extract,
        permanentFailure: (err) =>
          err instanceof Error && err.name === 'ExtractionError'
            ? (err as Error & { reason: string }).reason
            : undefined,
        suspended: (err) =>
          err instanceof Error && err.name === 'ReadingSuspended'
            ? (err as Error & { resume: ReadingResume }).resume
            : undefined,
        leaseMs: workerOptions.leaseMs ?? 60_000,
        maxAttempts: workerOptions.maxAttempts ?? 3,
        pollMs: workerOptions.pollMs ?? 50,
        workerId: workerOptions.workerId ?? 'test-worker',
        ...(workerOptions.batchSize === undefined ? {} : { batchSize: workerOptions.batchSize }),
        ...(workerOptions.listsVacuumRows === undefined
          ? {}
          : { listsVacuum: { db, everyRows: workerOptions.listsVacuumRows } }),
        retryDelayMs: () => 0,
      });
    },
    async close() {
      await destinations?.stop();
      await boss?.stop({ graceful: true, wait: true, close: false, timeout: testTime(10_000) });
      await db.destroy();
      await testDatabase.drop();
    },
  };
  return service;
}

/** Index fields with the text alone, so a passage's length is its word count and no title adds words. */
export const bodyOnly = (text: string) => ({ title: '', name: '', people: '', body: text, quoted: '' });

/** A plain-text extractor for tests: one passage per blank-line-separated paragraph. */
export const paragraphExtractor: Extractor = async ({ bytes }) => {
  const text = new TextDecoder().decode(bytes);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
  return {
    title: paragraphs[0]?.slice(0, 80) ?? '',
    parts: paragraphs.length,
    documentDate: null,
    passages: paragraphs.map((paragraph, index) => ({
      ordinal: index + 1,
      location: `paragraph ${index + 1}`,
      text: paragraph,
      facts: { dates: [], amounts: [], people: [], organisations: [] },
      fields: bodyOnly(paragraph),
    })),
  };
};

/**
 * Uploads files as the user and runs every queued extraction job with `extract`: the documents' ids, once
 * they are indexed (or failed). `.eml` files go up as message/rfc822, the rest as the type given or text.
 */
export async function indexFiles(
  service: SearchTestService,
  user: SignedInUser,
  files: { name: string; type?: string; text: string | Uint8Array }[],
  extract: Extractor,
): Promise<string[]> {
  const res = await service.upload(
    user,
    files.map((file) => ({
      ...file,
      type: file.type ?? (file.name.endsWith('.eml') ? 'message/rfc822' : 'text/plain'),
    })),
  );
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const { documents } = (await res.json()) as { documents: { id: string }[] };
  const worker = service.worker(extract);
  while (await worker.runOnce()) {
    // Runs every queued job.
  }
  return documents.map((document) => document.id);
}

/** Every list of a user's index, decoded, whether in blocks or pages (empty before the first passage). */
export async function listsOfUser(db: DatabaseHandle, userId: string): Promise<Map<string, PostingList>> {
  const userNo = await userNumber(db, userId);
  return userNo === undefined ? new Map() : readAllLists(db, userNo);
}
