// Every name on the wire in one place (issue 20): where each resource is served, the cookies and headers a
// session travels in, and the codes of the error envelope. The services mount their routes here, nginx
// routes and answers with these, and the kit and the remotes call them; none of them spells one itself.

/** The version every public path starts with. */
export const API_PREFIX = '/api/v1';

/** Where each resource is served (the services mount their sub-apps here; nginx routes by them). */
export const API_PATHS = {
  auth: `${API_PREFIX}/auth`,
  profile: `${API_PREFIX}/profile`,
  search: `${API_PREFIX}/search`,
  uploads: `${API_PREFIX}/uploads`,
  chats: `${API_PREFIX}/chats`,
  passages: `${API_PREFIX}/passages`,
  sources: `${API_PREFIX}/sources`,
  destinations: `${API_PREFIX}/destinations`,
  workflows: `${API_PREFIX}/workflows`,
  /** One document as a whole (issue 38 item 1). */
  documents: `${API_PREFIX}/documents`,
} as const;

/** The flask-jwt-extended cookie convention (docs/architecture.md#sessions; docs/product/api.md#cookies cookie names). */
export const ACCESS_COOKIE = 'access_token_cookie';
export const REFRESH_COOKIE = 'refresh_token_cookie';
export const CSRF_ACCESS_COOKIE = 'csrf_access_token';
export const CSRF_REFRESH_COOKIE = 'csrf_refresh_token';
/**
 * The readable CSRF cookies' names when the session cookies are Secure (issue 18 item 13): the `__Host-`
 * prefix makes the browser refuse one set without Secure, with a Domain, or on another path, so a
 * sibling subdomain or a plain-http page cannot plant a value of its own. Over plain http (local runs)
 * the names stay as docs/product/shell.md#constants has them; readers take whichever exists, the prefixed one first.
 */
export const SECURE_COOKIE_PREFIX = '__Host-';
export const csrfCookieName = (
  name: typeof CSRF_ACCESS_COOKIE | typeof CSRF_REFRESH_COOKIE,
  secure: boolean,
) => (secure ? `${SECURE_COOKIE_PREFIX}${name}` : name);
/**
 * The signed "known device" cookie a sign-in leaves (issue 18 item 4): the account-wide login slow-down
 * never applies to a browser that holds one for the account. HttpOnly, sent only to the login route.
 */
export const KNOWN_DEVICE_COOKIE = 'trove_known_device';
export const KNOWN_DEVICE_PATH = `${API_PATHS.auth}/password/login`;
export const CSRF_HEADER = 'X-CSRF-TOKEN';

/**
 * The generic codes of the error envelope (`{ error, code }`), one per HTTP status, for an answer that has no
 * more precise code of its own: what the services' error handler and nginx's own error pages send alike.
 * A route with something more to say uses a code of its own (`csrf_failed`, `email_taken`, …), defined
 * beside its payload.
 */
export const ERROR_CODE_BY_STATUS = {
  400: 'invalid_request',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  408: 'request_timeout',
  409: 'conflict',
  410: 'gone',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  500: 'internal',
  // A service that is down or restarting (nginx's 502) and one that says it cannot answer now (503) mean
  // the same to a client: try again shortly.
  502: 'unavailable',
  503: 'unavailable',
  504: 'timeout',
} as const satisfies Record<number, string>;
export type ErrorStatus = keyof typeof ERROR_CODE_BY_STATUS;
export type GenericErrorCode = (typeof ERROR_CODE_BY_STATUS)[ErrorStatus];

/** The body was not JSON though it said so (a 400 with its own code: the request, not a field, is wrong). */
export const MALFORMED_JSON_CODE = 'malformed_json';
/** /readyz while the database does not answer (a 503 for load balancers, not for people). */
export const NOT_READY_CODE = 'not_ready';
