import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { oldReferences, readRepoFile, REPO_ROOT, repositoryFiles } from './citations.ts';
import { rewriteCitations } from './rewrite.ts';

// The codemod of issue 44: every "SPEC §…", DESIGN.md and STYLE.md citation in the repository becomes a citation
// of the docs/ section that holds that rule now (citation-map.ts says which). Safe to run again after a merge:
// a rewritten citation is not matched again.
//
//   npx tsx infra/src/docs/rewrite-citations.ts           rewrite, then format the changed code with Biome
//   npx tsx infra/src/docs/rewrite-citations.ts --check   list what would change; exit 1 if anything would
//
// Either way it lists the lines it cannot place (an old reference with no section number), to fix by hand.

const formatted = /\.(?:ts|tsx|mts|js|mjs|cjs|json|css)$/;

function main(args: string[]): number {
  const check = args.includes('--check');
  const rewritten = repositoryFiles().map((file) => {
    const before = readRepoFile(file);
    return { file, before, after: rewriteCitations(before, file) };
  });
  const changed = rewritten.filter(({ before, after }) => after !== before);
  // What no rule can place ("the SPEC rule", a section number on the next line) is left for a person.
  const byHand = rewritten.flatMap(({ file, after }) => oldReferences(file, after));
  for (const { file, line, text } of byHand) console.log(`${file}:${line}: rewrite by hand: ${text}`);
  if (check) {
    for (const { file } of changed) console.log(`old citation in ${file}`);
    console.log(`${changed.length} file(s) cite the old spec or notes; ${byHand.length} line(s) need a hand`);
    return changed.length === 0 && byHand.length === 0 ? 0 : 1;
  }
  for (const { file, after } of changed) writeFileSync(join(REPO_ROOT, file), after);
  console.log(`rewrote ${changed.length} file(s); ${byHand.length} line(s) need a hand`);
  // A longer citation in a test's name can push a call past the line width: Biome lays it out again.
  const code = changed.map((c) => c.file).filter((file) => formatted.test(file));
  if (code.length > 0 && !args.includes('--no-format')) {
    const biome = join(REPO_ROOT, 'node_modules', '.bin', 'biome');
    const result = spawnSync(biome, ['format', '--write', ...code], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (result.status !== 0) return result.status ?? 1;
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
