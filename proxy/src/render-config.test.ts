import { DATABASE_MESSAGES, SQLITE_FILE_MAX_BYTES, sqliteUploadBodyBytes } from '@trove/contracts';
import { describe, expect, it } from 'vitest';
import { type ProxySettings, renderNginxConfig } from './render-config';
import { STATIC_FILE_CSP } from './nginx/security-headers';

const base: ProxySettings = {
  httpPort: 8080,
  wwwRoot: '/srv/trove/dist/www',
  runtimeDir: '/srv/trove/.data/run/nginx-8080',
  logDir: '/srv/trove/.data/logs',
  authUpstreams: ['127.0.0.1:4101'],
  profileUpstreams: ['127.0.0.1:4102', '127.0.0.1:4112'],
  searchUpstreams: ['127.0.0.1:4103'],
  sourcesUpstreams: ['127.0.0.1:4104'],
  brotli: false,
};

/** The text of the first `location <match> {` block, nested blocks included. */
function block(conf: string, match: string): string {
  const start = conf.indexOf(`location ${match} {`);
  if (start < 0) throw new Error(`no location ${match}`);
  let depth = 0;
  for (let index = conf.indexOf('{', start); index < conf.length; index += 1) {
    if (conf[index] === '{') depth += 1;
    if (conf[index] === '}') depth -= 1;
    if (depth === 0) return conf.slice(start, index + 1);
  }
  throw new Error('unbalanced');
}

