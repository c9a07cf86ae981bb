import { existsSync } from 'node:fs';
import { isAbsolute } from 'node:path';

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const DEFAULT_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/** One more proxied path, e.g. the bench's `/bench/bare` → a bare Hono server. */
export interface ProxyLocation {
  /** A path prefix starting and ending with `/`, or an exact path (`/bench/bare`). */
  path: string;
  /** `host:port` of each upstream server. */
  upstreams: readonly string[];
}

export interface ProxySettings {
  httpPort: number;
  /** Address nginx listens on. Default `127.0.0.1`: a local stack should not be reachable from the network. */
  listenHost?: string;
  /** Absolute path of the built site (`dist/www`). */
  wwwRoot: string;
  /**
   * Absolute path of nginx's runtime folder (prefix): pid file and temp folders live here. Nothing
   * in it outlives a run, so it can be wiped before each start.
   */
  runtimeDir: string;
  /** Absolute folder for `nginx-access.log` / `nginx-error.log`. Default: `<runtimeDir>/logs`. */
  logDir?: string;
  /** `host:port` of each auth service instance. */
  authUpstreams: readonly string[];
  /** `host:port` of each profile service instance. */
  profileUpstreams: readonly string[];
  /** `host:port` of each search service instance (uploads, search, chats, passages). */
  searchUpstreams: readonly string[];
  /**
   * Largest request body on /api/v1/uploads, in bytes: the search service's UPLOAD_MAX_REQUEST_BYTES, so
   * nginx and the service refuse the same request. Default {@link DEFAULT_UPLOAD_MAX_BODY_BYTES}.
   */
  uploadMaxBodyBytes?: number;
  /** Per client address on /api/v1/uploads (default UPLOAD_LIMITS_PER_ADDRESS). */
  uploadLimits?: { requestsPerMinute: number; connections: number };
  /** Extra origins (`https://cdn.example.com`) allowed to serve remotes: added to the CSP. */
  remoteOrigins?: readonly string[];
  /** More proxied paths (the bench's bare baseline). */
  extraLocations?: readonly ProxyLocation[];
  /** Serve precompressed `.br` files. Default true; ignored when the module file is missing. */
  brotli?: boolean;
  brotliModulePath?: string;
  /** Default 1: one worker is plenty locally; the bench may want `auto`. */
  workerProcesses?: number | 'auto';
  /**
   * `user` directive for the worker processes. Only meaningful when nginx starts as root (it is
   * ignored with a warning otherwise), so leave it unset unless running as root. See `defaultWorkerUser`.
   */
  workerUser?: string;
  /** Write an access log. Default true; the bench turns it off. */
  accessLog?: boolean;
  /**
   * The landing page's A/B rollout (docs/decisions/009-deploy-story.md): when set, each visitor gets a
   * random id in a cookie and is assigned variant B with this probability, and `/config/remotes.json`
   * answers with `remotes.b.json` for B. The split lives in `<runtimeDir>/ab-split.conf` (see
   * {@link renderAbSplit}), so new weights need only that file and a reload.
   */
  abTest?: { weightB: number };
  /**
   * Addresses or CIDR ranges of a proxy in front of this nginx (a customer's TLS terminator): only from
   * them are `X-Forwarded-Proto` and `X-Forwarded-Host` passed on to the services, so session cookies
   * get `Secure` behind https and nobody else can claim it. Default: none (nginx's own scheme and host).
   */
  frontProxies?: readonly string[];
}

function assertAddressRange(value: string): void {
  // IPv4 or IPv6, optionally /bits: what nginx's geo block takes.
  if (!/^(?:\d{1,3}(?:\.\d{1,3}){3}(?:\/\d{1,2})?|[0-9A-Fa-f:]+:[0-9A-Fa-f:.]*(?:\/\d{1,3})?)$/.test(value)) {
    throw new Error(`Invalid front proxy address (want an IP or CIDR range): ${JSON.stringify(value)}`);
  }
}

