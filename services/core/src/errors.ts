import { ERROR_CODE_BY_STATUS, type ErrorEnvelope, MALFORMED_JSON_CODE } from '@trove/contracts';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError, type z } from 'zod';
import { isDatabaseUnavailable } from './database-errors';
import type { ServiceEnv } from './hono-env';
import type { Logger } from './logger';

/**
 * An error a route means to answer with: its status, a message safe to show a user, and a machine
 * code for clients to branch on (`{ error, code }`).
 */
export class ApiError extends HTTPException {
  readonly code: string;
  /** Extra fields for the envelope, e.g. `retry_after` on a 429 (docs/product/accounts.md#code-timing). */
  readonly details: Readonly<Record<string, string | number | boolean>>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    code: string,
    options: { cause?: unknown; details?: Record<string, string | number | boolean> } = {},
  ) {
    super(status, { message, cause: options.cause });
    this.name = 'ApiError';
    this.code = code;
    this.details = options.details ?? {};
  }
}

/** A 429 that tells the client when to try again, in the body (`retry_after`) and `Retry-After`. */
export function tooManyRequests(message: string, retryAfterSeconds: number): ApiError {
  const retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(429, message, ERROR_CODE_BY_STATUS[429], { details: { retry_after: retryAfter } });
}

const codeOf = (status: number): string =>
  (ERROR_CODE_BY_STATUS as Partial<Record<number, string>>)[status] ?? 'error';

/** `application/json`, or a `+json` type such as `application/merge-patch+json`, with any parameters. */
const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const DATABASE_UNAVAILABLE: ErrorEnvelope = {
  error: 'The service is briefly unavailable. Please try again in a moment.',
  code: ERROR_CODE_BY_STATUS[503],
};
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

const MALFORMED_JSON: ErrorEnvelope = { error: 'Malformed JSON body', code: MALFORMED_JSON_CODE };

function envelope(error: string, code: string): ErrorEnvelope {
  return { error, code };
}

/** True when the request's own body is not JSON, so a SyntaxError is the client's fault, not ours. */
async function bodyIsMalformedJson(c: Context): Promise<boolean> {
  try {
    // Hono caches the body text, so this reads what the route already consumed.
    const text = await c.req.text();
    // No body and no claim of one: the SyntaxError came from our own code.
    if (text === '' && !JSON_CONTENT_TYPE.test(c.req.header('Content-Type') ?? '')) return false;
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

/**
 * The one `onError` of a service: known errors become their envelope; anything else is a 500 whose
 * stack goes to the log and never to the client.
 */
export function createErrorHandler(fallbackLogger: Logger): ErrorHandler<ServiceEnv> {
  return async (err, c) => {
    if (err instanceof ApiError) {
      const retryAfter = err.details.retry_after;
      if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
      return c.json({ ...err.details, ...envelope(err.message, err.code) }, err.status);
    }
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json(envelope(err.message || 'Request failed', codeOf(status)), status);
    }
    if (err instanceof ZodError) {
      return c.json(envelope(err.issues[0]?.message ?? 'Invalid request', ERROR_CODE_BY_STATUS[400]), 400);
    }
    // A route that called c.req.json() itself on a malformed body still answers 400, not 500.
    if (err instanceof SyntaxError && (await bodyIsMalformedJson(c))) return c.json(MALFORMED_JSON, 400);

    // docs/decisions/009-deploy-story.md, "Faults": a database outage is a 503 the client may retry,
    // with the envelope and never a stack; readiness reports the same, so balancers stop sending.
    if (isDatabaseUnavailable(err)) {
      (c.get('log') ?? fallbackLogger).warn({ error: describeError(err) }, 'database unavailable');
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return c.json(envelope(DATABASE_UNAVAILABLE.error, DATABASE_UNAVAILABLE.code), 503);
    }
    (c.get('log') ?? fallbackLogger).error({ err }, 'unhandled error');
    return c.json(envelope('Internal error', ERROR_CODE_BY_STATUS[500]), 500);
  };
}

export const notFound: NotFoundHandler<ServiceEnv> = (c) =>
  c.json(envelope('Not found', ERROR_CODE_BY_STATUS[404]), 404);

/**
 * Reads a JSON request body and parses it with `schema`. Every way the input can be wrong ends in
 * a 4xx envelope: a non-JSON content type (415), a malformed body (400), or a schema failure
 * (400 with the schema's first message, e.g. docs/product/accounts.md#email-rules "Please enter a valid email address.").
 */
export async function parseJson<Schema extends z.ZodType>(
  c: Context,
  schema: Schema,
): Promise<z.output<Schema>> {
  const contentType = c.req.header('Content-Type') ?? '';
  if (!JSON_CONTENT_TYPE.test(contentType)) {
    throw new ApiError(415, 'Content-Type must be application/json', ERROR_CODE_BY_STATUS[415]);
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch (cause) {
    throw new ApiError(400, MALFORMED_JSON.error, MALFORMED_JSON.code, { cause });
  }
  // Throws a ZodError, which the error handler turns into a 400 with the first issue's message.
  return schema.parse(body);
}

/**
 * A one-line description of any thrown value. Connection failures to a host with several addresses
 * (`localhost` → ::1 and 127.0.0.1) arrive as an AggregateError with an empty message, so look inside.
 */
export function describeError(err: unknown): string {
  if (err instanceof AggregateError && err.message === '') {
    const inner = err.errors.map(describeError).filter((text) => text !== '');
    if (inner.length > 0) return [...new Set(inner)].join('; ');
  }
  if (err instanceof Error) {
    const code = (err as NodeJS.ErrnoException).code;
    if (err.message !== '') return err.message;
    if (code !== undefined) return code;
    if (err.cause !== undefined) return describeError(err.cause);
    return err.name;
  }
  return String(err);
}
