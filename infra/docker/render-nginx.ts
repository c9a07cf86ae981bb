// Renders nginx.conf for the web image (docs/decisions/009-deploy-story.md, "Self-hosting"), from the
// same renderer `npm start` uses, with container paths. Run at image build time:
//   npx tsx infra/docker/render-nginx.ts <output folder>
// Settings (build args in web.Dockerfile): HTTP_PORT, AUTH_UPSTREAMS, PROFILE_UPSTREAMS, SEARCH_UPSTREAMS, SOURCES_UPSTREAMS
// (comma-separated host:port), UPLOAD_MAX_REQUEST_BYTES, SOURCE_SQLITE_MAX_BYTES, REMOTE_ORIGINS, FRONT_PROXIES, AB_WEIGHT_B, and
// nginx's per-network auth limits PROXY_REGISTER_PER_MINUTE, PROXY_REGISTER_BURST, PROXY_SIGN_IN_PER_MINUTE,
// PROXY_SIGN_IN_BURST (docs/decisions/096).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProxySettings, renderAbSplit, renderNginxConfig } from '@trove/proxy';
import { resolveAuthLimits } from '../src/stack/settings';

/** Where things live inside the web image; web.Dockerfile creates these folders. */
export const WEB_IMAGE_PATHS = {
  wwwRoot: '/srv/trove/www',
  runtimeDir: '/var/lib/trove-nginx',
  logDir: '/var/log/trove',
  conf: '/etc/trove/nginx.conf',
} as const;

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export function webImageSettings(env: NodeJS.ProcessEnv): ProxySettings {
  const weight = env.AB_WEIGHT_B ? Number(env.AB_WEIGHT_B) : undefined;
  return {
    httpPort: Number(env.HTTP_PORT || 8080),
    // The container's own interface; the platform decides what reaches it.
    listenHost: '0.0.0.0',
    wwwRoot: WEB_IMAGE_PATHS.wwwRoot,
    runtimeDir: WEB_IMAGE_PATHS.runtimeDir,
    logDir: WEB_IMAGE_PATHS.logDir,
    authUpstreams: list(env.AUTH_UPSTREAMS || 'auth:4101'),
    profileUpstreams: list(env.PROFILE_UPSTREAMS || 'profile:4102'),
    searchUpstreams: list(env.SEARCH_UPSTREAMS || 'search:4103'),
    sourcesUpstreams: list(env.SOURCES_UPSTREAMS || 'sources:4104'),
    // The search service's cap on one upload request; set both together.
    ...(env.UPLOAD_MAX_REQUEST_BYTES ? { uploadMaxBodyBytes: Number(env.UPLOAD_MAX_REQUEST_BYTES) } : {}),
    ...(env.SOURCE_SQLITE_MAX_BYTES ? { sourceFileMaxBytes: Number(env.SOURCE_SQLITE_MAX_BYTES) } : {}),
    remoteOrigins: list(env.REMOTE_ORIGINS),
    frontProxies: list(env.FRONT_PROXIES),
    authLimits: resolveAuthLimits(env),
    // The official nginx image has no brotli module; gzip siblings are still served.
    brotli: false,
    workerProcesses: 'auto',
    ...(weight === undefined ? {} : { abTest: { weightB: weight } }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? 'dist/nginx');
  mkdirSync(out, { recursive: true });
  const settings = webImageSettings(process.env);
  writeFileSync(join(out, 'nginx.conf'), renderNginxConfig(settings));
  // Always written, so a rollout can start later by mounting a new split file and reloading.
  writeFileSync(join(out, 'ab-split.conf'), renderAbSplit(settings.abTest?.weightB ?? 0));
  console.log(`nginx.conf for the web image → ${out}`);
}
