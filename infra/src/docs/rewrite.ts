import { DESIGN_RULES, placeCitation, SPEC_SECTIONS, STYLE_RULES } from './citation-map.ts';

// Rewrites citations of the old product spec ("SPEC §4.3, §8") and of the design and style notes
// ("DESIGN.md \"Services\"") into citations of the docs that now hold those rules. Pure: text in, text out.
// A rewritten citation names a docs/ file, which none of these patterns match, so running it again changes
// nothing — the lead runs it after every merge (issue 44).

const SECTION = String.raw`(\d+(?:\.\d+)?)`;
/** "SPEC §4.3", "SPEC §2.4 / §4.3", "SPEC §2.4, §4.3, §8", "SPEC §4.3 and §8", "SPEC §7/§8". */
const SPEC_CHAIN = new RegExp(String.raw`\bSPEC §${SECTION}((?:\s*(?:,|/|&|and)\s*§\d+(?:\.\d+)?)*)`, 'g');
/** A "§9" later on a line that cited the spec ("SPEC §3 plan shape, §9 pricing"); not "RFC 3501 §6.4". */
const BARE_SECTION = new RegExp(String.raw`(?<![\w\d.-]\s?)(?<![\w/])§${SECTION}`, 'g');
/**
 * "DESIGN.md", "DESIGN.md \"Services\"", "DESIGN.md, run-time composition)", "DESIGN \"Services\"", and the
 * same for STYLE.md. A quoted or bracketed section name after the file is taken in: the anchor replaces it.
 */
const QUALIFIER = String.raw`(?:,?\s*"([^"\n]{1,60})"|,\s+([A-Za-z][A-Za-z -]{1,30})(?=\)))?`;
const DESIGN_REF = new RegExp(String.raw`\bDESIGN(?:\.md|(?= "))${QUALIFIER}`, 'g');
const STYLE_REF = new RegExp(String.raw`\bSTYLE\.md${QUALIFIER}`, 'g');

/** Any reference the rewrite exists to remove; what the check looks for. */
export const OLD_REFERENCE = /\bSPEC\b|\bDESIGN\.md|\bDESIGN(?= ")|\bSTYLE\.md/;

function specTarget(section: string, path: string, line: string): string {
  const rules = SPEC_SECTIONS[section] ?? SPEC_SECTIONS[section.split('.')[0] ?? ''];
  if (rules === undefined) throw new Error(`${path}: no home for SPEC §${section} in citation-map.ts`);
  return placeCitation(rules, path, line);
}

const unique = (targets: string[]) => [...new Set(targets)].join(', ');

function rewriteSpec(line: string, path: string): string {
  if (!/\bSPEC §\d/.test(line)) return line;
  const cited = line.replace(SPEC_CHAIN, (_match, first: string, rest: string) => {
    const sections = [first, ...[...rest.matchAll(/§(\d+(?:\.\d+)?)/g)].map((m) => m[1] ?? '')];
    return unique(sections.map((section) => specTarget(section, path, line)));
  });
  return cited.replace(BARE_SECTION, (_match, section: string) => specTarget(section, path, line));
}

function rewriteNotes(line: string, path: string, pattern: RegExp, rules: typeof DESIGN_RULES): string {
  return line.replace(pattern, (_match, quoted?: string, named?: string) => {
    const qualifier = quoted ?? named ?? '';
    return placeCitation(rules, path, `${qualifier} ${line}`);
  });
}

/** The file's text with every old citation pointing at its new home; `path` is relative to the root. */
export function rewriteCitations(text: string, path: string): string {
  if (!OLD_REFERENCE.test(text)) return text;
  return text
    .split('\n')
    .map((line) => {
      const spec = rewriteSpec(line, path);
      const design = rewriteNotes(spec, path, DESIGN_REF, DESIGN_RULES);
      return rewriteNotes(design, path, STYLE_REF, STYLE_RULES);
    })
    .join('\n');
}
