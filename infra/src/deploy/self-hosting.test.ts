import { SERVICE_DATABASE_ROLES } from '@trove/service-core';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, createLogger, createServiceApp, readEnv } from '@trove/service-core';
import { SQLITE_FILE_MAX_BYTES, sqliteUploadBodyBytes } from '@trove/contracts';
import { DEFAULT_UPLOAD_MAX_BODY_BYTES, renderNginxConfig } from '@trove/proxy';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { AUTH_PREFIX } from '../../../services/auth/src/app';
import { SearchEnvSchema } from '../../../services/search/src/env';
import { SourcesEnvSchema } from '../../../services/sources/src/env';
import { WEB_IMAGE_PATHS, webImageSettings } from '../../docker/render-nginx';
import { REPO_ROOT } from '../stack/index';
import { SERVICE_ENTRIES } from '../stack/service-bundles';
import { envSettings, SERVICE_SCHEMAS } from './env-reference';

// docs/decisions/009-deploy-story.md, "Self-hosting": Docker cannot run on this machine, so the
// Dockerfiles, the compose file and the Kubernetes manifests are checked against the code: every image,
// port, env name and value, and probe path.

const INFRA = join(REPO_ROOT, 'infra');
const SERVICES = {
  auth: { portVariable: 'AUTH_PORT' },
  profile: { portVariable: 'PROFILE_PORT' },
  search: { portVariable: 'SEARCH_PORT' },
  sources: { portVariable: 'SOURCES_PORT' },
} as const;
type ServiceName = keyof typeof SERVICES;
const NAMES = Object.keys(SERVICES) as ServiceName[];

type Env = Record<string, string>;

/**
 * `${NAME:-default}` → default: what compose substitutes when the variable is unset; `${NAME:?message}` (a
 * required variable) → a stand-in value, as an operator must set one.
 */
/** What an operator sets for a required variable: a key of the right shape where a key is asked for. */
const OPERATOR_VALUES: Env = { SECRETS_KEY: Buffer.alloc(32, 9).toString('base64') };

function withDefaults(value: string): string {
  return value
    .replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')
    .replace(/\$\{([A-Z_]+):\?[^}]*\}/g, (_, name: string) => OPERATOR_VALUES[name] ?? 'set-by-operator');
}

function known(service: ServiceName): Set<string> {
  return new Set(
    envSettings()
      .filter((s) => s.services.includes(service))
      .map((s) => s.name),
  );
}

interface Dockerfile {
  env: Env;
  expose: number[];
  cmd: string[];
  text: string;
}

function readDockerfile(path: string): Dockerfile {
  const text = readFileSync(path, 'utf8');
  const env: Env = {};
  for (const [, name = '', value = ''] of text.matchAll(/^ENV ([A-Z_]+)=(\S*)$/gm)) env[name] = value;
  const expose = [...text.matchAll(/^EXPOSE (\d+)$/gm)].map(([, port]) => Number(port));
  const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(text)?.[1] ?? '[]') as string[];
  return { env, expose, cmd, text };
}

interface ComposeService {
  build?: { context: string; dockerfile: string; args?: Env };
  image?: string;
  environment?: Env;
  expose?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, unknown>;
}