describe('renderNginxConfig', () => {
  const conf = renderNginxConfig(base);

  it('keeps every runtime path inside the runtime and log folders', () => {
    expect(conf).toContain('pid /srv/trove/.data/run/nginx-8080/nginx.pid;');
    expect(conf).toContain('error_log /srv/trove/.data/logs/nginx-error.log warn;');
    expect(conf).toContain('access_log /srv/trove/.data/logs/nginx-access.log trove;');
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      expect(conf).toContain(`${temp}_temp_path /srv/trove/.data/run/nginx-8080/tmp/${temp};`);
    }
    expect(conf).not.toMatch(/^\s*daemon /m);
    expect(conf).not.toMatch(/^\s*user /m);
  });

  it('listens on loopback by default and serves dist/www', () => {
    expect(conf).toContain('listen 127.0.0.1:8080;');
    expect(conf).toContain('root /srv/trove/dist/www;');
    expect(renderNginxConfig({ ...base, listenHost: '::1' })).toContain('listen [::1]:8080;');
  });

  it('gives the shell an SPA fallback and no-cache', () => {
    const root = block(conf, '/');
    // A public page's prerendered document (pages/<route>.html, docs/decisions/049, 055); no page is the
    // prerendered not-found page with a 404, while the app's own routes get the shell.
    expect(root).toContain('try_files $uri /pages$uri.html =404;');
    expect(root).toContain('error_page 404 /pages/404.html;');
    expect(root).toContain('error_page 500 @text_500;');
    const app = block(conf, '~ ^/(auth|chats|connections|uploads|profile|search|documents|workflows)(/|$)');
    expect(app).toContain('try_files /pages$uri.html /index.html;');
    expect(app).toContain('add_header Cache-Control "no-cache";');
    expect(block(conf, '^~ /pages/')).toContain('internal;');
    // Crawlers' files are those files or a 404, never the app's HTML.
    expect(block(conf, '= /robots.txt')).toMatch(/default_type text\/plain;\s+try_files \$uri =404;/);
    expect(block(conf, '= /sitemap.xml')).toMatch(/default_type application\/xml;\s+try_files \$uri =404;/);
    expect(root).toContain('add_header Cache-Control "no-cache";');
    expect(block(conf, '= /index.html')).toContain('"no-cache"');
  });

  it('serves remotes without a fallback, entries revalidated and chunks immutable', () => {
    const remotes = block(conf, '^~ /remotes/');
    expect(remotes).toContain('try_files $uri =404;');
    expect(remotes).not.toContain('index.html');
    expect(remotes).toContain('"public, max-age=31536000, immutable"');
    expect(remotes).toContain('Access-Control-Allow-Origin "*"');
    const entries = block(remotes, '~ /(mf-manifest\\.json|remoteEntry\\.js)$');
    expect(entries).toContain('add_header Cache-Control "no-cache";');
  });

  it('serves config with no-cache and JSON errors, assets immutable, the PDF as a PDF', () => {
    const config = block(conf, '^~ /config/');
    expect(config).toContain('"no-cache"');
    expect(config).toContain('error_page 404 @json_404;');
    expect(block(conf, '^~ /assets/')).toContain('immutable');
    expect(block(conf, '= /security.pdf')).toContain('default_type application/pdf;');
  });

  it('proxies the services through keepalive upstreams with the forwarding headers', () => {
    expect(conf).toMatch(/upstream trove_auth \{\s+server 127\.0\.0\.1:4101;[^}]*keepalive \d+;/);
    expect(conf).toMatch(/upstream trove_profile \{\s+server 127\.0\.0\.1:4102;\s+server 127\.0\.0\.1:4112;/);
    for (const [match, upstream] of [
      ['^~ /api/v1/auth/', 'trove_auth'],
      ['^~ /api/v1/profile/', 'trove_profile'],
      ['= /api/v1/profile', 'trove_profile'],
      ['= /api/v1/search', 'trove_search'],
      ['^~ /api/v1/search/', 'trove_search'],
      ['= /api/v1/uploads', 'trove_search'],
      ['^~ /api/v1/uploads/', 'trove_search'],
      ['= /api/v1/chats', 'trove_search'],
      ['^~ /api/v1/chats/', 'trove_search'],
      ['= /api/v1/passages', 'trove_search'],
      ['^~ /api/v1/passages/', 'trove_search'],
      ['= /api/v1/sources', 'trove_sources'],
      ['^~ /api/v1/sources/', 'trove_sources'],
      ['= /api/v1/destinations', 'trove_search'],
      ['^~ /api/v1/destinations/', 'trove_search'],
      ['= /api/v1/workflows', 'trove_search'],
      ['^~ /api/v1/workflows/', 'trove_search'],
    ] as const) {
      const api = block(conf, match);
      expect(api).toContain(`proxy_pass http://${upstream};`);
      expect(api).toContain('proxy_http_version 1.1;');
      expect(api).toContain('proxy_set_header Connection "";');
      expect(api).toContain('proxy_set_header X-Request-Id $trove_request_id;');
      expect(api).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
      expect(api).not.toContain('$proxy_add_x_forwarded_for');
      expect(api).toContain('proxy_set_header X-Forwarded-Proto $trove_forwarded_proto;');
      expect(api).toContain('proxy_set_header Host $host;');
      expect(api).toContain('proxy_next_upstream error timeout http_502 http_503;');
      expect(api).not.toMatch(/proxy_next_upstream [^;]*non_idempotent/);
      expect(api).toContain('add_header Cache-Control $trove_api_cache_control always;');
      expect(api).toContain(`error_page 413 @${match.includes('uploads') ? 'uploads_413' : 'json_413'};`);
      expect(api).toContain('error_page 502 @json_502;');
    }
  });

  it('lets uploads through up to the search service cap, streamed, with its own 413 message', () => {
    expect(conf).toMatch(/upstream trove_search \{\s+server 127\.0\.0\.1:4103;[^}]*keepalive \d+;/);
    for (const match of ['= /api/v1/uploads', '^~ /api/v1/uploads/']) {
      const uploads = block(conf, match);
      expect(uploads).toContain(`client_max_body_size ${100 * 1024 * 1024};`);
      expect(uploads).toContain('proxy_request_buffering off;');
      expect(uploads).not.toContain('@json_413');
    }
    expect(block(conf, '= /api/v1/search')).not.toContain('client_max_body_size');
    expect(block(conf, '@uploads_413')).toContain(
      `return 413 '{"error":"Upload too large: one request may carry at most 100 MB. Send a large batch in several requests.","code":"payload_too_large"}\\n';`,
    );
    const small = renderNginxConfig({ ...base, uploadMaxBodyBytes: 512 * 1024 });
    expect(block(small, '= /api/v1/uploads')).toContain('client_max_body_size 524288;');
    expect(block(small, '@uploads_413')).toContain('at most 512 KB.');
    expect(() => renderNginxConfig({ ...base, uploadMaxBodyBytes: 0 })).toThrow(/uploadMaxBodyBytes/);
    expect(() => renderNginxConfig({ ...base, searchUpstreams: [] })).toThrow(/at least one/);
  });

  it("lets a SQLite file through to the sources service up to its route's cap, streamed, with the route's 413 words", () => {
    const files = block(conf, '= /api/v1/sources/files');
    expect(files).toContain('proxy_pass http://trove_sources;');
    expect(files).toContain(`client_max_body_size ${sqliteUploadBodyBytes(SQLITE_FILE_MAX_BYTES)};`);
    expect(files).toContain('proxy_request_buffering off;');
    expect(files).toContain('error_page 413 @source_files_413;');
    expect(block(conf, '@source_files_413')).toContain(
      `{"error":"${DATABASE_MESSAGES.fileTooLarge(SQLITE_FILE_MAX_BYTES)}","code":"payload_too_large"}`,
    );
    // The rest of /api/v1/sources takes small JSON bodies only (the server's 1 MB).
    expect(block(conf, '^~ /api/v1/sources/')).not.toContain('client_max_body_size');
    const small = renderNginxConfig({ ...base, sourceFileMaxBytes: 1024 * 1024 });
    expect(block(small, '= /api/v1/sources/files')).toContain(
      `client_max_body_size ${sqliteUploadBodyBytes(1024 * 1024)};`,
    );
    expect(block(small, '@source_files_413')).toContain('at most 1 MB.');
    expect(() => renderNginxConfig({ ...base, sourceFileMaxBytes: 0 })).toThrow(/sourceFileMaxBytes/);
  });

  it('puts the security headers in every location, since add_header is not inherited', () => {
    const locations = conf.match(/location [^{]+\{/g) ?? [];
    expect(locations.length).toBeGreaterThan(20);
    for (const opening of locations) {
      const text = block(conf, opening.replace(/^location /, '').replace(/ \{$/, ''));
      expect(text, opening).toContain('add_header Content-Security-Policy');
      expect(text, opening).toContain('add_header X-Content-Type-Options "nosniff" always;');
      // The built site's static files carry an inert policy of their own (docs/decisions/062).
      if (/\/(assets|remotes)\/|remoteEntry/.test(opening)) {
        expect(text, opening).toContain(`add_header Content-Security-Policy "${STATIC_FILE_CSP}" always;`);
        continue;
      }
      expect(text, opening).toContain('add_header Referrer-Policy "strict-origin-when-cross-origin" always;');
      expect(text, opening).toContain('add_header X-Frame-Options "DENY" always;');
      expect(text, opening).toContain('add_header Permissions-Policy');
    }
  });

  it('answers errors without HTML: JSON for the API, text elsewhere', () => {
    expect(block(conf, '@json_404')).toContain('default_type application/json;');
    expect(block(conf, '@text_404')).toContain('default_type "text/plain; charset=utf-8";');
    expect(block(conf, '^~ /api/')).toContain('error_page 404 @json_404;');
    expect(conf).toMatch(/^ {4}error_page 404 @text_404;$/m);
    expect(conf).not.toContain('<html');
  });

  it('sets the limits and hides the version', () => {
    expect(conf).toContain('client_max_body_size 1m;');
    expect(conf).toContain('server_tokens off;');
    expect(conf).toContain('gzip on;');
    expect(conf).toContain('gzip_static on;');
    expect(conf).toMatch(
      /gzip_types[^;]*text\/css[^;]*text\/javascript[^;]*application\/json[^;]*image\/svg\+xml/,
    );
    expect(conf).not.toMatch(/gzip_types[^;]*pdf/);
  });

  it('loads brotli only when asked and the module exists', () => {
    expect(conf).not.toContain('brotli');
    const missing = renderNginxConfig({ ...base, brotli: true, brotliModulePath: '/nope/brotli.so' });
    expect(missing).not.toContain('brotli');
  });

  it('renders extra locations with their own upstream', () => {
    const withBench = renderNginxConfig({
      ...base,
      extraLocations: [{ path: '/bench/bare', upstreams: ['127.0.0.1:5000'] }],
    });
    expect(withBench).toMatch(/upstream trove_extra_bench_bare \{\s+server 127\.0\.0\.1:5000;/);
    expect(block(withBench, '= /bench/bare')).toContain('proxy_pass http://trove_extra_bench_bare;');
  });

  it('drops worker privileges only when given a user', () => {
    expect(renderNginxConfig({ ...base, workerUser: 'nobody nogroup' })).toMatch(/^user nobody nogroup;$/m);
  });

  it('refuses values that would break out of a directive', () => {
    expect(() => renderNginxConfig({ ...base, wwwRoot: '/srv/www; evil' })).toThrow(/wwwRoot/);
    expect(() => renderNginxConfig({ ...base, wwwRoot: 'relative/www' })).toThrow(/absolute/);
    expect(() => renderNginxConfig({ ...base, authUpstreams: ['127.0.0.1:1; }'] })).toThrow(/upstream/);
    expect(() => renderNginxConfig({ ...base, authUpstreams: [] })).toThrow(/at least one/);
    expect(() => renderNginxConfig({ ...base, remoteOrigins: ["https://x.com 'unsafe-inline'"] })).toThrow(
      /origin/,
    );
    expect(() => renderNginxConfig({ ...base, httpPort: 70_000 })).toThrow(/httpPort/);
  });
});

describe('the A/B rollout (docs/decisions/009)', () => {
  it('is absent unless configured: no visitor cookie, no split', () => {
    const conf = renderNginxConfig(base);
    expect(conf).not.toContain('trove_vid');
    expect(conf).not.toContain('ab-split.conf');
  });

  it('includes the split file, serves the runtime map per variant, and sets the visitor cookie', () => {
    const conf = renderNginxConfig({ ...base, abTest: { weightB: 20 } });
    expect(conf).toContain('include /srv/trove/.data/run/nginx-8080/ab-split.conf;');
    const map = block(conf, '= /config/remotes.json');
    expect(map).toContain('try_files /config/remotes.$trove_variant.json /config/remotes.json =404;');
    expect(map).toContain('add_header Set-Cookie $trove_visitor_cookie;');
    expect(map).toContain('add_header Vary Cookie;');
    expect(map).toContain('Content-Security-Policy');
  });

  it('refuses a weight that is not a percentage', () => {
    expect(() => renderNginxConfig({ ...base, abTest: { weightB: -1 } })).toThrow(/A\/B weight/);
  });
});

describe('the access log (docs/decisions/009, "Observability")', () => {
  it('is one JSON object per line carrying the request id the services log', () => {
    const conf = renderNginxConfig(base);
    expect(conf).toMatch(
      /log_format trove escape=json '\{"time":"\$time_iso8601","reqId":"\$trove_request_id"/,
    );
  });
});

describe('a proxy in front (docs/decisions/009, "Self-hosting")', () => {
  it('trusts no one by default: the services get the scheme nginx saw', () => {
    const conf = renderNginxConfig(base);
    expect(conf).toMatch(/geo \$realip_remote_addr \$trove_front_proxy \{\n {4}default 0;\n {2}\}/);
    expect(conf).toContain('default $scheme;');
  });

  it("passes on the front proxy's X-Forwarded-Proto and -Host only from FRONT_PROXIES", () => {
    const conf = renderNginxConfig({ ...base, frontProxies: ['10.0.0.0/8', '192.168.1.7', 'fd00::/8'] });
    expect(conf).toContain('    10.0.0.0/8 1;\n    192.168.1.7 1;\n    fd00::/8 1;');
    expect(() => renderNginxConfig({ ...base, frontProxies: ['10.0.0.0/8; evil'] })).toThrow(/front proxy/);
  });

  it('takes the client address from X-Forwarded-For only when FRONT_PROXIES names the sender (issue 18 item 5)', () => {
    expect(renderNginxConfig(base)).not.toContain('real_ip_header');
    const conf = renderNginxConfig({ ...base, frontProxies: ['192.168.1.7', 'fd00::/8'] });
    expect(conf).toContain('  set_real_ip_from 192.168.1.7;\n  set_real_ip_from fd00::/8;');
    expect(conf).toContain('real_ip_header X-Forwarded-For;');
    expect(conf).toContain('real_ip_recursive on;');
    // The front proxy is recognised by the peer's own address, not the client address realip found.
    expect(conf).toContain('geo $realip_remote_addr $trove_front_proxy {');
  });
});

describe('limits on uploads per client address (issue 18 item 7)', () => {
  it('counts requests a minute and uploads at once on the uploads location, with a JSON 429', () => {
    const conf = renderNginxConfig(base);
    expect(conf).toContain('limit_req_zone $binary_remote_addr zone=trove_uploads_rate:10m rate=300r/m;');
    expect(conf).toContain('limit_conn_zone $binary_remote_addr zone=trove_uploads_conn:10m;');
    const uploads = conf.slice(conf.indexOf('location = /api/v1/uploads'));
    expect(uploads).toContain('limit_req zone=trove_uploads_rate burst=300 nodelay;');
    expect(uploads).toContain('limit_conn trove_uploads_conn 16;');
    expect(uploads).toContain('limit_req_status 429;');
    const other = renderNginxConfig({ ...base, uploadLimits: { requestsPerMinute: 5, connections: 2 } });
    expect(other).toContain('rate=5r/m;');
    expect(other).toContain('limit_conn trove_uploads_conn 2;');
    expect(() =>
      renderNginxConfig({ ...base, uploadLimits: { requestsPerMinute: 0, connections: 2 } }),
    ).toThrow(/uploadLimits.requestsPerMinute/);
  });
});