/** Which scheme and host the services are told the browser used (docs/decisions/009, "Self-hosting"). */
function forwardedBlock(frontProxies: readonly string[]): string {
  return `
  # A trusted proxy in front (FRONT_PROXIES) terminates TLS: its X-Forwarded-Proto/-Host are passed on.
  # Anyone else's are replaced by what this nginx saw. The address is the peer's own ($realip_remote_addr),
  # not the client address realip may have taken from X-Forwarded-For.
  geo $realip_remote_addr $trove_front_proxy {
    default 0;${frontProxies.map((range) => `\n    ${range} 1;`).join('')}
  }
  map "$trove_front_proxy:$http_x_forwarded_proto" $trove_forwarded_proto {
    "~^1:(?<forwarded_proto>https?)$" $forwarded_proto;
    default $scheme;
  }
  map "$trove_front_proxy:$http_x_forwarded_host" $trove_forwarded_host {
    "~^1:(?<forwarded_host>[A-Za-z0-9.:-]+)$" $forwarded_host;
    default $http_host;
  }
  # HSTS only for a browser that came over https (a front proxy's, or this nginx's own TLS): sent over
  # plain http it would be ignored at best and pin a half-set-up host at worst.
  map $trove_forwarded_proto $trove_hsts {
    https "max-age=31536000; includeSubDomains";
    default "";
  }
${realIpBlock(frontProxies)}`;
}

/**
 * The client address the services see (issue 18 item 5). nginx sends them X-Forwarded-For set to
 * $remote_addr alone, never a client's own header appended to; behind a front proxy in FRONT_PROXIES,
 * realip first takes the client address from that proxy's X-Forwarded-For (the right-most address that is
 * not itself a trusted proxy), so each client keeps its own rate-limit key and nobody can pick theirs.
 */
function realIpBlock(frontProxies: readonly string[]): string {
  if (frontProxies.length === 0) return '';
  return `  # The client address from the front proxies' X-Forwarded-For (and from nobody else's).
${frontProxies.map((range) => `  set_real_ip_from ${range};`).join('\n')}
  real_ip_header X-Forwarded-For;
  real_ip_recursive on;
`;
}

/**
 * The search service's default UPLOAD_MAX_REQUEST_BYTES (services/search/src/env.ts): a multipart batch
 * is read into memory, so one request carries at most this much and the Uploads page splits a bigger
 * batch (docs/decisions/010-search-index.md). infra/src/deploy/self-hosting.test.ts checks they agree.
 */
export const DEFAULT_UPLOAD_MAX_BODY_BYTES = 100 * 1024 * 1024;

/** The search service's public prefixes besides uploads (issues 10 and 11). */
export const SEARCH_SERVICE_PREFIXES = ['/api/v1/search', '/api/v1/chats', '/api/v1/passages'] as const;
export const UPLOADS_PREFIX = '/api/v1/uploads';

/** The visitor-id cookie (random, no personal data) and the QA override cookie. */
export const VISITOR_COOKIE = 'trove_vid';
export const VARIANT_COOKIE = 'trove_variant';

/** Checks a B weight: a percentage from 0 to 100 with at most two decimals. */
export function assertAbWeight(weightB: number): void {
  if (!(weightB >= 0 && weightB <= 100) || Math.round(weightB * 100) !== weightB * 100) {
    throw new Error(`Invalid A/B weight for B (want a percentage from 0 to 100): ${weightB}`);
  }
}

/**
 * The split itself, included from nginx.conf: \`$trove_split\` is \`b\` for \`weightB\` percent of visitor
 * ids (MurmurHash2 of the id, so a returning visitor always lands in the same bucket) and \`a\` otherwise.
 */
export function renderAbSplit(weightB: number): string {
  assertAbWeight(weightB);
  // split_clients refuses a 0% line, so the ends of the range are a single catch-all.
  const lines =
    weightB === 0 ? ['    * a;'] : weightB === 100 ? ['    * b;'] : [`    ${weightB}% b;`, '    * a;'];
  return `# Rendered by proxy/src/render-config.ts (renderAbSplit): B gets ${weightB}% of new visitors.
split_clients "\${trove_visitor}" $trove_split {
${lines.join('\n')}
}
`;
}

/** The http-level maps of the A/B rollout: visitor id, its cookie, the QA override. */
function abTestBlock(runtimeDir: string): string {
  return `
  # A/B rollout of the landing page (docs/decisions/009-deploy-story.md). A visitor is the random id in
  # the ${VISITOR_COOKIE} cookie; a first visit uses this request's id and the answer sets the cookie.
  map $cookie_${VISITOR_COOKIE} $trove_visitor {
    "~^[0-9a-f]{32}$" $cookie_${VISITOR_COOKIE};
    default $request_id;
  }
  map $cookie_${VISITOR_COOKIE} $trove_visitor_cookie {
    "~^[0-9a-f]{32}$" "";
    default "${VISITOR_COOKIE}=$request_id; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly";
  }
  include ${runtimeDir}/ab-split.conf;
  # QA forces a variant with ?variant=a|b, else a ${VARIANT_COOKIE}=a|b cookie; everyone else gets the split.
  map $arg_variant $trove_variant_arg {
    a a;
    b b;
    default "";
  }
  map $cookie_${VARIANT_COOKIE} $trove_variant_cookie {
    a a;
    b b;
    default "";
  }
  map "$trove_variant_arg$trove_variant_cookie" $trove_variant {
    "~^(?<forced>[ab])" $forced;
    default $trove_split;
  }
`;
}

