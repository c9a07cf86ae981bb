import { existsSync } from 'node:fs';
import { SQLITE_FILE_MAX_BYTES, sqliteUploadBodyBytes } from '@trove/contracts';
import { abTestBlock, abTestLocation, assertAbWeight } from './nginx/ab-split';
import {
  AUTH_LIMITS_PER_NETWORK,
  type AuthLimits,
  assertAuthLimits,
  authLimitZones,
} from './nginx/auth-limits';
import {
  errorLocations,
  errorPageDirectives,
  sourceFileTooLargeLocation,
  uploadTooLargeLocation,
} from './nginx/error-pages';
import { forwardedBlock } from './nginx/front-proxy';
import {
  apiNotFoundLocation,
  DEFAULT_UPLOAD_MAX_BODY_BYTES,
  extraLocationBlocks,
  extraUpstreamBlocks,
  type ProxyLocation,
  runtimeConfigLocation,
  securityPdfLocation,
  serviceLocations,
  shellLocations,
  UPLOAD_LIMITS_PER_ADDRESS,
  type UploadLimits,
  uploadLimitZones,
  upstreamBlock,
} from './nginx/locations';
import { contentSecurityPolicy, securityHeaders } from './nginx/security-headers';
import { assertAddressRange, assertOrigin, assertPath, assertPort, assertSafe } from './nginx/validate';

// The renderer's entry point: the settings, their checks, and nginx.conf's outline. Each part of the
// config is rendered by its module under ./nginx/; the public ones are re-exported here so index.ts,
// runtime.ts and the tests import from one place.
export {
  assertAbWeight,
  renderAbSplit,
  VARIANT_COOKIE,
  VISITOR_COOKIE,
} from './nginx/ab-split';
export {
  AUTH_LIMITS_PER_NETWORK,
  type AuthLimits,
  clientNetworkMap,
  REGISTER_PATH,
} from './nginx/auth-limits';
export {
  DEFAULT_UPLOAD_MAX_BODY_BYTES,
  type ProxyLocation,
  SEARCH_SERVICE_PREFIXES,
  UPLOAD_LIMITS_PER_ADDRESS,
  UPLOADS_PREFIX,
} from './nginx/locations';
export { contentSecurityPolicy } from './nginx/security-headers';

/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
export const DEFAULT_BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

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
  /** `host:port` of each sources service instance (/api/v1/sources). */
  sourcesUpstreams: readonly string[];
  /**
   * Largest request body on /api/v1/uploads, in bytes: the search service's UPLOAD_MAX_REQUEST_BYTES, so
   * nginx and the service refuse the same request. Default {@link DEFAULT_UPLOAD_MAX_BODY_BYTES}.
   */
  uploadMaxBodyBytes?: number;
  /**
   * The largest SQLite file POST /api/v1/sources/files takes, in bytes: the sources service's
   * SOURCE_SQLITE_MAX_BYTES, so nginx and the route refuse the same upload (default contracts'
   * SQLITE_FILE_MAX_BYTES; the body cap adds the multipart framing, sqliteUploadBodyBytes).
   */
  sourceFileMaxBytes?: number;
  /** Per client address on /api/v1/uploads (default UPLOAD_LIMITS_PER_ADDRESS). */
  uploadLimits?: UploadLimits;
  /**
   * Per client network (IPv4 address, IPv6 /64) on register and the other auth calls made without a session
   * (default AUTH_LIMITS_PER_NETWORK, docs/decisions/096). Test stacks that sign up many users from one
   * address raise it.
   */
  authLimits?: AuthLimits;
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
    sourcesUpstreams,
    uploadMaxBodyBytes = DEFAULT_UPLOAD_MAX_BODY_BYTES,
    sourceFileMaxBytes = SQLITE_FILE_MAX_BYTES,
    uploadLimits = UPLOAD_LIMITS_PER_ADDRESS,
    authLimits = AUTH_LIMITS_PER_NETWORK,
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
  if (!Number.isInteger(sourceFileMaxBytes) || sourceFileMaxBytes < 1) {
    throw new Error(`Invalid sourceFileMaxBytes: ${sourceFileMaxBytes}`);
  }
  if (!Number.isInteger(uploadMaxBodyBytes) || uploadMaxBodyBytes < 1) {
    throw new Error(`Invalid uploadMaxBodyBytes: ${uploadMaxBodyBytes}`);
  }
  for (const [name, value] of Object.entries(uploadLimits)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid uploadLimits.${name}: ${value}`);
  }
  assertAuthLimits(authLimits);
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
  const extraUpstreams = extraUpstreamBlocks(extraLocations);
  const extraBlocks = extraLocationBlocks(extraLocations, csp);

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
${forwardedBlock(frontProxies)}${uploadLimitZones(uploadLimits.requestsPerMinute)}${authLimitZones(authLimits)}${abTest === undefined ? '' : abTestBlock(runtimeDir)}
${upstreamBlock('trove_auth', authUpstreams)}

${upstreamBlock('trove_profile', profileUpstreams)}

${upstreamBlock('trove_search', searchUpstreams)}

${upstreamBlock('trove_sources', sourcesUpstreams)}
${extraUpstreams.map((block) => `\n${block}\n`).join('')}
  server {
    listen ${listen};
    server_name _;
    root ${www};
    index index.html;

${securityHeaders(csp, '    ')}
${errorPageDirectives('text', '    ')}

${shellLocations(csp)}

${abTest === undefined ? '' : abTestLocation(csp)}
${runtimeConfigLocation(csp)}

${securityPdfLocation(csp)}

${serviceLocations(csp, uploadMaxBodyBytes, uploadLimits, authLimits, sqliteUploadBodyBytes(sourceFileMaxBytes))}
${extraBlocks.map((block) => `\n${block}\n`).join('')}
${apiNotFoundLocation(csp)}

${errorLocations(csp)}

${uploadTooLargeLocation(csp, uploadMaxBodyBytes)}

${sourceFileTooLargeLocation(csp, sourceFileMaxBytes)}
  }
}
`;
}
