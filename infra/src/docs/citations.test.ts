import { testTime } from '@trove/service-core/testing/time';
import { describe, expect, it } from 'vitest';
import { DESIGN_RULES, SPEC_SECTIONS, STYLE_RULES } from './citation-map.ts';
import {
  anchorsOf,
  brokenReason,
  docCitations,
  missingReadmeSections,
  oldReferences,
  readRepoFile,
  repositoryFiles,
  workspacePackages,
} from './citations.ts';
import { rewriteCitations } from './rewrite.ts';

// The docs check of issue 44, in the unit layer: every citation of a doc, an anchor or an ADR leads somewhere;
// nothing cites the old spec or notes any more; every package's README says what it owns and may import.

/**
 * Citations that lead nowhere today for a reason outside this check's reach, each with why. The test below
 * fails when one starts to lead somewhere, so the list only shrinks.
 */
const KNOWN_GAPS: ReadonlyArray<{ file: string; cited: string; why: string }> = [];

const files = repositoryFiles();
const anchorCache = new Map<string, Set<string>>();
const anchors = (file: string) => {
  const cached = anchorCache.get(file) ?? anchorsOf(readRepoFile(file));
  anchorCache.set(file, cached);
  return cached;
};
const isKnownGap = (file: string, cited: string) =>
  KNOWN_GAPS.some((gap) => gap.file === file && gap.cited === cited);

// A hang guard: the first tests read every file of the repository (~1 s quiet, 6 s beside a full run).
describe('the docs check', { timeout: testTime(60_000) }, () => {
  it('every cited doc, anchor and ADR exists', () => {
    const broken = files.flatMap((file) =>
      docCitations(file, readRepoFile(file)).flatMap(({ line, cited }) => {
        const reason = brokenReason(cited, anchors);
        return reason === null || isKnownGap(file, cited) ? [] : [`${file}:${line}: ${cited} (${reason})`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('each known gap is still a gap (remove it from KNOWN_GAPS once it is fixed)', () => {
    for (const gap of KNOWN_GAPS) {
      const cited = docCitations(gap.file, readRepoFile(gap.file)).map((c) => c.cited);
      expect(cited).toContain(gap.cited);
      expect(brokenReason(gap.cited, anchors)).not.toBeNull();
    }
  });

  it('nothing cites the old spec, design or style notes (npx tsx infra/src/docs/rewrite-citations.ts)', () => {
    const old = files.flatMap((file) => oldReferences(file, readRepoFile(file)));
    expect(old.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });

  it('every package has a README saying what it owns, may import, and how to run and test it', () => {
    const missing = workspacePackages().flatMap((pkg) =>
      missingReadmeSections(pkg).map((section) => `${pkg}/README.md: ${section}`),
    );
    expect(missing).toEqual([]);
  });

  it('every home in the citation map exists, and every section has a home for any line', () => {
    const lists = [...Object.values(SPEC_SECTIONS), DESIGN_RULES, STYLE_RULES];
    const targets = new Set(lists.flat().map((rule) => rule.target));
    const broken = [...targets].filter((target) => brokenReason(target, anchors) !== null);
    expect(broken).toEqual([]);
    for (const rules of lists) expect(rules.at(-1)).toEqual({ target: expect.any(String) });
  });
});

describe('rewriting old citations', () => {
  it('places each section of a chain by its line and file', () => {
    const line = "describe('the code step (SPEC §4.3, §8)', () => {";
    expect(rewriteCitations(line, 'mfe-auth/src/x.test.ts')).toBe(
      "describe('the code step (docs/product/accounts.md#auth-flow, docs/product/accounts.md#errors)', () => {",
    );
  });

  it('rewrites a later bare section on the same line, not an RFC or issue section', () => {
    const line = '/** The plans (SPEC §3 plan shape, §9 pricing); RFC 3501 §6.4 and issue 11 §3 stay. */';
    expect(rewriteCitations(line, 'mfe-marketing/src/features/pricing/plans.ts')).toBe(
      '/** The plans (docs/product/public-pages.md#pricing plan shape, docs/product/public-pages.md#pricing ' +
        'pricing); RFC 3501 §6.4 and issue 11 §3 stay. */',
    );
  });

  it('takes in a named section of the design and style notes', () => {
    expect(rewriteCitations('// The outbox (DESIGN.md "Services"): a row', 'services/core/src/a.ts')).toBe(
      '// The outbox (docs/architecture.md#mail): a row',
    );
    expect(rewriteCitations('(DESIGN.md, CSS). Remotes', 'shell/kit/src/tokens.css')).toBe(
      '(docs/architecture.md#css). Remotes',
    );
    expect(rewriteCitations('(STYLE.md, "one schema per payload")', 'a.ts')).toBe(
      '(docs/conventions.md#one-schema-per-payload)',
    );
  });

  it('changes nothing the second time', () => {
    const once = rewriteCitations('SPEC §7 GET /auth/me (DESIGN.md "Services")', 'shell/kit/src/a.ts');
    expect(rewriteCitations(once, 'shell/kit/src/a.ts')).toBe(once);
    expect(oldReferences('a.ts', once)).toEqual([]);
  });
});

describe('reading citations', () => {
  it('finds doc paths with anchors, numbered ADRs and lists of them, but not ranges', () => {
    const text =
      'see docs/product/shell.md#theme, docs/decisions/064 and ADRs 010 and 011; ADRs 080–099 later';
    expect(docCitations('a.ts', text).map((c) => c.cited)).toEqual([
      'docs/product/shell.md#theme',
      'docs/decisions/064',
      'docs/decisions/010',
      'docs/decisions/011',
    ]);
  });

  it('resolves relative links in Markdown', () => {
    const cited = docCitations('docs/product/api.md', 'the [session](shell.md#session), [top](#errors)');
    expect(cited.map((c) => c.cited)).toEqual([
      'docs/product/shell.md#session',
      'docs/product/api.md#errors',
    ]);
  });

  it('names what is missing: a file, an anchor, an ADR', () => {
    expect(brokenReason('docs/product/nowhere.md', anchors)).toBe('no file docs/product/nowhere.md');
    expect(brokenReason('docs/product/shell.md#nowhere', anchors)).toBe(
      'no anchor #nowhere in docs/product/shell.md',
    );
    expect(brokenReason('docs/decisions/999', anchors)).toBe('no ADR 999 in docs/decisions/');
    expect(brokenReason('docs/product/shell.md#theme', anchors)).toBeNull();
  });
});