const compose = parse(readFileSync(join(INFRA, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};

function composeService(name: string): ComposeService {
  const service = compose.services[name];
  if (service === undefined) throw new Error(`docker-compose.yml has no service ${name}`);
  return service;
}

function dockerfileOf(service: ComposeService): Dockerfile {
  const build = service.build;
  if (build === undefined) throw new Error('no build section');
  const path = join(INFRA, build.context, build.dockerfile);
  expect(existsSync(path), path).toBe(true);
  return readDockerfile(path);
}

const servicePort = (name: ServiceName) =>
  Number(composeService(name).environment?.[SERVICES[name].portVariable]);

describe('docker-compose.yml and the Dockerfiles', () => {
  it.each(NAMES)('%s: the image runs the service entry point with the port it exposes', (name) => {
    const service = composeService(name);
    const dockerfile = dockerfileOf(service);
    // The image bundles the service's source at build time and runs the bundle (docs/decisions/217).
    expect(dockerfile.text).toContain(`RUN npx tsx infra/src/stack/service-bundles.ts ${name}\n`);
    expect(dockerfile.cmd).toEqual(['node', `dist/services/${name}/main.mjs`]);
    expect(SERVICE_ENTRIES[name][0]).toBe('src/main.ts');
    for (const entry of SERVICE_ENTRIES[name])
      expect(existsSync(join(REPO_ROOT, 'services', name, entry)), entry).toBe(true);
    const port = servicePort(name);
    expect(dockerfile.env[SERVICES[name].portVariable]).toBe(String(port));
    expect(dockerfile.expose).toEqual([port]);
    expect(service.expose).toEqual([String(port)]);
    // In a container the service must listen beyond loopback, or nginx cannot reach it.
    expect(dockerfile.env.HOST).toBe('0.0.0.0');
    expect(service.environment?.HOST).toBe('0.0.0.0');
    expect(service.image).toBe(`trove/${name}:local`);
  });

  it.each(NAMES)(
    '%s: every setting is one the service reads, and its zod schema accepts them all',
    (name) => {
      const service = composeService(name);
      const environment = Object.fromEntries(
        Object.entries(service.environment ?? {}).map(([key, value]) => [key, withDefaults(String(value))]),
      );
      const names = known(name);
      expect(Object.keys(environment).filter((key) => !names.has(key))).toEqual([]);
      const result = readEnv(SERVICE_SCHEMAS[name], { ...dockerfileOf(service).env, ...environment });
      expect(result).toMatchObject({ ok: true });
    },
  );

  it.each(NAMES)('%s: health checks ask /readyz on the service port, after PostgreSQL is healthy', (name) => {
    const service = composeService(name);
    const port = servicePort(name);
    expect(service.healthcheck?.test.join(' ')).toContain(`http://127.0.0.1:${port}/readyz`);
    expect(dockerfileOf(service).text).toContain(`http://127.0.0.1:${port}/readyz`);
    expect(service.depends_on?.postgres).toEqual({ condition: 'service_healthy' });
  });

  it.each(['profile', 'search', 'sources'] as const)(
    "%s verifies sessions with the auth service's JWKS on the compose network",
    (name) => {
      expect(composeService(name).environment?.AUTH_JWKS_URL).toBe(
        `http://auth:${servicePort('auth')}${AUTH_PREFIX}/.well-known/jwks.json`,
      );
      expect(composeService(name).depends_on?.auth).toEqual({ condition: 'service_healthy' });
    },
  );

  it('web: nginx is rendered with the services as upstreams and listens on the published port', () => {
    const web = composeService('web');
    const args = web.build?.args ?? {};
    expect(args.AUTH_UPSTREAMS).toBe(`auth:${servicePort('auth')}`);
    expect(args.PROFILE_UPSTREAMS).toBe(`profile:${servicePort('profile')}`);
    expect(args.SEARCH_UPSTREAMS).toBe(`search:${servicePort('search')}`);
    expect(args.SOURCES_UPSTREAMS).toBe(`sources:${servicePort('sources')}`);
    for (const name of NAMES) expect(web.depends_on?.[name]).toEqual({ condition: 'service_healthy' });
    const containerPort = Number(String(web.ports?.[0]).split(':').at(-1));
    expect(containerPort).toBe(Number(args.HTTP_PORT));
    const dockerfile = dockerfileOf(web);
    expect(dockerfile.expose).toEqual([containerPort]);
    const settings = webImageSettings(
      Object.fromEntries(Object.entries(args).map(([key, value]) => [key, withDefaults(String(value))])),
    );
    const conf = renderNginxConfig(settings);
    expect(conf).toContain(`listen 0.0.0.0:${containerPort};`);
    expect(conf).toContain(`server auth:${servicePort('auth')};`);
    expect(conf).toContain(`server profile:${servicePort('profile')};`);
    expect(conf).toContain(`server search:${servicePort('search')};`);
    expect(conf).toContain(`server sources:${servicePort('sources')};`);
    // Every build argument reaches the renderer.
    for (const arg of Object.keys(args)) expect(dockerfile.text).toContain(`${arg}=$${arg}`);
    expect(conf).toContain(`root ${WEB_IMAGE_PATHS.wwwRoot};`);
    // The image puts the site, the config and nginx's folders where the config says they are.
    expect(dockerfile.text).toContain(`COPY --from=build /app/dist/www ${WEB_IMAGE_PATHS.wwwRoot}`);
    expect(dockerfile.cmd).toEqual(
      expect.arrayContaining([`${WEB_IMAGE_PATHS.runtimeDir}/`, WEB_IMAGE_PATHS.conf]),
    );
    expect(dockerfile.text).toContain(`mkdir -p ${WEB_IMAGE_PATHS.runtimeDir}/tmp ${WEB_IMAGE_PATHS.logDir}`);
    expect(existsSync(join(REPO_ROOT, 'infra', 'docker', 'render-nginx.ts'))).toBe(true);
  });
});

interface K8sContainer {
  image: string;
  ports: { name: string; containerPort: number }[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string } } }[];
  envFrom?: ({ configMapRef: { name: string } } | { secretRef: { name: string } })[];
  readinessProbe?: { httpGet: { path: string; port: string | number } };
  livenessProbe?: { httpGet: { path: string; port: string | number } };
}

