// Builds the front-ends into dist/www exactly as docs/decisions/001 lays it out.
//
//   npx tsx infra/src/build.ts                 all: the shell and every remote
//   npx tsx infra/src/build.ts auth shell      some (names or folders: `auth`, `mfe-auth`)
//
// Env: BUILD_OUT_DIR (default dist/www), REMOTE_BUILD_LABEL (the tag remotes show; default their
// package version), BUILD_CONCURRENCY (apps compiled at once; default 2, which suits 2 cores).
//
// Each app compiles into a temp folder beside the output. A remote's folder is then hashed and moved to
// remotes/<name>/<version>/ (older versions stay: they are immutable and live pages may still use them),
// and config/remotes.json is pointed at the fresh versions. The shell is published last.
import { mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { type Configuration, rspack, type Stats } from '@rspack/core';
import { type AppDefinition, apps, appSettings, findApp, repoRoot } from './rspack/apps';
import { createConfig, hostPublicScripts } from './rspack/create-config';
import { relaunchWithNativeRequire } from './rspack/native-require';
import {
  ALL_PAGES,
  pageFile,
  pageHead,
  publicOrigin,
  robotsTxt,
  SHARE_IMAGE,
  sitemapXml,
  withPageHead,
} from './prerender/page-head';
import {
  createDrawnScriptsConfig,
  createPrerenderConfig,
  DRAWN_SCRIPTS,
  type DrawnScript,
  PRERENDERED_PAGES,
  prerenderedDocument,
  renderCompiledPage,
} from './rspack/prerender';
import { publicSettings } from './rspack/public-settings';
import {
  listFiles,
  mergeRemotesConfig,
  parseRemotesConfig,
  versionOf,
  writeConnectorsConfig,
} from './rspack/site-files';
// The real brief (issue 8), which replaces the placeholder in site-files.
import { securityBriefPdf } from './security-brief';
import { SHARE_IMAGE_FILE } from './share-image/file';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface Built {
  app: AppDefinition;
  dir: string;
  seconds: number;
}

interface Published {
  app: AppDefinition;
  seconds: number;
  where: string;
  jsBytes: number;
  jsGzipBytes: number;
  cssBytes: number;
}

function selectApps(args: string[]): AppDefinition[] {
  if (args.length === 0) return [...apps];
  const unknown = args.filter((arg) => !findApp(arg));
  if (unknown.length > 0) {
    const names = apps.map((app) => app.name).join(', ');
    throw new Error(`Unknown app ${unknown.join(', ')}; expected some of: ${names}`);
  }
  // In the registry's order, once each, whatever order or spelling the arguments used.
  return apps.filter((app) => args.some((arg) => findApp(arg) === app));
}

function compile(config: Configuration): Promise<Stats> {
  const compiler = rspack(config);
  return new Promise((resolve, reject) => {
    compiler.run((error, stats) => {
      compiler.close(() => {
        if (error) reject(error);
        else if (!stats) reject(new Error('rspack returned no stats'));
        else resolve(stats);
      });
    });
  });
}

async function buildApp(app: AppDefinition, tempRoot: string): Promise<Built> {
  const dir = path.join(tempRoot, app.name);
  const started = performance.now();
  const stats = await compile(createConfig({ app, outputPath: dir }));
  const seconds = (performance.now() - started) / 1000;
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const warning of info.warnings ?? []) console.warn(`${app.name}: warning: ${warning.message}`);
  if (stats.hasErrors()) {
    const messages = (info.errors ?? []).map((error) => error.message).join('\n');
    throw new Error(`${app.name} failed to build:\n${messages}`);
  }
  return { app, dir, seconds };
}

/** Runs `task` over `items`, at most `limit` at a time, keeping the input order in the result. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

const COMPRESSIBLE = /\.(js|css|json|svg|html)$/;

/**
 * gzip and brotli siblings for nginx's gzip_static / brotli_static, so files are compressed once at
 * build time at the highest levels instead of on every request. Only for files that never change under
 * their name: the runtime config is rewritten in place and must never get a stale sibling.
 */
