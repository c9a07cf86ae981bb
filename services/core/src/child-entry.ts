import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

// How a service forks a child of its own code (the extraction child, the source readers): from TypeScript source
// under tsx's loader in development and tests (docs/decisions/003), or from the JavaScript bundled beside the
// service's own at build time (docs/decisions/217). A bundle is one `.mjs` file per entry, in one folder per
// service, named after its source file; this module's own URL ends in `.mjs` only inside such a bundle.
const BUNDLED = import.meta.url.endsWith('.mjs');

/**
 * The file to fork for the child module `module` (a source file's URL, `new URL('./reader-child.ts',
 * import.meta.url)`), and the node flags it needs: tsx's loader from source, nothing from a bundle. In a bundle
 * `import.meta.url` is the bundle's, so the same expression names the sibling `reader-child.mjs`.
 */
export function childEntry(module: URL, bundled = BUNDLED): { path: string; execArgv: string[] } {
  const path = fileURLToPath(module);
  if (bundled) return { path: path.replace(/\.ts$/, '.mjs'), execArgv: [] };
  // createRequire, not import.meta.resolve: vitest's module runner does not implement import.meta.resolve.
  const loader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { path, execArgv: ['--import', loader] };
}