// biome-ignore lint/suspicious/noExplicitAny: Kubernetes objects of every kind, read field by field below
type K8sObject = { kind: string; metadata: { name: string }; data?: Env; stringData?: Env; spec?: any };

const manifests: K8sObject[] = readdirSync(join(INFRA, 'k8s'))
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(join(INFRA, 'k8s', file), 'utf8')).map((doc) => doc.toJS() as K8sObject),
  );

function manifest(kind: string, name: string): K8sObject {
  const found = manifests.find((item) => item.kind === kind && item.metadata.name === name);
  if (found === undefined) throw new Error(`no ${kind} ${name} in infra/k8s`);
  return found;
}

function containerOf(name: string): K8sContainer {
  const container = manifest('Deployment', name).spec.template.spec.containers[0] as K8sContainer | undefined;
  if (container === undefined) throw new Error(`Deployment ${name} has no container`);
  return container;
}

/** What the container's process sees: envFrom sources in order, then env. */
function containerEnv(container: K8sContainer): Env {
  const env: Env = {};
  for (const source of container.envFrom ?? []) {
    const object =
      'configMapRef' in source
        ? manifest('ConfigMap', source.configMapRef.name).data
        : manifest('Secret', source.secretRef.name).stringData;
    Object.assign(env, object);
  }
  // A value from a Secret of its own (secretKeyRef) is the operator's: an example cannot hold a real key.
  for (const { name, value, valueFrom } of container.env ?? []) {
    const given = valueFrom?.secretKeyRef ? OPERATOR_VALUES[name] : value;
    if (given !== undefined) env[name] = given;
  }
  return env;
}

describe('the Kubernetes manifests', () => {
  it.each(NAMES)(
    '%s: same image as compose, the port the service listens on, probes on /readyz and /healthz',
    (name) => {
      const container = containerOf(name);
      expect(container.image).toBe(composeService(name).image);
      const port = servicePort(name);
      const env = containerEnv(container);
      expect(env[SERVICES[name].portVariable]).toBe(String(port));
      expect(env.HOST).toBe('0.0.0.0');
      const named = container.ports.find((entry) => entry.containerPort === port);
      expect(named).toBeDefined();
      expect(container.readinessProbe?.httpGet).toEqual({ path: '/readyz', port: named?.name });
      expect(container.livenessProbe?.httpGet).toEqual({ path: '/healthz', port: named?.name });
      const service = manifest('Service', name).spec.ports[0] as { port: number; targetPort: string };
      expect(service).toMatchObject({ port, targetPort: named?.name });
    },
  );

  it.each(NAMES)(
    '%s: every required setting is provided, each known to some service, all accepted by its zod schema',
    (name) => {
      const env = containerEnv(containerOf(name));
      const anyService = new Set(envSettings().map((setting) => setting.name));
      expect(Object.keys(env).filter((key) => !anyService.has(key))).toEqual([]);
      const direct = (containerOf(name).env ?? []).map((entry) => entry.name);
      expect(direct.filter((key) => !known(name).has(key))).toEqual([]);
      expect(readEnv(SERVICE_SCHEMAS[name], env)).toMatchObject({ ok: true });
    },
  );

  it.each(['profile', 'search', 'sources'] as const)(
    '%s reaches the auth JWKS through the auth Service',
    (name) => {
      const env = containerEnv(containerOf(name));
      expect(env.AUTH_JWKS_URL).toBe(
        `http://auth:${servicePort('auth')}${AUTH_PREFIX}/.well-known/jwks.json`,
      );
    },
  );

  it('web: same image and port as compose; its probe path is one nginx serves', () => {
    const container = containerOf('web');
    expect(container.image).toBe(composeService('web').image);
    const port = Number(composeService('web').build?.args?.HTTP_PORT);
    expect(container.ports[0]?.containerPort).toBe(port);
    expect(container.readinessProbe?.httpGet.path).toMatch(/^\/config\//);
    expect(renderNginxConfig(webImageSettings({}))).toContain('location ^~ /config/ {');
  });

  it('the probe paths are the ones every service answers', async () => {
    const db = createDatabase({ url: 'postgres://nobody@127.0.0.1:1/none', connectTimeoutMs: 200 });
    try {
      const app = createServiceApp({ db, logger: createLogger({ level: 'silent' }), prefix: '/api/v1/any' });
      expect((await app.request('/healthz')).status).toBe(200);
      // No database here: readiness says so instead of 404.
      expect((await app.request('/readyz')).status).toBe(503);
      expect((await app.request('/metrics')).status).toBe(200);
    } finally {
      await db.destroy();
    }
  });
});

describe('the database password (issue 18 item 16)', () => {
  it('compose has no default: POSTGRES_PASSWORD is required wherever it is used', () => {
    const text = readFileSync(join(INFRA, 'docker-compose.yml'), 'utf8');
    const uses = [...text.matchAll(/\$\{POSTGRES_PASSWORD([^}]*)\}/g)].map(([, rest]) => rest ?? '');
    expect(uses.length).toBeGreaterThanOrEqual(4);
    for (const rest of uses) expect(rest).toMatch(/^:\?/);
    expect(text).not.toContain('trove-change-me');
  });
});

