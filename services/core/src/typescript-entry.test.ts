import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_ENTRIES_FILE } from './child-entry';
import { typeScriptEntry } from './typescript-entry';

describe('typeScriptEntry', () => {
  it('runs TypeScript in one process that receives SIGTERM itself and exits with its own code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trove-ts-entry-'));
    const entry = join(dir, 'main.ts');
    // A type annotation, so plain node could not run it; a slow drain, longer than tsx's CLI waits.
    writeFileSync(
      entry,
      [
        'const drainMs: number = 300;',
        "process.on('SIGTERM', () => setTimeout(() => process.exit(0), drainMs));",
        "process.stdout.write('ready ' + String(process.pid) + '\\n');",
        'setInterval(() => undefined, 1000);',
      ].join('\n'),
    );
    const { command, args } = typeScriptEntry(entry, [], undefined);
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const readyPid = await new Promise<number>((resolve) => {
      child.stdout?.on('data', (chunk) => {
        const match = /ready (\d+)/.exec(String(chunk));
        if (match?.[1]) resolve(Number(match[1]));
      });
    });
    // The pid we signal is the process that runs the code: no wrapper in between.
    expect(readyPid).toBe(child.pid);
    const exit = new Promise<[number | null, string | null]>((resolve) =>
      child.once('exit', (code, signal) => resolve([code, signal])),
    );
    child.kill('SIGTERM');
    expect(await exit).toEqual([0, null]);
  });
});

describe('typeScriptEntry with prebuilt bundles (docs/decisions/247)', () => {
  it("runs a service's listed entry from its bundle with plain node, and anything else under tsx", () => {
    const bundles = mkdtempSync(join(tmpdir(), 'trove-ts-entry-bundles-'));
    mkdirSync(join(bundles, 'auth'));
    writeFileSync(join(bundles, 'auth', BUNDLE_ENTRIES_FILE), JSON.stringify({ 'src/main.ts': 'main.mjs' }));
    expect(typeScriptEntry('services/auth/src/main.ts', ['--flag'], bundles)).toEqual({
      command: process.execPath,
      args: [join(bundles, 'auth', 'main.mjs'), '--flag'],
    });
    expect(typeScriptEntry('/repo/infra/src/deploy/cli.ts', [], bundles).args[0]).toBe('--import');
  });
});
