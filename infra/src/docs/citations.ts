import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { OLD_REFERENCE } from './rewrite.ts';

// What the docs check reads (issue 44): every text file of the repository, the citations of docs/ files,
// anchors and ADRs in them, and the READMEs of the workspace packages. Used by citations.test.ts (the check in
// the unit layer) and rewrite-citations.ts (the codemod).

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const skippedFolders = new Set(['node_modules', 'dist', '.data', '.git', 'test-results']);
const textFile = /\.(?:ts|tsx|mts|js|mjs|cjs|css|md|json|html|ya?ml|sh|conf|txt)$|Dockerfile$/;
/** This folder: its tests hold broken citations on purpose, its map names the old sections. */
const ownFolder = 'infra/src/docs/';

/** Every text file under the root, relative to it, except this folder's and the lockfile. */
export function repositoryFiles(folder = REPO_ROOT): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return skippedFolders.has(entry.name) ? [] : repositoryFiles(path);
    const file = relative(REPO_ROOT, path).split('\\').join('/');
    const wanted = textFile.test(entry.name) && entry.name !== 'package-lock.json';
    return wanted && !file.startsWith(ownFolder) ? [file] : [];
  });
}

export const readRepoFile = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8');

export interface Finding {
  readonly file: string;
  readonly line: number;
  readonly text: string;
}

const findingsIn = (file: string, text: string, test: (line: string) => string | null): Finding[] =>
  text.split('\n').flatMap((line, index) => {
    const found = test(line);
    return found === null ? [] : [{ file, line: index + 1, text: found }];
  });

/** Lines that still cite the old spec, design or style notes. */
export const oldReferences = (file: string, text: string): Finding[] =>
  findingsIn(file, text, (line) => (OLD_REFERENCE.test(line) ? line.trim() : null));

/** A `# Heading` as GitHub anchors it. */
export const headingSlug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors a Markdown file offers: its `<a id>`s and its headings. */
export function anchorsOf(markdown: string): Set<string> {
  const ids = [...markdown.matchAll(/<a id="([^"]+)"/g)].map((m) => m[1] ?? '');
  const headings = [...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => headingSlug(m[1] ?? ''));
  return new Set([...ids, ...headings]);
}

/** `docs/…md#anchor`, `docs/decisions/064` (a number alone), and `ADR 015` / `ADRs 010 and 011`. */
export interface DocCitation {
  readonly file: string;
  readonly line: number;
  readonly cited: string;
}

const DOC_PATH = /\bdocs\/[\w./-]*?[\w-]\.md(?:#[\w-]+)?|\bdocs\/decisions\/\d{3}(?![\d-])/g;
const ADR_LIST = /\bADRs? (\d{3}(?:(?:,\s*|\s+and\s+|\s+or\s+|\s*\/\s*)\d{3})*)(?!\s*[–-]\s*\d)/g;
const MD_LINK = /\]\(([^)\s]+)\)/g;

function markdownLinks(file: string, line: string): string[] {
  if (!file.endsWith('.md')) return [];
  return (
    [...line.matchAll(MD_LINK)]
      .map((m) => m[1] ?? '')
      // A link with a scheme leaves the repository; one that is no path (`[…](…)` in a code span) is no link.
      .filter((link) => !/^[a-z]+:/i.test(link) && /^[\w./#-]+$/.test(link))
      .map((link) => {
        const [path = '', anchor] = link.split('#');
        const target =
          path === ''
            ? file
            : normalize(join(dirname(file), path))
                .split('\\')
                .join('/');
        return anchor === undefined ? target : `${target}#${anchor}`;
      })
  );
}

/** Every citation of a doc, an anchor or an ADR in one file's text. */
export function docCitations(file: string, text: string): DocCitation[] {
  return text.split('\n').flatMap((line, index) => {
    const paths = [...line.matchAll(DOC_PATH)].map((m) => m[0]);
    const adrs = [...line.matchAll(ADR_LIST)].flatMap((m) =>
      [...(m[1] ?? '').matchAll(/\d{3}/g)].map((n) => `docs/decisions/${n[0]}`),
    );
    const cited = [...paths, ...adrs, ...markdownLinks(file, line)];
    return cited.map((c) => ({ file, line: index + 1, cited: c }));
  });
}

/** Why a cited doc cannot be followed, or null when it can. */
export function brokenReason(cited: string, anchors: (file: string) => Set<string>): string | null {
  const [path = '', anchor] = cited.split('#');
  const adr = /^docs\/decisions\/(\d{3})$/.exec(path);
  if (adr !== null) {
    const folder = join(REPO_ROOT, 'docs', 'decisions');
    const found = readdirSync(folder).some((name) => name.startsWith(`${adr[1]}-`));
    return found ? null : `no ADR ${adr[1]} in docs/decisions/`;
  }
  if (!existsSync(join(REPO_ROOT, path))) return `no file ${path}`;
  if (anchor === undefined || !path.endsWith('.md')) return null;
  return anchors(path).has(anchor) ? null : `no anchor #${anchor} in ${path}`;
}

/** The workspace packages, from the root package.json. */
export function workspacePackages(): string[] {
  const manifest = JSON.parse(readRepoFile('package.json')) as { workspaces: string[] };
  return manifest.workspaces;
}

export const README_SECTIONS = ['## Owns', '## May import', '## Run and test'] as const;

/** The sections a package's README lacks (all of them when there is no README). */
export function missingReadmeSections(pkg: string): string[] {
  const path = join(REPO_ROOT, pkg, 'README.md');
  if (!existsSync(path)) return [...README_SECTIONS];
  const headings = new Set(
    readFileSync(path, 'utf8')
      .split('\n')
      .map((line) => line.trim()),
  );
  return README_SECTIONS.filter((section) => !headings.has(section));
}
