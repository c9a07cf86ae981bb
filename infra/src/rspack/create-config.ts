import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { type Configuration, type RuleSetRule, rspack, type SwcLoaderOptions } from '@rspack/core';
import { type AppDefinition, appSettings, repoRoot } from './apps';

export type BuildMode = 'production' | 'development';

export interface CreateConfigOptions {
  app: AppDefinition;
  /** Absolute folder the build writes to (it is cleaned first). */
  outputPath: string;
  /** @default 'production' */
  mode?: BuildMode;
  /**
   * Text a remote shows in its `data-testid="remote-version"` tag so tests can tell builds apart.
   * Defaults to env `REMOTE_BUILD_LABEL`, else the app's package version.
   */
  buildLabel?: string;
}

/**
 * Shared as singletons across the host and every remote (docs/architecture.md#run-time-composition): two copies
 * of React or of the kit would split hooks and contexts, so there must be exactly one of each.
 */
const sharedSingletons = ['react', 'react-dom', 'react-router', 'react-router-dom', '@trove/kit'] as const;

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
}

function readPackageJson(appDir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as PackageJson;
}

function sharedConfig(pkg: PackageJson, appName: string) {
  return Object.fromEntries(
    sharedSingletons.map((name) => {
      const requiredVersion = pkg.dependencies?.[name];
      if (!requiredVersion) throw new Error(`${appName}: package.json must depend on ${name} (it is shared)`);
      // No runtime range check (`requiredVersion: false`): the Module Federation runtime's semver parser
      // rebuilds its regular expressions on every check, ~40 ms of main thread per page start on the
      // bench machine (x4 on Lighthouse's phone), and for singletons a mismatch would only have logged a
      // warning. One version of each across the workspace is enforced at build time instead
      // (infra/src/workspace-versions.test.ts); docs/decisions/008.
      return [name, { singleton: true, requiredVersion: false as const }];
    }),
  );
}

function swcOptions(mode: BuildMode): SwcLoaderOptions {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      // One copy of the helpers (from @swc/helpers) instead of one per module.
      externalHelpers: true,
      transform: { react: { runtime: 'automatic', development: mode === 'development' } },
    },
  };
}