async function precompress(dir: string, files: readonly string[]): Promise<void> {
  await Promise.all(
    files
      .filter((file) => COMPRESSIBLE.test(file))
      .map(async (file) => {
        const full = path.join(dir, file);
        const body = await readFile(full);
        if (body.length < 1024) return;
        const [gz, br] = await Promise.all([
          gzipAsync(body, { level: 9 }),
          brotliAsync(body, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        ]);
        await Promise.all([writeFile(`${full}.gz`, gz), writeFile(`${full}.br`, br)]);
      }),
  );
}

async function measure(dir: string, files: readonly string[]) {
  let jsBytes = 0;
  let jsGzipBytes = 0;
  let cssBytes = 0;
  for (const file of files) {
    const body = await readFile(path.join(dir, file));
    if (file.endsWith('.js')) {
      jsBytes += body.length;
      jsGzipBytes += (await gzipAsync(body, { level: 9 })).length;
    } else if (file.endsWith('.css')) {
      cssBytes += body.length;
    }
  }
  return { jsBytes, jsGzipBytes, cssBytes };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** Writes a whole file then renames it into place, so a server never sends half of it. */
async function writeAtomically(file: string, body: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, body);
  await rename(temp, file);
}

async function publishRemote(built: Built, outDir: string): Promise<Published & { version: string }> {
  const files = await listFiles(built.dir);
  const sizes = await measure(built.dir, files);
  const version = await versionOf(built.dir);
  const target = path.join(outDir, 'remotes', built.app.name, version);
  // Same version means same bytes (that is what the name promises): the existing folder already is it.
  if (!(await exists(target))) {
    await precompress(built.dir, files);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(built.dir, target);
  }
  return { app: built.app, seconds: built.seconds, where: target, version, ...sizes };
}

async function publishShell(built: Built, outDir: string): Promise<Published> {
  const files = await listFiles(built.dir);
  const sizes = await measure(built.dir, files);
  await precompress(
    built.dir,
    files.filter((file) => file.startsWith('assets/')),
  );
  // Hashed assets are added beside the previous build's, never replacing them: a page opened before this
  // deploy may still lazy-load its own chunks.
  for (const file of await listFiles(built.dir)) {
    if (file === 'index.html') continue;
    const target = path.join(outDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(path.join(built.dir, file), target);
  }
  // Last: from this moment new visitors get the new shell, whose assets are all in place.
  await rename(path.join(built.dir, 'index.html'), path.join(outDir, 'index.html'));
  return { app: built.app, seconds: built.seconds, where: outDir, ...sizes };
}

/**
 * Every public page drawn at build time (docs/decisions/008, 055): landing.html for `/` and
 * pages/<route>.html for the rest — the shell's index.html with the page's markup and stylesheet in it
 * and its own title, description, canonical URL and share tags (docs/decisions/049). Rebuilt from the
 * index.html now in place, so the pages always match the shell they start.
 */
async function prerenderPages(
  outDir: string,
  tempRoot: string,
  settings: typeof appSettings,
  origin: string,
): Promise<void> {
  const started = performance.now();
  const dir = path.join(tempRoot, 'prerender');
  const stats = await compile(createPrerenderConfig(dir));
  const info = stats.toJson({ all: false, errors: true, warnings: true });
  for (const warning of info.warnings ?? []) console.warn(`prerender: warning: ${warning.message}`);
  if (stats.hasErrors()) {
    throw new Error(
      `the prerender failed to build:\n${(info.errors ?? []).map((e) => e.message).join('\n')}`,
    );
  }
  const indexHtml = await readFile(path.join(outDir, 'index.html'), 'utf8');
  const boot = hostPublicScripts().find((script) => script.name === 'boot-after-paint');
  if (!boot) throw new Error('shell/public/boot-after-paint.js is missing');
  const drawnScripts = await buildDrawnScripts(outDir, path.join(tempRoot, 'drawn-scripts'));
  for (const page of PRERENDERED_PAGES) {
    const { entry, routes, boot: bootMode } = page;
    const { markup, css } = await renderCompiledPage(dir, entry, settings);
    const script = 'script' in page ? `/${drawnScripts[page.script]}` : null;
    for (const route of routes) {
      const document = withPageHead(
        prerenderedDocument(indexHtml, css, markup, `/${boot.target}`, bootMode, script),
        pageHead(publicPage(route), settings, origin),
      );
      await writeAtomically(path.join(outDir, pageFile(route)), document);
      console.log(
        `${`page ${route}`.padEnd(20)} html ${kB(document.length).padStart(8)} (gzip ${kB((await gzipAsync(document, { level: 9 })).length).padStart(8)}, css inlined ${kB(css.length)})`,
      );
    }
  }
  await writeAtomically(path.join(outDir, 'robots.txt'), robotsTxt(origin));
  await writeAtomically(path.join(outDir, 'sitemap.xml'), sitemapXml(origin));
  await writeAtomically(path.join(outDir, SHARE_IMAGE.path.slice(1)), await readFile(SHARE_IMAGE_FILE));
  console.log(
    `public pages: ${PRERENDERED_PAGES.length} drawn in ${((performance.now() - started) / 1000).toFixed(1)} s, robots.txt, sitemap.xml for ${origin}`,
  );
}

/** The drawn pages' plain scripts (DRAWN_SCRIPTS), built and put in assets/js; their paths by name. */
async function buildDrawnScripts(outDir: string, dir: string): Promise<Record<DrawnScript, string>> {
  const stats = await compile(createDrawnScriptsConfig(dir));
  const info = stats.toJson({ all: false, errors: true, assets: true, entrypoints: true });
  if (stats.hasErrors()) {
    throw new Error(
      `the drawn pages' scripts failed to build:\n${(info.errors ?? []).map((e) => e.message).join('\n')}`,
    );
  }
  const paths = {} as Record<DrawnScript, string>;
  for (const name of Object.keys(DRAWN_SCRIPTS) as DrawnScript[]) {
    const file = info.entrypoints?.[name]?.assets?.find((asset) => asset.name.endsWith('.js'))?.name;
    if (!file) throw new Error(`the drawn script ${name} produced no file`);
    const target = path.join('assets', 'js', file);
    await mkdir(path.join(outDir, 'assets', 'js'), { recursive: true });
    await writeFile(path.join(outDir, target), await readFile(path.join(dir, file)));
    await precompress(outDir, [target]);
    paths[name] = target;
  }
  return paths;
}

function publicPage(route: string) {
  const page = ALL_PAGES.find((p) => p.path === route);
  if (!page) throw new Error(`PUBLIC_PAGES has no ${route}`);
  return page;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

async function main(): Promise<void> {
  const selected = selectApps(process.argv.slice(2));
  const outDir = path.resolve(process.env.BUILD_OUT_DIR ?? path.join(repoRoot, 'dist', 'www'));
  const concurrency = Math.max(1, Number(process.env.BUILD_CONCURRENCY ?? 2) || 2);
  const started = performance.now();

  await mkdir(outDir, { recursive: true });
  // Beside the output, so moving a finished folder into place is a rename on the same filesystem.
  const tempRoot = await mkdtemp(path.join(path.dirname(outDir), `.${path.basename(outDir)}-build-`));
  try {
    const built = await inPool(selected, concurrency, (app) => buildApp(app, tempRoot));

    const published: Published[] = [];
    const fresh: Array<{ name: string; version: string }> = [];
    for (const item of built.filter((b) => b.app.kind === 'remote')) {
      const remote = await publishRemote(item, outDir);
      published.push(remote);
      fresh.push({ name: item.app.name, version: remote.version });
    }

    const configDir = path.join(outDir, 'config');
    const remotesFile = path.join(configDir, 'remotes.json');
    if (fresh.length > 0) {
      const previous = (await exists(remotesFile))
        ? parseRemotesConfig(await readFile(remotesFile, 'utf8'))
        : null;
      await writeAtomically(remotesFile, `${JSON.stringify(mergeRemotesConfig(previous, fresh), null, 2)}\n`);
    }
    const settings = publicSettings(process.env);
    await writeAtomically(path.join(configDir, 'app.json'), `${JSON.stringify(settings, null, 2)}\n`);
    await writeConnectorsConfig(outDir, process.env);
    await writeAtomically(
      path.join(outDir, 'security.pdf'),
      securityBriefPdf(appSettings.name, appSettings.tagline),
    );

    const shell = built.find((b) => b.app.kind === 'host');
    if (shell) published.unshift(await publishShell(shell, outDir));

    for (const item of published) {
      const where = path.relative(repoRoot, item.where) || '.';
      console.log(
        `${item.app.name.padEnd(11)} ${item.seconds.toFixed(1).padStart(5)} s   js ${kB(item.jsBytes).padStart(9)} ` +
          `(gzip ${kB(item.jsGzipBytes).padStart(8)})   css ${kB(item.cssBytes).padStart(7)}   → ${where}/`,
      );
    }
    const origin = publicOrigin(process.env);
    // Every page draws from the shell and a remote or more, so any build redraws them all.
    if (await exists(path.join(outDir, 'index.html')))
      await prerenderPages(outDir, tempRoot, settings, origin);
    console.log(`built ${published.length} app(s) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await rm(tempRoot, { recursive: true, force: true });
  }
}

if (!relaunchWithNativeRequire(fileURLToPath(import.meta.url))) {
  main().then(
    // Explicit: the prerenderer's React scheduler may leave a message port open that would keep node up.
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
