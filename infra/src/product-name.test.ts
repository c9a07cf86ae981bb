import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSync } from 'oxc-parser';
import { describe, expect, it } from 'vitest';

// Issue 20, docs/decisions/001 ("Names never live in code"): the shell, the kit and the remotes take the
// product's name from /config/app.json (useAppConfig().name and .shortName), so a deployment that renames
// it changes every page. This keeps a literal from coming back. Only what a user can read counts —
// strings, template text and JSX text — so comments and identifiers may still say it.

const root = join(import.meta.dirname, '..', '..');
const NAME = 'Trove';

/** The front ends' source folders: the shell, its kit and every remote. */
const sourceRoots = [
  'shell/src',
  'shell/kit/src',
  ...readdirSync(root)
    .filter((entry) => entry.startsWith('mfe-'))
    .map((entry) => `${entry}/src`),
];

/** Files a user never sees: tests and the helpers only tests import (a `testing/` folder). */
const isTestCode = (path: string) => /\.test\.tsx?$/.test(path) || path.split('/').includes('testing');

/**
 * What may still say the name, and why. Empty: add a file only with a reason a reviewer would accept
 * (text that must not follow the configuration).
 */
const ALLOWED: Readonly<Record<string, string>> = {};

function sourceFiles(): string[] {
  return sourceRoots.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file.split('\\').join('/')}`)
      .filter((path) => /\.tsx?$/.test(path) && !isTestCode(path)),
  );
}

/** `path:line: text` for each string, template part or JSX text that holds the name. */
function literalsNaming(path: string, text: string): string[] {
  const { program, errors } = parseSync(path, text, { lang: path.endsWith('.tsx') ? 'tsx' : 'ts' });
  expect(
    errors.map((error) => error.message),
    `${path} does not parse`,
  ).toEqual([]);
  const found: string[] = [];
  const lineAt = (offset: number) => text.slice(0, offset).split('\n').length;
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const node = value as { type?: unknown; start?: number; value?: unknown };
    const said = literalText(node);
    if (said?.includes(NAME)) found.push(`${path}:${lineAt(node.start ?? 0)}: ${said.trim()}`);
    for (const [key, child] of Object.entries(value)) if (key !== 'parent') visit(child);
  };
  visit(program);
  return found;
}

/** What a user could read of an ESTree node: a string literal, a template's text or JSX text. */
function literalText(node: { type?: unknown; value?: unknown }): string | undefined {
  if (node.type === 'Literal' || node.type === 'JSXText') {
    return typeof node.value === 'string' ? node.value : undefined;
  }
  if (node.type === 'TemplateElement') {
    const cooked = (node.value as { cooked?: string | null } | undefined)?.cooked;
    return cooked ?? undefined;
  }
  return undefined;
}

describe('the product’s name comes from runtime config, not the front ends’ code (issue 20)', () => {
  it('the check sees strings, template text and JSX text, and not comments', () => {
    const code = [
      `// ${NAME} in a comment`,
      `/** ${NAME} in a doc comment */`,
      `const a = '${NAME} in a string';`,
      `const b = \`\${a} ${NAME} in a template\`;`,
      `const c = <p title="${NAME} in an attribute">${NAME} in JSX {/* ${NAME} */}</p>;`,
    ].join('\n');
    expect(literalsNaming('example.tsx', code).map((hit) => hit.split(': ')[0])).toEqual([
      'example.tsx:3',
      'example.tsx:4',
      'example.tsx:5',
      'example.tsx:5',
    ]);
  });

  it('no source file of the shell, the kit or a remote says it to the user', () => {
    const found = sourceFiles().flatMap((path) => {
      const text = readFileSync(join(root, path), 'utf8');
      const hits = text.includes(NAME) ? literalsNaming(path, text) : [];
      if (path in ALLOWED) {
        expect(hits, `${path} is allowed to say it but no longer does: take it off ALLOWED`).not.toEqual([]);
        return [];
      }
      return hits;
    });
    expect(found, 'say useAppConfig().name (or .shortName) instead').toEqual([]);
  });
});
