import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
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
  const kind = path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const literal = ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node);
    if (literal && node.text.includes(NAME)) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      found.push(`${path}:${line}: ${node.text.trim()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
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
