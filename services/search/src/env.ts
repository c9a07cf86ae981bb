import {
  baseEnvShape,
  allowedHostsSetting,
  portSetting,
  requireSecretsKeyInProduction,
  secretsEnvShape,
  wholeNumberSetting as wholeNumber,
} from '@trove/service-core';
import { UPLOAD_CONCURRENCY_PER_USER, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '@trove/contracts';
import { z } from 'zod';
import { CHAT_DEFAULTS } from './chats/chat-settings';
import { DESTINATION_POST_DEFAULTS } from './destinations/post-limit';
import { FIGURE_DEFAULTS } from './figures/computed-answer';
import { DEFAULT_JOB_BATCH, DEFAULT_LISTS_VACUUM_ROWS } from './jobs/extraction-worker';
import { DEFAULT_EXTRACTION_SETTINGS as EXTRACTION, type ExtractionSettings } from './extraction/reader';
import { SEARCH_MAX_CANDIDATES } from './search/search.service';
import { DOCUMENT_VIEW_DEFAULTS } from './documents/document-view.service';

export { keyList, previousSecretsKeys } from '@trove/service-core';

export const SearchEnvSchema = z
  .object({
    ...baseEnvShape,
    SEARCH_PORT: portSetting(4103),
    /** The auth service's public keys (docs/architecture.md#sessions: verified through its JWKS, never a shared secret). */
    AUTH_JWKS_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('http://127.0.0.1:4101/api/v1/auth/.well-known/jwks.json'),
    /** Issue 10: up to 25 MB a file, 200 files a batch. */
    UPLOAD_MAX_FILE_BYTES: wholeNumber(UPLOAD_MAX_FILE_BYTES, 1, 1024 * 1024 * 1024),
    UPLOAD_MAX_FILES: wholeNumber(UPLOAD_MAX_FILES, 1, 10_000),
    /**
     * The largest upload request, whatever its files: the body is read into memory, so a batch bigger
     * than this is sent by the client in several requests (docs/decisions/010-search-index.md).
     */
    UPLOAD_MAX_REQUEST_BYTES: wholeNumber(100 * 1024 * 1024, 1024, 4 * 1024 * 1024 * 1024),
    /**
     * Issue 35 item 4: where an upload's files are read to before its transaction opens (a folder per request,
     * removed when it ends). Unset: the OS's temp folder. Needs room for UPLOAD_CONCURRENCY_PER_USER requests
     * of up to UPLOAD_MAX_REQUEST_BYTES for each user uploading at once.
     */
    UPLOAD_STAGING_DIR: z.string().min(1).optional(),
    /** Everything one user may keep uploaded (originals' bytes); past it an upload is a 413. */
    UPLOAD_QUOTA_BYTES: wholeNumber(1024 * 1024 * 1024, 1, 1024 * 1024 * 1024 * 1024),
    /** Upload requests one user may make a minute (the Uploads page sends large batches a few files a request). */
    UPLOAD_REQUESTS_PER_MINUTE: wholeNumber(300, 1, 100_000),
    /** Upload requests one user may have running at once in one process; more is a 429 (issue 18 item 7). */
    UPLOAD_CONCURRENCY_PER_USER: wholeNumber(UPLOAD_CONCURRENCY_PER_USER, 1, 100),
    /** Searches one user may run a minute; then 429 with retry_after (issue 18 item 7). */
    SEARCH_REQUESTS_PER_MINUTE: wholeNumber(120, 1, 1_000_000),
    SEARCH_MIN_AND_RESULTS: wholeNumber(3, 1, 1000),
    /** Words in more passages than this score only the newest this many (docs/decisions/020-search-postings.md). */
    SEARCH_MAX_CANDIDATES: wholeNumber(SEARCH_MAX_CANDIDATES, 10, 100_000),
    /** Extraction jobs: how long a worker's lease lasts, tries before failing, how often it polls. */
    SEARCH_JOB_LEASE_MS: wholeNumber(5 * 60_000, 1_000, 24 * 60 * 60_000),
    SEARCH_JOB_MAX_ATTEMPTS: wholeNumber(5, 1, 100),
    SEARCH_JOB_POLL_MS: wholeNumber(1_000, 10, 60_000),
    SEARCH_JOB_CONCURRENCY: wholeNumber(1, 1, 32),
    /** Jobs one take leases and indexes in one transaction at most (docs/decisions/074). */
    SEARCH_JOB_BATCH: wholeNumber(DEFAULT_JOB_BATCH, 1, 10_000),
    /** The extraction process vacuums the lists after rewriting this many of their rows (0: autovacuum only). */
    SEARCH_LISTS_VACUUM_ROWS: wholeNumber(DEFAULT_LISTS_VACUUM_ROWS, 0, 1_000_000_000),
    /** The extraction thread's statement bound: a large file's passages are one bulk write (0: none). */
    SEARCH_JOB_STATEMENT_TIMEOUT_MS: wholeNumber(120_000, 0, 24 * 60 * 60_000),
    /** The longest one file's reading may take; then its process is stopped and the file fails with a reason. */
    SEARCH_JOB_TIMEOUT_S: wholeNumber(120, 1, 3_600),
    /**
     * The extraction process's V8 heap (MB): a file that needs more kills that child, not the service
     * (docs/decisions/019-extraction-memory-bounds.md). Keep it under the container's limit with room for the API.
     */
    SEARCH_JOB_MEMORY_MB: wholeNumber(1024, 16, 64 * 1024),
    /** Archives (docs/decisions/121): files of one archive indexed, bytes all of them may open to, one's ratio. */
    SEARCH_ARCHIVE_MAX_ENTRIES: wholeNumber(EXTRACTION.archiveMaxEntries, 1, 100_000),
    SEARCH_ARCHIVE_MAX_BYTES: wholeNumber(EXTRACTION.archiveMaxBytes, 1024, 16 * 1024 * 1024 * 1024),
    SEARCH_ARCHIVE_MAX_RATIO: wholeNumber(EXTRACTION.archiveMaxRatio, 2, 100_000),
    /** OCR (docs/decisions/122): tesseract's languages ("eng", "eng+deu"; each needs its tesseract-ocr-* package). */
    SEARCH_OCR_LANGUAGES: z
      .string()
      .regex(/^[a-z_]+(\+[a-z_]+)*$/i, 'must be tesseract language codes joined by +, such as eng+deu')
      .default(EXTRACTION.ocrLanguages),
    /** Scanned pages of one document read at most, and the largest image or rendered page read (pixels). */
    SEARCH_OCR_MAX_PAGES: wholeNumber(EXTRACTION.ocrMaxPages, 0, 100_000),
    SEARCH_OCR_MAX_PIXELS: wholeNumber(EXTRACTION.ocrMaxPixels, 10_000, 1_000_000_000),
    /**
     * One turn of reading a document's scanned pages, in seconds: past it, what was read is kept and the document
     * waits behind other users' files before it goes on (issue 39). 0: a document is read in one go.
     */
    SEARCH_OCR_SLICE_SECONDS: wholeNumber(EXTRACTION.ocrSliceSeconds, 0, 3_600),
    /** Whether a message's inline images (logos, pictures in its body) are read by OCR too: "true" or "false". */
    SEARCH_OCR_INLINE_IMAGES: z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default(EXTRACTION.ocrInlineImages ? 'true' : 'false'),
    /** Chats (docs/decisions/015-chats.md): passages an answer cites, neighbours shown around a passage. */
    CHAT_PASSAGES: wholeNumber(5, 1, 20),
    CHAT_CONTEXT_PASSAGES: wholeNumber(2, 0, 10),
    /** A document's page (issue 38 item 1): passages one answer holds, attachments or entries it lists. */
    DOCUMENT_VIEW_PASSAGES: wholeNumber(DOCUMENT_VIEW_DEFAULTS.passages, 10, 10_000),
    DOCUMENT_VIEW_ATTACHMENTS: wholeNumber(DOCUMENT_VIEW_DEFAULTS.attachments, 1, 10_000),
    /** Questions one user may ask a minute; each runs several searches. */
    CHAT_ASKS_PER_MINUTE: wholeNumber(30, 1, 10_000),
    /** Chats one user may create a minute; each is a row kept until deleted (a new chat is one per first question). */
    CHAT_CREATES_PER_MINUTE: wholeNumber(CHAT_DEFAULTS.createsPerMinute, 1, 10_000),
    /** Answers one user may mail an hour: the outbox sends from the product's address, so never a relay. */
    /** `production` requires PUBLIC_URL; anything else is a local run. */
    NODE_ENV: z.string().optional(),
    CHAT_MAILS_PER_HOUR: wholeNumber(CHAT_DEFAULTS.mailsPerHour, 1, 10_000),
    /** Answers and confirm mails one user may cause a day, whatever chats were deleted since. */
    CHAT_MAILS_PER_DAY: wholeNumber(CHAT_DEFAULTS.mailsPerDay, 1, 100_000),
    /** Mails one user may send one address a day. */
    CHAT_MAILS_PER_RECIPIENT_PER_DAY: wholeNumber(CHAT_DEFAULTS.mailsPerRecipientPerDay, 1, 100_000),
    /** Failed sends before a mailed answer shows as failed; the outbox keeps retrying it after that. */
    CHAT_MAIL_FAILED_AFTER_ATTEMPTS: wholeNumber(3, 1, 100),
    /**
     * Answers that compute (docs/decisions/131): the statuses that mean a row is settled — "overdue" and "open"
     * are the rows whose status is none of them (comma-separated, any case).
     */
    ANSWER_PAID_WORDS: z
      .string()
      .regex(
        /^\s*[\p{L}][\p{L} -]*(\s*,\s*[\p{L}][\p{L} -]*)*\s*$/u,
        'must be words separated by commas, such as paid,closed,done',
      )
      .default(FIGURE_DEFAULTS.paidWords.join(',')),
    /** The most rows one answer reads to compute; a larger table gets a statement, not a figure over part of it. */
    ANSWER_ROWS_MAX: wholeNumber(FIGURE_DEFAULTS.rowsMax, 1, 10_000_000),
    /** Rows of the users' tables kept in memory between questions (~0.5 KB each); 0 keeps none. */
    ANSWER_CACHE_ROWS: wholeNumber(200_000, 0, 10_000_000),
    /** The secret box's key (destinations' webhook URLs), shared with the sources service. */
    ...secretsEnvShape,
    /**
     * Destinations (issue 22): hosts and CIDR ranges a webhook may be on besides each service's own webhook
     * domains (hooks.slack.com, Teams Workflows, chat.googleapis.com), loopback or private ones included.
     */
    DESTINATION_ALLOWED_HOSTS: allowedHostsSetting(),
    /** Tries of a post to a destination before it shows as failed (backing off from 30 s, doubling). */
    DESTINATION_POST_ATTEMPTS: wholeNumber(5, 1, 20),
    /**
     * Issue 35 item 2 (docs/decisions/094): posts one user may ask for a minute and a day (then 429 with
     * retry_after), the post workers one process runs (each one post at a time; one destination takes one post
     * at a time), and the longest one try may take in all.
     */
    DESTINATION_POSTS_PER_MINUTE: wholeNumber(DESTINATION_POST_DEFAULTS.postsPerMinute, 1, 10_000),
    DESTINATION_POSTS_PER_DAY: wholeNumber(DESTINATION_POST_DEFAULTS.postsPerDay, 1, 1_000_000),
    DESTINATION_POST_WORKERS: wholeNumber(DESTINATION_POST_DEFAULTS.workers, 1, 64),
    DESTINATION_POST_DEADLINE_MS: wholeNumber(DESTINATION_POST_DEFAULTS.deadlineMs, 1_000, 120_000),
    /**
     * Issue 40 (docs/decisions/160-workflows.md): workflows one account may keep, runs (Run now and scheduled alike)
     * one account may start an hour, tries of a scheduled run before it shows as failed, and the first retry's
     * delay in seconds (doubling).
     */
    WORKFLOWS_PER_USER: wholeNumber(20, 1, 1_000),
    WORKFLOW_RUNS_PER_HOUR: wholeNumber(30, 1, 10_000),
    WORKFLOW_RUN_ATTEMPTS: wholeNumber(4, 1, 20),
    WORKFLOW_RETRY_BASE_SECONDS: wholeNumber(60, 1, 3_600),
    /** Workflow run workers one search process runs, each taking 4 runs at a time. */
    WORKFLOW_RUN_WORKERS: wholeNumber(2, 1, 32),
  })
  // Mailed answers carry links, and they take their origin from PUBLIC_URL only (issue 18 item 12): in
  // production, without it, the service would link to its own loopback address, so it does not start.
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && env.PUBLIC_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production (the origin links in mailed answers use)',
      });
    }
    requireSecretsKeyInProduction(env, ctx);
  })
  .transform(({ SEARCH_PORT, ...env }) => ({ ...env, PORT: SEARCH_PORT }));

export type SearchEnv = z.output<typeof SearchEnvSchema>;

/** The extraction settings of a parsed environment (the extraction child's readers take these). */
export function extractionSettings(env: SearchEnv): ExtractionSettings {
  return {
    archiveMaxEntries: env.SEARCH_ARCHIVE_MAX_ENTRIES,
    archiveMaxBytes: env.SEARCH_ARCHIVE_MAX_BYTES,
    archiveMaxRatio: env.SEARCH_ARCHIVE_MAX_RATIO,
    ocrLanguages: env.SEARCH_OCR_LANGUAGES,
    ocrMaxPages: env.SEARCH_OCR_MAX_PAGES,
    ocrSliceSeconds: env.SEARCH_OCR_SLICE_SECONDS,
    ocrMaxPixels: env.SEARCH_OCR_MAX_PIXELS,
    ocrInlineImages: env.SEARCH_OCR_INLINE_IMAGES === 'true',
    memoryMb: env.SEARCH_JOB_MEMORY_MB,
    timeoutSeconds: env.SEARCH_JOB_TIMEOUT_S,
  };
}
