import { API_PATHS, DATABASE_SOURCE_PATHS, sqliteUploadBodyBytes } from '@trove/contracts';
import { type AuthLimits, authLimitDirectives, REGISTER_PATH, SIGN_IN_PREFIXES } from './auth-limits';
import { errorPageDirectives } from './error-pages';
import { securityHeaders, staticFileHeaders } from './security-headers';
import { assertSafe, assertUpstream } from './validate';

// The server's locations: the built site's files, the services behind their upstreams, and the extra
// proxied paths. Each location repeats the security headers, since nginx drops inherited add_header
// lines once a block has its own.

/** One more proxied path, e.g. the bench's `/bench/bare` → a bare Hono server. */
export interface ProxyLocation {
  /** A path prefix starting and ending with `/`, or an exact path (`/bench/bare`). */
  path: string;
  /** `host:port` of each upstream server. */
  upstreams: readonly string[];
}

/** Per client address on /api/v1/uploads: requests a minute and uploads in flight at once. */
export interface UploadLimits {
  requestsPerMinute: number;
  connections: number;
}

/**
 * The search service's default UPLOAD_MAX_REQUEST_BYTES (services/search/src/env.ts): a multipart batch
 * is read into memory, so one request carries at most this much and the Uploads page splits a bigger
 * batch (docs/decisions/010-search-index.md). infra/src/deploy/self-hosting.test.ts checks they agree.
 */
export const DEFAULT_UPLOAD_MAX_BODY_BYTES = 100 * 1024 * 1024;

/** The search service's public prefixes besides uploads (issues 10, 11, 22's destinations, 40's workflows). */
export const SEARCH_SERVICE_PREFIXES = [
  API_PATHS.search,
  API_PATHS.chats,
  API_PATHS.passages,
  API_PATHS.destinations,
  API_PATHS.workflows,
  API_PATHS.documents,
] as const;
export const UPLOADS_PREFIX = API_PATHS.uploads;

/**
 * Per client address on the uploads location (issue 18 item 7): requests a minute (with as many again in a
 * burst) and uploads in flight at once. Generous for a person or an office behind one address sending a
 * large batch in several requests; a script flooding the service with bodies of up to 100 MB is cut off
 * at nginx, before the service reads a byte. The services' own per-user limits still apply behind it.
 */
export const UPLOAD_LIMITS_PER_ADDRESS = { requestsPerMinute: 300, connections: 16 } as const;

const IMMUTABLE = '"public, max-age=31536000, immutable"';
const NO_CACHE = '"no-cache"';

/**
 * The first path segments of the shell's routes that have no prerendered page (shell/src/app/routes.tsx:
 * the signed-in area, and /auth, which redirects): answered with index.html for the app to draw. Any
 * other unknown path is no page at all (docs/decisions/055).
 */
export const APP_ROUTES = [
  'auth',
  'chats',
  'connections',
  'uploads',
  'profile',
  'search',
  'documents',
  'workflows',
] as const;

/** The built site: the shell, its landing page, hashed assets and the remotes' builds. */
export function shellLocations(csp: string): string {
  const h = (indent: string) => securityHeaders(csp, indent);
  // Inside \`location /\` its own 404 replaces the server's, so the other codes are named again there.
  const pageErrors = errorPageDirectives('text', '      ')
    .split('\n')
    .filter((line) => !line.includes('error_page 404 '))
    .join('\n');
  return `    # A public page is answered by its prerendered document (pages/<route>.html, written at build time:
    # docs/decisions/049, 055): the shell's index.html with the page drawn in it and its own title,
    # description, canonical URL and share tags. The app's own routes get the plain index.html.
    location ~ ^/(${APP_ROUTES.join('|')})(/|$) {
      try_files /pages$uri.html /index.html;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # Browsers ask for /favicon.ico on any page that names no icon (a service's own HTML page, a PDF shown
    # inline): the site's icon answers, not the not-found page.
    location = /favicon.ico {
      try_files /favicon.svg =404;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # Any other path is a file, a public page, or no page: the prerendered not-found page, as a 404.
    location / {
      try_files $uri /pages$uri.html =404;
      error_page 404 /pages/404.html;
${pageErrors}
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # The landing page: the same shell page with \`/\` prerendered at build time, so its first paint does
    # not wait for the app's code (docs/decisions/008). Every other path keeps the plain index.html.
    location = / {
      try_files /landing.html /index.html;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # Crawlers' files (docs/decisions/049). Exact files or a plain 404: never the app's HTML, which a
    # crawler would read as a robots.txt or sitemap full of errors.
    location = /robots.txt {
      types { }
      default_type text/plain;
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    location = /sitemap.xml {
      types { }
      default_type application/xml;
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # The page files are the answers to their routes, not addresses of their own.
    location ^~ /pages/ {
      internal;
      add_header Cache-Control ${NO_CACHE} always;
${h('      ')}
    }

    location = /index.html {
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # Shell assets carry a content hash in their names, so they never change.
    location ^~ /assets/ {
      try_files $uri =404;
      add_header Cache-Control ${IMMUTABLE};
${staticFileHeaders('      ')}
    }

    # Remote builds, one immutable folder per version. No SPA fallback: a missing chunk must be a
    # plain 404, or the federation runtime would try to run index.html as JavaScript.
    location ^~ /remotes/ {
      try_files $uri =404;
      add_header Cache-Control ${IMMUTABLE};
      # Static and public: another origin's shell may load these.
      add_header Access-Control-Allow-Origin "*";
${staticFileHeaders('      ')}

      # The entry points keep their names across builds, so they are revalidated.
      location ~ /(mf-manifest\\.json|remoteEntry\\.js)$ {
        try_files $uri =404;
        add_header Cache-Control ${NO_CACHE};
        add_header Access-Control-Allow-Origin "*";
${staticFileHeaders('        ')}
      }
    }`;
}