/** The runtime map per variant: B's file when it exists, else everyone's. */
function abTestLocation(csp: string): string {
  return `    location = /config/remotes.json {
      try_files /config/remotes.$trove_variant.json /config/remotes.json =404;
      # Per visitor: a shared cache must not hand one visitor's variant to another.
      add_header Cache-Control "private, no-cache";
      add_header Vary Cookie;
      add_header X-Trove-Variant $trove_variant always;
      # Empty (so not sent) once the visitor has the cookie.
      add_header Set-Cookie $trove_visitor_cookie;
${securityHeaders(csp, '      ')}
${errorPageDirectives('json', '      ')}
    }
`;
}

/** Error codes nginx itself may produce, each answered by a small non-HTML body. */
const ERROR_CODES: ReadonlyArray<readonly [number, string, string]> = [
  [400, 'Bad request', 'bad_request'],
  [403, 'Forbidden', 'forbidden'],
  [404, 'Not found', 'not_found'],
  [405, 'Method not allowed', 'method_not_allowed'],
  [408, 'Request timeout', 'request_timeout'],
  [413, 'Request body too large', 'payload_too_large'],
  [414, 'URI too long', 'uri_too_long'],
  [429, 'Too many requests', 'rate_limited'],
  [500, 'Internal server error', 'internal_error'],
  [502, 'Service unavailable', 'bad_gateway'],
  [503, 'Service unavailable', 'service_unavailable'],
  [504, 'Service timed out', 'gateway_timeout'],
];

const IMMUTABLE = '"public, max-age=31536000, immutable"';
const NO_CACHE = '"no-cache"';

// Values end up inside nginx directives; anything that could close a directive or a block is refused
// rather than escaped, because none of these settings has a legitimate reason to contain it.
const UNSAFE = /[\s;{}"'`$\\#]/;

function assertSafe(what: string, value: string): void {
  if (value === '' || UNSAFE.test(value))
    throw new Error(`Invalid ${what} for the nginx config: ${JSON.stringify(value)}`);
}

function assertPath(what: string, value: string): void {
  if (!isAbsolute(value)) throw new Error(`${what} must be an absolute path: ${value}`);
  assertSafe(what, value);
}

function assertUpstream(value: string): void {
  // host:port, [v6]:port or unix:/path — what nginx's `server` accepts, minus anything exotic.
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d{1,5}$/.test(value) && !/^unix:\/[\w./-]+$/.test(value)) {
    throw new Error(`Invalid upstream (want host:port): ${JSON.stringify(value)}`);
  }
}

function assertOrigin(value: string): void {
  // scheme://host[:port], with an optional leading `*.` wildcard as CSP allows.
  if (
    !/^https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?$/.test(value) &&
    !/^https?:\/\/\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/.test(value)
  ) {
    throw new Error(`Invalid remote origin (want scheme://host[:port]): ${JSON.stringify(value)}`);
  }
}

function assertPort(what: string, value: number): void {
  if (!Number.isInteger(value) || value < 1 || value > 65_535) throw new Error(`Invalid ${what}: ${value}`);
}