export function moduleRules(mode: BuildMode): RuleSetRule[] {
  return [
    // The contracts are declarations only (zod schemas, pure rules), but the package does not say so:
    // without this, importing one pure rule from its index (the kit's strength meter) pulls every schema
    // and zod itself (~54 kB gzip) into the shell, onto the path of every first page load.
    { test: /[\\/]services[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
    {
      test: /\.tsx?$/,
      exclude: /node_modules/,
      loader: 'builtin:swc-loader',
      options: swcOptions(mode),
      type: 'javascript/auto',
    },
    // `css/auto` treats `*.module.css` as CSS modules and everything else as global CSS.
    { test: /\.css$/, type: 'css/auto' },
    { test: /\.(svg|png|jpe?g|webp|avif|woff2?)$/, type: 'asset/resource' },
  ];
}

/**
 * The rspack config for one front-end app: the shell (host) or a remote. Production by default:
 * content-hashed names, CSS extracted into files, minified. The HTML page carries no inline script
 * because the proxy's CSP forbids 'unsafe-inline' for scripts.
 */
export function createConfig(options: CreateConfigOptions): Configuration {
  const { app, outputPath } = options;
  const mode = options.mode ?? 'production';
  const isProd = mode === 'production';
  const isHost = app.kind === 'host';
  const appDir = path.join(repoRoot, app.folder);
  const pkg = readPackageJson(appDir);
  const buildLabel = options.buildLabel ?? process.env.REMOTE_BUILD_LABEL ?? pkg.version;
  const uniqueName = isHost ? 'trove_shell' : app.containerName;

  // The shell lives at the site root next to config/ and remotes/, so its files go under assets/.
  // A remote owns its whole versioned folder.
  const prefix = isHost ? 'assets/' : '';
  const hash = isProd ? '.[contenthash:10]' : '';

  // A remote in production is only its container (remoteEntry.js + chunks); its standalone page is a
  // development tool, so it gets an entry and an HTML page only under the dev server.
  const withPage = isHost || !isProd;

  const plugins: NonNullable<Configuration['plugins']> = [
    new rspack.DefinePlugin({
      __TROVE_BUILD_LABEL__: JSON.stringify(buildLabel),
    }),
    // The shell provides the MF runtime core to the remotes it loads, so a production remoteEntry.js does
    // not carry its own copy (~65 kB less per remote page). The price: a production remote runs only
    // inside a shell built by this factory. Dev builds keep their own runtime so they also run alone.
    new ModuleFederationPlugin({
      name: uniqueName,
      ...(isHost
        ? // Remotes are registered at run time from /config/remotes.json, never at build time.
          { remotes: {}, manifest: false, experiments: { provideExternalRuntime: true } }
        : {
            filename: 'remoteEntry.js',
            exposes: app.exposes,
            manifest: true,
            ...(isProd ? { experiments: { externalRuntime: true } } : {}),
          }),
      shared: sharedConfig(pkg, app.name),
      // docs/decisions/246: the first copy of a shared singleton registered is the one every app gets. With
      // the default ('version-first'), a remote initialised later could take over the share of an equal
      // version (the runtime breaks the tie by container name) while an island already held the first copy:
      // the app's providers then came from the profile remote's kit and the auth page's hooks from the
      // shell's ("usePopup must be used inside <PopupProvider>", docs/decisions/235).
      shareStrategy: 'loaded-first',
      // Types travel through the workspace (TypeScript runs from source), so no d.ts archives.
      dts: false,
      // The MF dev plugin would open a live-reload channel between apps; the dev server reloads anyway.
      dev: false,
    }),
  ];

  // The shell's theme class must be set before the first paint (docs/product/shell.md#theme: no flash of the wrong theme).
  // It ships as a file with a content-hashed name, loaded by a blocking <script src> in <head>, so the
  // CSP stays `script-src 'self'` with no inline code or hash to maintain.
  let headScript: string | null = null;
  if (isHost) {
    // theme-init.js for every page; boot-after-paint.js for the prerendered `/` (prerender.ts, 008).
    const scripts = hostPublicScripts().filter((script) => existsSync(script.source));
    headScript = scripts.find((script) => script.name === 'theme-init')?.target ?? null;
    plugins.push(
      new rspack.CopyRspackPlugin({
        patterns: scripts.map((script) => ({ from: script.source, to: script.target })),
      }),
    );
  }

  if (withPage) {
    const title = isHost ? appSettings.name : `${appSettings.name} · ${app.name} (standalone)`;
    plugins.push(
      new rspack.HtmlRspackPlugin({
        // Only the page's own entry: a remote's container entry (remoteEntry.js) is for hosts to load.
        chunks: ['main'],
        // Absolute, because the page answers deep paths (/auth/login) and a remote's 'auto' public path
        // would make its tags relative to them.
        publicPath: '/',
        favicon: path.join(repoRoot, 'shell/public/favicon.svg'),
        scriptLoading: 'defer',
        templateContent: pageTemplate(title, headScript),
        minify: isProd,
      }),
    );
  }

  return {
    mode,
    name: app.name,
    context: appDir,
    target: ['web', 'es2022'],
    entry: withPage ? { main: './src/index.ts' } : {},
    devtool: isProd ? false : 'cheap-module-source-map',
    output: {
      path: outputPath,
      // Remotes are served from a versioned folder (and may be hosted elsewhere): their chunks must be
      // resolved relative to wherever remoteEntry.js was loaded from.
      publicPath: isHost ? '/' : 'auto',
      uniqueName,
      filename: `${prefix}js/[name]${hash}.js`,
      chunkFilename: `${prefix}js/[name]${hash}.js`,
      cssFilename: `${prefix}css/[name]${hash}.css`,
      cssChunkFilename: `${prefix}css/[name]${hash}.css`,
      assetModuleFilename: `${prefix}media/[name]${hash}[ext]`,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
    },
    module: {
      rules: moduleRules(mode),
      parser: {
        // Custom properties are the shell's design tokens: a CSS module must read them, not rename them.
        'css/auto': { namedExports: true, dashedIdents: false },
      },
      generator: {
        'css/auto': {
          // Remotes are built separately; salting with the app name keeps their class names apart.
          localIdentHashSalt: uniqueName,
          ...(isProd ? {} : { localIdentName: '[uniqueName]-[name]-[local]' }),
        },
      },
    },
    plugins,
    // Chunk files named after what they hold (`vendors-node_modules_react-dom_…`), so the bench can say
    // what the bytes of a page are made of (issue 8) — a few bytes of longer ids in the runtime.
    optimization: { minimize: isProd, chunkIds: 'named' },
    // build.ts prints every app's size; rspack's generic 244 KiB hint would only add noise.
    performance: { hints: false },
    // The MF manifest plugin logs an info-grade warning about publicPath 'auto' on every remote build;
    // real problems still arrive as compilation errors and warnings, which build.ts prints.
    infrastructureLogging: { level: 'error' },
    stats: 'errors-warnings',
  };
}

/**
 * The shell's hand-written browser scripts (shell/public), served under content-hashed names so they can
 * be cached for good, as `assets/js/<name>.<sha256-10>.js`.
 */
export function hostPublicScripts(): Array<{ name: string; source: string; target: string }> {
  return ['theme-init', 'boot-after-paint'].map((name) => {
    const source = path.join(repoRoot, 'shell/public', `${name}.js`);
    const digest = existsSync(source)
      ? createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 10)
      : 'missing';
    return { name, source, target: `assets/js/${name}.${digest}.js` };
  });
}

/** The page shell: tags only; the plugin adds `<script defer src>` and `<link>` tags, never inline code. */
function pageTemplate(title: string, headScript: string | null): string {
  const script = headScript ? `\n    <script src="/${headScript}"></script>` : '';
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>${title}</title>${script}
  </head>
  <body>
    <div id="root"></div>
    <noscript>${title} needs JavaScript to run.</noscript>
  </body>
</html>
`;
}