export function runtimeConfigLocation(csp: string): string {
  return `    # Runtime config: changes on each deploy without a rebuild, so always revalidated.
    location ^~ /config/ {
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${securityHeaders(csp, '      ')}
${errorPageDirectives('json', '      ')}
    }`;
}

export function securityPdfLocation(csp: string): string {
  return `    location = /security.pdf {
      types { }
      default_type application/pdf;
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${securityHeaders(csp, '      ')}
    }`;
}

/** An upstream of one or more service instances. */
export function upstreamBlock(name: string, servers: readonly string[]): string {
  if (servers.length === 0) throw new Error(`Upstream ${name} needs at least one server`);
  for (const server of servers) assertUpstream(server);
  return `  upstream ${name} {
${servers.map((server) => `    server ${server};`).join('\n')}
    # Reused connections to the services: no TCP handshake per request. Idle ones are dropped well
    # before the services' own keep-alive timeout (65 s), so nginx never writes to a socket the service
    # is closing at that moment.
    keepalive 32;
    keepalive_timeout 30s;
  }`;
}

interface ProxyLocationExtras {
  /** Directives added to the location, already indented. */
  directives?: string;
  /** Error codes answered by another named location. */
  errorPages?: Readonly<Record<number, string>>;
  /** How long the service may be silent before nginx gives up. Default 60. */
  readTimeoutSeconds?: number;
}

function proxyLocation(
  match: string,
  upstream: string,
  csp: string,
  extras: ProxyLocationExtras = {},
): string {
  return `    location ${match} {
      proxy_pass http://${upstream};${extras.directives ? `\n${extras.directives}` : ''}
      # HTTP/1.1 with an empty Connection header is what lets the upstream keepalive pool work.
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-Host $trove_forwarded_host;
      proxy_set_header X-Request-Id $trove_request_id;
      # Replaced, not appended to: a client's own X-Forwarded-For never reaches a service (issue 18 item 5).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Real-IP $remote_addr;
      proxy_set_header X-Forwarded-Proto $trove_forwarded_proto;
      # Retried on the next instance only for idempotent requests: nginx never resends a POST/PATCH
      # unless told to (non_idempotent), so a write is never applied twice.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout ${extras.readTimeoutSeconds ?? 60}s;
      # The services echo the id they were sent; ours (the same value) is added below for every
      # response, including nginx's own 502, so hide theirs to send it once.
      proxy_hide_header X-Request-Id;
      # API answers are per-user: never stored unless the service says otherwise.
      add_header Cache-Control $trove_api_cache_control always;
${securityHeaders(csp, '      ')}
${errorPageDirectives('json', '      ', extras.errorPages)}
    }`;
}

/** A prefix and its exact path: `GET /api/v1/search?q=` and `POST /api/v1/uploads` have no trailing slash. */
function prefixLocations(
  prefix: string,
  upstream: string,
  csp: string,
  extras?: ProxyLocationExtras,
): string {
  return [
    proxyLocation(`= ${prefix}`, upstream, csp, extras),
    proxyLocation(`^~ ${prefix}/`, upstream, csp, extras),
  ].join('\n\n');
}

/** The zones the uploads location counts in, keyed by the client address ($binary_remote_addr). */
export function uploadLimitZones(perMinute: number): string {
  return `  limit_req_zone $binary_remote_addr zone=trove_uploads_rate:10m rate=${perMinute}r/m;
  limit_conn_zone $binary_remote_addr zone=trove_uploads_conn:10m;
`;
}