describe('the sealing key (issue 35 item 3)', () => {
  it.each(['search', 'sources'] as const)(
    'compose: %s requires SECRETS_KEY from the operator, with no default',
    (name) => {
      const value = String(composeService(name).environment?.SECRETS_KEY);
      expect(value).toMatch(/^\$\{SECRETS_KEY:\?/);
    },
  );

  it('k8s: search and sources take SECRETS_KEY from a Secret only they read, never a ConfigMap or a literal', () => {
    for (const name of ['search', 'sources'] as const) {
      const entry = containerOf(name).env?.find((item) => item.name === 'SECRETS_KEY');
      expect(entry?.value).toBeUndefined();
      const ref = entry?.valueFrom?.secretKeyRef;
      expect(ref?.key).toBe('SECRETS_KEY');
      expect(manifest('Secret', ref?.name ?? '').stringData).toHaveProperty('SECRETS_KEY');
    }
    expect(manifest('ConfigMap', 'trove-config').data).not.toHaveProperty('SECRETS_KEY');
    for (const name of ['auth', 'profile'] as const)
      expect(containerOf(name).env?.some((item) => item.name === 'SECRETS_KEY')).toBe(false);
  });

  it('the images run with NODE_ENV=production, where the key is required', () => {
    expect(dockerfileOf(composeService('search')).env.NODE_ENV).toBe('production');
    const withoutKey = { ...dockerfileOf(composeService('search')).env, DATABASE_URL: 'postgres://x@y/z' };
    expect(readEnv(SERVICE_SCHEMAS.search, { ...withoutKey, PUBLIC_URL: 'https://t.example' })).toMatchObject(
      {
        ok: false,
        message: expect.stringMatching(/^Invalid environment: SECRETS_KEY is required/),
      },
    );
  });
});

describe('each service its own database role (issue 18 item 16)', () => {
  it.each(NAMES)('%s: compose and k8s set DATABASE_ROLE to the role the migration makes for it', (name) => {
    const role = SERVICE_DATABASE_ROLES[name];
    expect(composeService(name).environment?.DATABASE_ROLE).toBe(role);
    expect(containerEnv(containerOf(name)).DATABASE_ROLE).toBe(role);
  });
});

describe('who the services believe about the client address (issue 18 item 5)', () => {
  it.each(NAMES)('%s: compose trusts only the fixed address of nginx, never a whole subnet', (name) => {
    const web = compose.services.web as ComposeService & {
      networks?: { default?: { ipv4_address?: string } };
    };
    const nginxAddress = web.networks?.default?.ipv4_address;
    expect(nginxAddress).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(composeService(name).environment?.TRUSTED_PROXIES).toBe(nginxAddress);
  });

  it.each(NAMES)('%s: k8s trusts no 10.0.0.0/8, and only the web pods (and services) may connect', (name) => {
    expect(containerEnv(containerOf(name)).TRUSTED_PROXIES).not.toBe('10.0.0.0/8');
    const policy = manifests.find(
      (item) =>
        item.kind === 'NetworkPolicy' &&
        item.spec?.podSelector?.matchLabels?.['app.kubernetes.io/name'] === `trove-${name}`,
    );
    expect(policy, `a NetworkPolicy for ${name}`).toBeDefined();
    const allowed = (policy?.spec.ingress ?? []).flatMap(
      (rule: { from: { podSelector: { matchLabels: Env } }[] }) =>
        rule.from.map((peer) => peer.podSelector?.matchLabels?.['app.kubernetes.io/name']),
    );
    expect(allowed).toContain('trove-web');
    expect(allowed.every((label: string | undefined) => label?.startsWith('trove-'))).toBe(true);
  });
});

describe('uploads through nginx', () => {
  it("nginx's default body cap on /api/v1/uploads is the search service's default request cap", () => {
    const env = readEnv(SearchEnvSchema, { DATABASE_URL: 'postgres://trove@db/trove' });
    expect(env).toMatchObject({ ok: true, env: { UPLOAD_MAX_REQUEST_BYTES: DEFAULT_UPLOAD_MAX_BODY_BYTES } });
    const conf = renderNginxConfig(webImageSettings({}));
    expect(conf).toContain(`client_max_body_size ${DEFAULT_UPLOAD_MAX_BODY_BYTES};`);
    const smaller = renderNginxConfig(webImageSettings({ UPLOAD_MAX_REQUEST_BYTES: '10485760' }));
    expect(smaller).toContain('client_max_body_size 10485760;');
  });

  it("nginx's cap on a SQLite file's upload is the sources service's: the file and its form (docs/decisions/170)", () => {
    const env = readEnv(SourcesEnvSchema, { DATABASE_URL: 'postgres://trove@db/trove' });
    expect(env).toMatchObject({ ok: true, env: { SOURCE_SQLITE_MAX_BYTES: SQLITE_FILE_MAX_BYTES } });
    const files = (conf: string) => conf.slice(conf.indexOf('location = /api/v1/sources/files {'));
    expect(files(renderNginxConfig(webImageSettings({})))).toContain(
      `client_max_body_size ${sqliteUploadBodyBytes(SQLITE_FILE_MAX_BYTES)};`,
    );
    const smaller = renderNginxConfig(webImageSettings({ SOURCE_SQLITE_MAX_BYTES: '10485760' }));
    expect(files(smaller)).toContain(`client_max_body_size ${sqliteUploadBodyBytes(10485760)};`);
    const dockerfile = readFileSync(join(REPO_ROOT, 'infra', 'docker', 'web.Dockerfile'), 'utf8');
    expect(dockerfile).toContain('SOURCE_SQLITE_MAX_BYTES=$SOURCE_SQLITE_MAX_BYTES');
  });

  it("the image's nginx takes its per-network auth limits from the build args (docs/decisions/096)", () => {
    expect(renderNginxConfig(webImageSettings({}))).toContain('zone=trove_register:10m rate=30r/m;');
    const raised = renderNginxConfig(
      webImageSettings({ PROXY_REGISTER_PER_MINUTE: '120', PROXY_SIGN_IN_BURST: '200' }),
    );
    expect(raised).toContain('zone=trove_register:10m rate=120r/m;');
    expect(raised).toContain('limit_req zone=trove_sign_in burst=200 nodelay;');
    const dockerfile = readFileSync(join(REPO_ROOT, 'infra', 'docker', 'web.Dockerfile'), 'utf8');
    for (const variable of [
      'PROXY_REGISTER_PER_MINUTE',
      'PROXY_REGISTER_BURST',
      'PROXY_SIGN_IN_PER_MINUTE',
      'PROXY_SIGN_IN_BURST',
    ]) {
      expect(dockerfile).toContain(`ARG ${variable}=`);
      expect(dockerfile).toContain(`${variable}=$${variable}`);
    }
  });
});