/** The Content-Security-Policy value: scripts only from us and the configured remote origins. */
export function contentSecurityPolicy(remoteOrigins: readonly string[] = []): string {
  // Remotes hosted on another origin load their scripts, style chunks, images, fonts and manifest
  // (a fetch) from there, so the origins go into each of those directives — never 'unsafe-inline'
  // for scripts: every script the app runs is a file.
  const extra = remoteOrigins.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self'${extra}`,
    `style-src 'self' 'unsafe-inline'${extra}`,
    `img-src 'self' data:${extra}`,
    `connect-src 'self'${extra}`,
    `font-src 'self' data:${extra}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Lines added to every location: nginx drops inherited add_header lines once a block has its own. */
function securityHeaders(csp: string, indent: string): string {
  return [
    `add_header Content-Security-Policy "${csp}" always;`,
    'add_header X-Content-Type-Options "nosniff" always;',
    'add_header Referrer-Policy "strict-origin-when-cross-origin" always;',
    'add_header X-Frame-Options "DENY" always;',
    'add_header Permissions-Policy "camera=(), microphone=(), geolocation=(), payment=(), usb=()" always;',
    'add_header X-Request-Id $trove_request_id always;',
    // Empty over http, so nginx leaves it out (issue 18 item 13: HSTS only when the browser came over https).
    'add_header Strict-Transport-Security $trove_hsts always;',
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

type ErrorFlavour = 'json' | 'text';

/** `overrides` sends a code to another named location (nginx uses the first error_page naming a code). */
function errorPageDirectives(
  flavour: ErrorFlavour,
  indent: string,
  overrides: Readonly<Record<number, string>> = {},
): string {
  return ERROR_CODES.map(
    ([code]) => `${indent}error_page ${code} @${overrides[code] ?? `${flavour}_${code}`};`,
  ).join('\n');
}

/** Bytes as a person reads a limit: whole MB, else whole KB. */
function readableBytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.floor(mb)} MB` : `${Math.floor(bytes / 1024)} KB`;
}

/** nginx's own 413 on /api/v1/uploads: the error envelope with a message that says what to do. */
function uploadTooLargeLocation(csp: string, maxBytes: number): string {
  const message = `Upload too large: one request may carry at most ${readableBytes(maxBytes)}. Send a large batch in several requests.`;
  return `    location @uploads_413 {
      default_type application/json;
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return 413 '{"error":"${message}","code":"payload_too_large"}\\n';
    }`;
}

function errorLocations(csp: string): string {
  const blocks: string[] = [];
  for (const [code, message, machineCode] of ERROR_CODES) {
    // Named locations cannot be requested from outside; `return` gives the status its own small body.
    blocks.push(`    location @json_${code} {
      default_type application/json;
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return ${code} '{"error":"${message}","code":"${machineCode}"}\\n';
    }`);
    blocks.push(`    location @text_${code} {
      default_type "text/plain; charset=utf-8";
${securityHeaders(csp, '      ')}
      add_header Cache-Control "no-store" always;
      return ${code} '${message}\\n';
    }`);
  }
  return blocks.join('\n\n');
}