function uploadsLocations(csp: string, maxBytes: number, limits: UploadLimits): string {
  return prefixLocations(UPLOADS_PREFIX, 'trove_search', csp, {
    directives: `      # Per client address: a burst as large as a minute's allowance, then the rate; uploads at once.
      # Past either, the JSON 429 (the error envelope) — issue 18 item 7.
      limit_req zone=trove_uploads_rate burst=${limits.requestsPerMinute} nodelay;
      limit_conn trove_uploads_conn ${limits.connections};
      limit_req_status 429;
      limit_conn_status 429;
      # Up to UPLOAD_MAX_REQUEST_BYTES a request (several files of up to 25 MB each); more is nginx's
      # own 413 with a message, before a byte reaches the service.
      client_max_body_size ${maxBytes};
      # Streamed to the service as it arrives rather than spooled to a temp file first: the browser's
      # upload progress then tracks what the service has received, nginx keeps no upload on its disk
      # (the web container stays stateless), and the service starts reading at once.
      proxy_request_buffering off;
      client_body_buffer_size 128k;`,
    errorPages: { 413: 'uploads_413' },
    // The answer comes once the whole batch is stored with its jobs, up to 100 MB in one transaction.
    readTimeoutSeconds: 120,
  });
}

/** The auth calls made without a session, each counted per client network (docs/decisions/096). */
function authLimitedLocations(csp: string, limits: AuthLimits): string {
  const register = proxyLocation(`= ${REGISTER_PATH}`, 'trove_auth', csp, {
    directives: authLimitDirectives('trove_register', limits.registerBurst),
  });
  const signIn = SIGN_IN_PREFIXES.map((prefix) =>
    proxyLocation(`^~ ${prefix}`, 'trove_auth', csp, {
      directives: authLimitDirectives('trove_sign_in', limits.signInBurst),
    }),
  );
  return [register, ...signIn].join('\n\n');
}

/**
 * A SQLite file's upload (POST /api/v1/sources/files): up to `maxBytes` (contracts' sqliteUploadBodyBytes of the
 * sources service's SOURCE_SQLITE_MAX_BYTES, the same cap its route applies), streamed to the service as it
 * arrives. Past it, nginx's own 413 with the route's words, before a byte reaches the service.
 */
function sourceFileLocation(csp: string, maxBytes: number): string {
  return proxyLocation(`= ${DATABASE_SOURCE_PATHS.files}`, 'trove_sources', csp, {
    directives: `      client_max_body_size ${maxBytes};
      proxy_request_buffering off;
      client_body_buffer_size 128k;`,
    errorPages: { 413: 'source_files_413' },
    readTimeoutSeconds: 120,
  });
}

/** The services' public API: auth, profile, the search service with its uploads, and sources. */
export function serviceLocations(
  csp: string,
  uploadMaxBodyBytes: number,
  uploadLimits: UploadLimits,
  authLimits: AuthLimits,
  sourceFileMaxBodyBytes: number = sqliteUploadBodyBytes(),
): string {
  return `${proxyLocation(`^~ ${API_PATHS.auth}/`, 'trove_auth', csp)}

${authLimitedLocations(csp, authLimits)}

${proxyLocation(`^~ ${API_PATHS.profile}/`, 'trove_profile', csp)}

    # docs/product/api.md#profile-calls PUT /api/v1/profile has no trailing slash, so the prefix above does not match it.
${proxyLocation(`= ${API_PATHS.profile}`, 'trove_profile', csp)}

    # The search service (issues 10, 11 and 22): search, chats, passages and destinations take small JSON bodies.
${SEARCH_SERVICE_PREFIXES.map((prefix) => prefixLocations(prefix, 'trove_search', csp)).join('\n\n')}

    # The sources service (issue 34 item 1, docs/decisions/170-sources-service.md): connections and their syncs.
${prefixLocations(API_PATHS.sources, 'trove_sources', csp)}

${sourceFileLocation(csp, sourceFileMaxBodyBytes)}

${uploadsLocations(csp, uploadMaxBodyBytes, uploadLimits)}`;
}

export function apiNotFoundLocation(csp: string): string {
  return `    # Any other API path: a JSON 404, never the SPA page.
    location ^~ /api/ {
${securityHeaders(csp, '      ')}
${errorPageDirectives('json', '      ')}
      return 404;
    }`;
}

function locationMatch(path: string): string {
  if (!path.startsWith('/')) throw new Error(`Location path must start with /: ${path}`);
  assertSafe('location path', path);
  return path.endsWith('/') ? `^~ ${path}` : `= ${path}`;
}

/** The upstream an extra location proxies to, named after its path so each gets its own. */
function upstreamName(path: string): string {
  return `trove_extra_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

export function extraUpstreamBlocks(extraLocations: readonly ProxyLocation[]): string[] {
  return extraLocations.map((location) => upstreamBlock(upstreamName(location.path), location.upstreams));
}

export function extraLocationBlocks(extraLocations: readonly ProxyLocation[], csp: string): string[] {
  return extraLocations.map((location) =>
    proxyLocation(locationMatch(location.path), upstreamName(location.path), csp),
  );
}
