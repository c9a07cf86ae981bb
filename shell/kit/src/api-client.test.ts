import { describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  buildHeaders,
  createApiClient,
  errorMessageFrom,
  readCookie,
  readCsrfCookie,
  userMessage,
} from './api-client';

type FetchArgs = [input: string, init: RequestInit];

function fakeFetch(status: number, body: string, statusText = '') {
  return vi.fn(
    async (_input: string, _init: RequestInit) => new Response(body || null, { status, statusText }),
  );
}

function clientWith(fetchImpl: ReturnType<typeof fakeFetch>, cookies = '') {
  return createApiClient({ fetch: fetchImpl as unknown as typeof fetch, readCookies: () => cookies });
}

function sentInit(fetchImpl: ReturnType<typeof fakeFetch>): RequestInit {
  const call = fetchImpl.mock.calls[0] as FetchArgs | undefined;
  if (!call) throw new Error('fetch was not called');
  return call[1];
}

describe('request headers', () => {
  it('copies csrf_access_token into X-CSRF-TOKEN on a non-GET call', () => {
    const headers = buildHeaders('POST', { a: 1 }, 'theme=dark; csrf_access_token=abc%3D; other=1');
    expect(headers['X-CSRF-TOKEN']).toBe('abc=');
    expect(headers['Content-Type']).toBe('application/json');
  });

  it('sends no CSRF header on GET', () => {
    expect(buildHeaders('GET', undefined, 'csrf_access_token=abc')['X-CSRF-TOKEN']).toBeUndefined();
  });

  it('sends no CSRF header when the cookie is absent', () => {
    expect(buildHeaders('PUT', {}, 'csrf_refresh_token=r')['X-CSRF-TOKEN']).toBeUndefined();
  });

  it('lets an explicit header win (the refresh call sends the refresh token)', () => {
    const headers = buildHeaders('POST', undefined, 'csrf_access_token=a', { 'X-CSRF-TOKEN': 'r' });
    expect(headers['X-CSRF-TOKEN']).toBe('r');
  });

  it('leaves Content-Type to the browser for FormData', () => {
    expect(buildHeaders('POST', new FormData(), '')['Content-Type']).toBeUndefined();
  });

  it('reads the __Host- CSRF cookie of a Secure session first, then the plain name (issue 18 item 13)', () => {
    expect(buildHeaders('POST', {}, '__Host-csrf_access_token=secure; theme=dark')['X-CSRF-TOKEN']).toBe(
      'secure',
    );
    expect(
      readCsrfCookie('csrf_access_token=plain; __Host-csrf_access_token=secure', 'csrf_access_token'),
    ).toBe('secure');
    expect(readCsrfCookie('csrf_refresh_token=plain', 'csrf_refresh_token')).toBe('plain');
    expect(readCsrfCookie('', 'csrf_refresh_token')).toBeUndefined();
  });

  it('reads a cookie by exact name', () => {
    expect(readCookie('xcsrf_access_token=no; csrf_access_token=yes', 'csrf_access_token')).toBe('yes');
    expect(readCookie('', 'csrf_access_token')).toBeUndefined();
  });
});

describe('error message chain', () => {
  it('prefers detail.error', () => {
    expect(errorMessageFrom({ detail: { error: 'A' }, message: 'B', error: 'C' }, 'Bad Request')).toBe('A');
  });

  it('falls back to a string detail', () => {
    expect(errorMessageFrom({ detail: 'A', message: 'B' }, 'Bad Request')).toBe('A');
  });

  it('falls back to message, then error', () => {
    expect(errorMessageFrom({ detail: { other: 1 }, message: 'B', error: 'C' }, 'x')).toBe('B');
    expect(errorMessageFrom({ error: 'C', code: 'c' }, 'x')).toBe('C');
  });

  it('falls back to the status text for a body without a message', () => {
    expect(errorMessageFrom('<html>oops</html>', 'Bad Gateway')).toBe('Bad Gateway');
    expect(errorMessageFrom(null, 'Not Found')).toBe('Not Found');
  });

  it('the user-facing helper prefers detail.error, then the server message, then the default', () => {
    expect(userMessage(new ApiError('x', 400, { detail: { error: 'detail' }, message: 'm' }))).toBe('detail');
    expect(userMessage(new ApiError('x', 400, { message: 'm', error: 'e' }))).toBe('m');
    expect(userMessage(new ApiError('Email taken', 409, { error: 'Email taken', code: 'email_taken' }))).toBe(
      'Email taken',
    );
  });

  it('the user-facing helper never shows a bare status text or network jargon', () => {
    expect(userMessage(new ApiError('Not Found', 404, '<html>'))).toBe('Something went wrong');
    expect(userMessage(new TypeError('Failed to fetch'), 'Could not check email')).toBe(
      'Could not check email',
    );
  });
});

describe('api client', () => {
  it('sends cookies, a JSON body and the CSRF header', async () => {
    const fetchImpl = fakeFetch(200, '{"ok":true}');
    const result = await clientWith(fetchImpl, 'csrf_access_token=t1').post('/api/v1/x', { email: 'a@b.co' });
    const init = sentInit(fetchImpl);
    expect(result).toEqual({ ok: true });
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"email":"a@b.co"}');
    expect((init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('t1');
  });

  it('returns text when the body is not JSON, and null when empty', async () => {
    expect(await clientWith(fakeFetch(200, 'plain')).get('/t')).toBe('plain');
    expect(await clientWith(fakeFetch(204, '')).delete('/t')).toBeNull();
  });

  it('throws an ApiError carrying status, data and the chained message', async () => {
    const fetchImpl = fakeFetch(409, '{"error":"Email already registered","code":"email_taken"}', 'Conflict');
    const error = await clientWith(fetchImpl)
      .post('/api/v1/auth/password/register', {})
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'Email already registered',
      data: { code: 'email_taken' },
    });
  });

  it('uses the status text when the error body is text', async () => {
    const error = await clientWith(fakeFetch(502, 'upstream down', 'Bad Gateway'))
      .get('/t')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Bad Gateway', data: 'upstream down' });
  });
});
