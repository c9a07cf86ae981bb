// The "CSS lines in remotes" figure of issue 44, and the classes no code reads (docs/decisions/223).
//
//   npx tsx infra/src/css-lines.ts          lines (all, as `wc -l` counts them, and non-blank) per remote
//   npx tsx infra/src/css-lines.ts --dead   also every class of a CSS module that no file importing it names
//
// The figure (5,863 when it was filed) is `wc -l` over every `*.css` under the `mfe-*` remotes;
// the non-blank count is printed beside it so that a drop cannot come from deleting blank lines alone.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function filesUnder(dir: string, ends: string[]): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && ends.some((end) => e.name.endsWith(end)))
    .map((e) => path.join(e.parentPath, e.name))
    .filter(
      (f) => !f.includes(`${path.sep}node_modules${path.sep}`) && !f.includes(`${path.sep}dist${path.sep}`),
    );
}

export function remotes(): string[] {
  return readdirSync(repoRoot).filter((name) => name.startsWith('mfe-'));
}

export interface CssLines {
  lines: number;
  nonBlank: number;
}

export function countLines(text: string): CssLines {
  const rows = text.split('\n');
  // `wc -l` counts newlines: a file ending in one has no extra row.
  const lines = text.endsWith('\n') ? rows.length - 1 : rows.length;
  return { lines, nonBlank: rows.filter((row) => row.trim() !== '').length };
}

/** Class names a CSS module defines (`.name` in a selector, not inside a value or a comment). */
export function classNames(css: string): string[] {
  const noComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const selectors = noComments.replace(/\{[^{}]*\}/g, '{}').replace(/:global\([^)]*\)/g, '');
  return [...new Set([...selectors.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1] ?? ''))];
}

/** Classes of `cssFile` no source file importing it reads (`ns.name`, `ns['name']`, or a named import). */
export function deadClasses(cssFile: string, sources: string[]): string[] {
  const names = classNames(readFileSync(cssFile, 'utf8'));
  const used = new Set<string>();
  let dynamic = false;
  for (const source of sources) {
    const text = readFileSync(source, 'utf8');
    const rel = path.relative(path.dirname(source), cssFile).replaceAll(path.sep, '/');
    const spec = rel.startsWith('.') ? rel : `./${rel}`;
    for (const m of text.matchAll(/import \* as (\w+) from '([^']+\.module\.css)'/g)) {
      if (m[2] !== spec) continue;
      const ns = m[1];
      for (const use of text.matchAll(new RegExp(`\\b${ns}\\.(\\w+)|\\b${ns}\\['([\\w-]+)'\\]`, 'g'))) {
        used.add(use[1] ?? use[2] ?? '');
      }
      if (
        new RegExp(`\\b${ns}\\[(?!')`).test(text) ||
        new RegExp(`\\b${ns}\\b(?![.[])`).test(text.replace(m[0], ''))
      ) {
        dynamic = true;
      }
    }
    for (const m of text.matchAll(/import \{([^}]+)\} from '([^']+\.module\.css)'/g)) {
      if (m[2] !== spec) continue;
      for (const part of (m[1] ?? '').split(',')) used.add(part.trim().split(/\s+as\s+/)[0] ?? '');
    }
  }
  // A module read by key (`styles[tone]`) may use any class: say nothing rather than guess.
  if (dynamic && process.argv.includes('--dead'))
    console.log(`  (${path.relative(repoRoot, cssFile)} is read by key)`);
  return dynamic ? [] : names.filter((name) => !used.has(name));
}

function main(): void {
  const showDead = process.argv.includes('--dead');
  let total: CssLines = { lines: 0, nonBlank: 0 };
  for (const remote of remotes()) {
    const root = path.join(repoRoot, remote);
    const cssFiles = filesUnder(root, ['.css']);
    const sources = filesUnder(root, ['.ts', '.tsx']);
    let sum: CssLines = { lines: 0, nonBlank: 0 };
    for (const file of cssFiles) {
      const n = countLines(readFileSync(file, 'utf8'));
      sum = { lines: sum.lines + n.lines, nonBlank: sum.nonBlank + n.nonBlank };
      if (showDead && file.endsWith('.module.css')) {
        const dead = deadClasses(file, sources);
        if (dead.length > 0) console.log(`  ${path.relative(repoRoot, file)}: ${dead.join(', ')}`);
      }
    }
    console.log(
      `${remote.padEnd(16)} ${String(sum.lines).padStart(6)} lines ${String(sum.nonBlank).padStart(6)} non-blank`,
    );
    total = { lines: total.lines + sum.lines, nonBlank: total.nonBlank + sum.nonBlank };
  }
  console.log(
    `${'remotes'.padEnd(16)} ${String(total.lines).padStart(6)} lines ${String(total.nonBlank).padStart(6)} non-blank`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) main();