function upstreamBlock(name: string, servers: readonly string[]): string {
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

/**
 * Per client address on the uploads location (issue 18 item 7): requests a minute (with as many again in a
 * burst) and uploads in flight at once. Generous for a person or an office behind one address sending a
 * large batch in several requests; a script flooding the service with bodies of up to 100 MB is cut off
 * at nginx, before the service reads a byte. The services' own per-user limits still apply behind it.
 */
export const UPLOAD_LIMITS_PER_ADDRESS = { requestsPerMinute: 300, connections: 16 } as const;

/** The zones the uploads location counts in, keyed by the client address ($binary_remote_addr). */
function uploadLimitZones(perMinute: number): string {
  return `  limit_req_zone $binary_remote_addr zone=trove_uploads_rate:10m rate=${perMinute}r/m;
  limit_conn_zone $binary_remote_addr zone=trove_uploads_conn:10m;
`;
}

function uploadsLocations(
  csp: string,
  maxBytes: number,
  limits: { requestsPerMinute: number; connections: number },
): string {
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

function locationMatch(path: string): string {
  if (!path.startsWith('/')) throw new Error(`Location path must start with /: ${path}`);
  assertSafe('location path', path);
  return path.endsWith('/') ? `^~ ${path}` : `= ${path}`;
}

function upstreamName(path: string): string {
  return `trove_extra_${path.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '')}`;
}

/** The whole nginx.conf for the given settings. */
export function renderNginxConfig(settings: ProxySettings): string {
  const {
    httpPort,
    listenHost = '127.0.0.1',
    wwwRoot,
    runtimeDir,
    logDir = `${runtimeDir}/logs`,
    authUpstreams,
    profileUpstreams,
    searchUpstreams,
    uploadMaxBodyBytes = DEFAULT_UPLOAD_MAX_BODY_BYTES,
    uploadLimits = UPLOAD_LIMITS_PER_ADDRESS,
    remoteOrigins = [],
    extraLocations = [],
    brotli = true,
    brotliModulePath = DEFAULT_BROTLI_MODULE,
    workerProcesses = 1,
    workerUser,
    accessLog = true,
    abTest,
    frontProxies = [],
  } = settings;

  assertPort('httpPort', httpPort);
  if (!Number.isInteger(uploadMaxBodyBytes) || uploadMaxBodyBytes < 1) {
    throw new Error(`Invalid uploadMaxBodyBytes: ${uploadMaxBodyBytes}`);
  }
  for (const [name, value] of Object.entries(uploadLimits)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid uploadLimits.${name}: ${value}`);
  }
  assertSafe('listenHost', listenHost);
  assertPath('wwwRoot', wwwRoot);
  assertPath('runtimeDir', runtimeDir);
  assertPath('logDir', logDir);
  for (const origin of remoteOrigins) assertOrigin(origin);
  if (workerUser !== undefined && !/^[a-z_][a-z0-9_-]*(?: [a-z_][a-z0-9_-]*)?$/.test(workerUser)) {
    throw new Error(`Invalid worker user: ${workerUser}`);
  }
  if (workerProcesses !== 'auto' && (!Number.isInteger(workerProcesses) || workerProcesses < 1)) {
    throw new Error(`Invalid workerProcesses: ${workerProcesses}`);
  }
  if (abTest !== undefined) assertAbWeight(abTest.weightB);
  for (const range of frontProxies) assertAddressRange(range);
  const useBrotli = brotli && existsSync(brotliModulePath);
  if (useBrotli) assertPath('brotliModulePath', brotliModulePath);

  const csp = contentSecurityPolicy(remoteOrigins);
  const listen = listenHost.includes(':')
    ? `[${listenHost.replace(/^\[|\]$/g, '')}]:${httpPort}`
    : `${listenHost}:${httpPort}`;
  const www = wwwRoot.replace(/\/$/, '');
  const h = (indent: string) => securityHeaders(csp, indent);

  const extraUpstreams = extraLocations.map((location) =>
    upstreamBlock(upstreamName(location.path), location.upstreams),
  );
  const extraBlocks = extraLocations.map((location) =>
    proxyLocation(locationMatch(location.path), upstreamName(location.path), csp),
  );

  return `# Rendered by proxy/src/render-config.ts — do not edit; change the settings or the renderer.
# Run with: nginx -p <runtimeDir> -c <this file> -e <logDir>/nginx-error.log -g 'daemon off;'
${useBrotli ? `load_module ${brotliModulePath};\n` : ''}${workerUser ? `# nginx starts as root here; workers drop to this user (see defaultWorkerUser).\nuser ${workerUser};\n` : ''}worker_processes ${workerProcesses};
pid ${runtimeDir}/nginx.pid;
error_log ${logDir}/nginx-error.log warn;

events {
  worker_connections 4096;
}

http {
  # Our own type map instead of /etc/nginx/mime.types: the config works with any nginx install.
  types {
    text/html html;
    text/css css;
    text/javascript js mjs;
    application/json json map;
    application/manifest+json webmanifest;
    image/svg+xml svg;
    image/png png;
    image/jpeg jpg jpeg;
    image/gif gif;
    image/webp webp;
    image/avif avif;
    image/x-icon ico;
    font/woff woff;
    font/woff2 woff2;
    application/pdf pdf;
    text/plain txt;
    application/xml xml;
    application/wasm wasm;
  }
  default_type application/octet-stream;
  charset utf-8;
  charset_types text/css text/plain text/javascript application/json application/manifest+json image/svg+xml application/xml;

  # Temp files in our runtime folder, so nginx needs no system paths and no root.
  client_body_temp_path ${runtimeDir}/tmp/client_body;
  proxy_temp_path ${runtimeDir}/tmp/proxy;
  fastcgi_temp_path ${runtimeDir}/tmp/fastcgi;
  uwsgi_temp_path ${runtimeDir}/tmp/uwsgi;
  scgi_temp_path ${runtimeDir}/tmp/scgi;

  # One JSON object per line (docs/decisions/009-deploy-story.md, "Observability"); reqId is the id the
  # services log for the same request, so a line here finds its lines there.
  log_format trove escape=json '{"time":"$time_iso8601","reqId":"$trove_request_id","remote":"$remote_addr",'
                   '"method":"$request_method","uri":"$request_uri","status":$status,"bytes":$body_bytes_sent,'
                   '"seconds":$request_time,"upstream":"$upstream_addr","upstreamSeconds":"$upstream_response_time",'
                   '"referer":"$http_referer","userAgent":"$http_user_agent"}';
  access_log ${accessLog ? `${logDir}/nginx-access.log trove` : 'off'};

  sendfile on;
  tcp_nopush on;
  keepalive_timeout 65s;
  server_tokens off;
  # Redirects nginx makes itself stay relative, so they work behind any host name or port mapping.
  absolute_redirect off;
  client_max_body_size 1m;

  gzip on;
  gzip_vary on;
  gzip_proxied any;
  gzip_comp_level 5;
  gzip_min_length 1024;
  gzip_types text/css text/javascript application/javascript application/json application/manifest+json
             image/svg+xml application/xml text/xml text/plain;
  # Precompressed siblings (file.js.gz, file.js.br) are sent as they are when present.
  gzip_static on;
${useBrotli ? '  brotli_static on;\n' : ''}
  # The request id sent to the services and back to the client: the caller's when it looks like an
  # id (a trusted hop may have set it), else nginx's own. Anything else could forge log lines.
  map $http_x_request_id $trove_request_id {
    default $request_id;
    "~^[A-Za-z0-9._:-]{8,128}$" $http_x_request_id;
  }

  # A service that sets its own Cache-Control keeps it; otherwise API answers are no-store.
  map $upstream_http_cache_control $trove_api_cache_control {
    "" "no-store";
    default "";
  }
${forwardedBlock(frontProxies)}${uploadLimitZones(uploadLimits.requestsPerMinute)}${abTest === undefined ? '' : abTestBlock(runtimeDir)}
${upstreamBlock('trove_auth', authUpstreams)}

${upstreamBlock('trove_profile', profileUpstreams)}

${upstreamBlock('trove_search', searchUpstreams)}
${extraUpstreams.map((block) => `\n${block}\n`).join('')}
  server {
    listen ${listen};
    server_name _;
    root ${www};
    index index.html;

${h('    ')}
${errorPageDirectives('text', '    ')}

    # The shell: any unknown path is a client-side route, answered by index.html.
    location / {
      try_files $uri /index.html;
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

    location = /index.html {
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

    # Shell assets carry a content hash in their names, so they never change.
    location ^~ /assets/ {
      try_files $uri =404;
      add_header Cache-Control ${IMMUTABLE};
${h('      ')}
    }

    # Remote builds, one immutable folder per version. No SPA fallback: a missing chunk must be a
    # plain 404, or the federation runtime would try to run index.html as JavaScript.
    location ^~ /remotes/ {
      try_files $uri =404;
      add_header Cache-Control ${IMMUTABLE};
      # Static and public: another origin's shell may load these.
      add_header Access-Control-Allow-Origin "*";
${h('      ')}

      # The entry points keep their names across builds, so they are revalidated.
      location ~ /(mf-manifest\\.json|remoteEntry\\.js)$ {
        try_files $uri =404;
        add_header Cache-Control ${NO_CACHE};
        add_header Access-Control-Allow-Origin "*";
${h('        ')}
      }
    }

${abTest === undefined ? '' : abTestLocation(csp)}
    # Runtime config: changes on each deploy without a rebuild, so always revalidated.
    location ^~ /config/ {
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
${errorPageDirectives('json', '      ')}
    }

    location = /security.pdf {
      types { }
      default_type application/pdf;
      try_files $uri =404;
      add_header Cache-Control ${NO_CACHE};
${h('      ')}
    }

${proxyLocation('^~ /api/v1/auth/', 'trove_auth', csp)}

${proxyLocation('^~ /api/v1/profile/', 'trove_profile', csp)}

    # SPEC §7 PUT /api/v1/profile has no trailing slash, so the prefix above does not match it.
${proxyLocation('= /api/v1/profile', 'trove_profile', csp)}

    # The search service (issues 10 and 11): search, chats and passages take small JSON bodies.
${SEARCH_SERVICE_PREFIXES.map((prefix) => prefixLocations(prefix, 'trove_search', csp)).join('\n\n')}

${uploadsLocations(csp, uploadMaxBodyBytes, uploadLimits)}
${extraBlocks.map((block) => `\n${block}\n`).join('')}
    # Any other API path: a JSON 404, never the SPA page.
    location ^~ /api/ {
${h('      ')}
${errorPageDirectives('json', '      ')}
      return 404;
    }

${errorLocations(csp)}

${uploadTooLargeLocation(csp, uploadMaxBodyBytes)}
  }
}
`;
}
