/**
 * The one fetch wrapper (docs/conventions.md#one-way-to-do-each-thing: remotes never call `fetch` directly). Behaviour follows docs/product/api.md#conventions and
 * the error chain of docs/product/api.md#errors.
 */

import {
  CSRF_ACCESS_COOKIE,
  CSRF_HEADER,
  type CSRF_REFRESH_COOKIE,
  SECURE_COOKIE_PREFIX,
} from '@trove/contracts';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Objects and arrays are sent as JSON; FormData, Blob, URLSearchParams and strings go as they are. */
  body?: unknown;
  /** Extra headers; they win over the defaults (the refresh call sets its own X-CSRF-TOKEN). */
  headers?: Record<string, string>;
  cache?: RequestCache;
  signal?: AbortSignal;
}

/** A failed response: `status` and the parsed `data` travel with the message. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(message: string, status: number, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }
}

/**
 * A CSRF cookie's value under either of its names: `__Host-…` when the session is Secure (issue 18 item
 * 13), the plain docs/product/api.md#cookies name otherwise. The prefixed one wins: only a secure origin can have set it.
 */
export function readCsrfCookie(
  cookieHeader: string,
  name: typeof CSRF_ACCESS_COOKIE | typeof CSRF_REFRESH_COOKIE,
): string | undefined {
  return readCookie(cookieHeader, `${SECURE_COOKIE_PREFIX}${name}`) ?? readCookie(cookieHeader, name);
}

export function readCookie(cookieHeader: string, name: string): string | undefined {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value that is not valid percent-encoding is still the token the server set.
      return raw;
    }
  }
  return undefined;
}

function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

/** Headers for one call: JSON by default, and the access CSRF token on every non-GET call (docs/product/api.md#csrf). */
export function buildHeaders(
  method: HttpMethod,
  body: unknown,
  cookieHeader: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // The browser must set the multipart boundary itself, so FormData and Blob bodies get no Content-Type.
  if (!(body instanceof FormData) && !(body instanceof Blob)) {
    headers['Content-Type'] = 'application/json';
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = readCsrfCookie(cookieHeader, CSRF_ACCESS_COOKIE);
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  return { ...headers, ...extra };
}

export function encodeBody(body: unknown): BodyInit | undefined {
  if (body === undefined || body === null) return undefined;
  if (isPassThroughBody(body)) return body;
  return JSON.stringify(body);
}

/** JSON when it parses, else the text; an empty body is `null`. */
export function parseBodyText(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** docs/product/api.md#errors: detail.error, else detail, else message, else error, else the status text. */
export function errorMessageFrom(data: unknown, statusText: string): string {
  const detail = field(data, 'detail');
  return (
    nonEmptyString(field(detail, 'error')) ??
    nonEmptyString(detail) ??
    nonEmptyString(field(data, 'message')) ??
    nonEmptyString(field(data, 'error')) ??
    statusText
  );
}

/**
 * The message to show a person (docs/product/api.md#errors, user-facing helper): what the server said — detail.error first,
 * then the other body fields of the chain — else the caller's default. Never the bare status text or a
 * browser's network jargon ("Not Found", "Failed to fetch"): those read as breakage, not as guidance.
 */
export function userMessage(error: unknown, fallback = 'Something went wrong'): string {
  if (error instanceof ApiError) return errorMessageFrom(error.data, '') || fallback;
  return fallback;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  /** The `document.cookie` string at call time. */
  readCookies: () => string;
  baseUrl?: string;
}

export interface ApiClient {
  request<T = unknown>(path: string, options?: RequestOptions): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  put<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  patch<T = unknown>(
    path: string,
    body?: unknown,
    options?: Omit<RequestOptions, 'method' | 'body'>,
  ): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

export function createApiClient(deps: ApiClientDeps): ApiClient {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = options.method ?? 'GET';
    const response = await deps.fetch(`${deps.baseUrl ?? ''}${path}`, {
      method,
      // Every call sends cookies (docs/product/api.md#cookies): the session lives in httpOnly cookies.
      credentials: 'include',
      headers: buildHeaders(method, options.body, deps.readCookies(), options.headers),
      body: encodeBody(options.body),
      cache: options.cache,
      signal: options.signal,
    });
    const data = parseBodyText(await response.text());
    if (!response.ok) {
      throw new ApiError(errorMessageFrom(data, response.statusText), response.status, data);
    }
    // The caller names the shape it expects; validating it is the caller's job (with a contracts schema).
    return data as T;
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
  };
}

/** The app-wide client: same-origin paths, the page's cookies. */
export const api: ApiClient = createApiClient({
  // Looked up at call time so tests and polyfills that replace globalThis.fetch are honoured.
  fetch: (input, init) => globalThis.fetch(input, init),
  readCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});

/** How far an upload's request body has gone, for a progress bar. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** Called as the body goes out; `fetch` cannot report this, hence XMLHttpRequest (issue 10). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The one XMLHttpRequest surface the uploader uses, so tests can hand it a fake. */
export interface UploadRequest {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: ProgressEvent) => void) | null };
  onload: ((event: ProgressEvent) => void) | null;
  onerror: ((event: ProgressEvent) => void) | null;
  onabort: ((event: ProgressEvent) => void) | null;
}

export interface UploaderDeps {
  createRequest: () => UploadRequest;
  readCookies: () => string;
  baseUrl?: string;
}

export type Uploader = <T = unknown>(path: string, body: FormData, options?: UploadOptions) => Promise<T>;

/**
 * POSTs a multipart body with upload progress. Same rules as `request`: cookies, the access CSRF header
 * (docs/product/api.md#conventions), and a failed answer becomes an ApiError carrying the error envelope (docs/product/api.md#errors). A network
 * failure is an ApiError with status 0, so callers show one kind of error.
 */
export function createUploader(deps: UploaderDeps): Uploader {
  return <T>(path: string, body: FormData, options: UploadOptions = {}) =>
    new Promise<T>((resolve, reject) => {
      if (options.signal?.aborted) {
        reject(new DOMException('The upload was cancelled', 'AbortError'));
        return;
      }
      const xhr = deps.createRequest();
      xhr.open('POST', `${deps.baseUrl ?? ''}${path}`);
      xhr.withCredentials = true;
      for (const [name, value] of Object.entries(
        buildHeaders('POST', body, deps.readCookies(), options.headers),
      )) {
        xhr.setRequestHeader(name, value);
      }
      const onAbortSignal = () => xhr.abort();
      options.signal?.addEventListener('abort', onAbortSignal, { once: true });
      const settle = () => options.signal?.removeEventListener('abort', onAbortSignal);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
      };
      xhr.onload = () => {
        settle();
        const data = parseBodyText(xhr.responseText);
        if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
        else reject(new ApiError(errorMessageFrom(data, xhr.statusText), xhr.status, data));
      };
      xhr.onerror = () => {
        settle();
        reject(new ApiError('The upload could not reach the server', 0, null));
      };
      xhr.onabort = () => {
        settle();
        reject(new DOMException('The upload was cancelled', 'AbortError'));
      };
      xhr.send(body);
    });
}

/** The app-wide uploader: same-origin paths, the page's cookies. */
export const upload: Uploader = createUploader({
  createRequest: () => new XMLHttpRequest(),
  readCookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});
