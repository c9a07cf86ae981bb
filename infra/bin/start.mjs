// `npm start`: from a fresh clone, install what is missing, then build and run the local stack
// (infra/src/start.ts). Plain Node with no dependencies: this file runs before `npm install` has.
import { ensureDebianPackages, ensureNode, ensureNpmDependencies } from './ensure.mjs';

ensureNode();
ensureNpmDependencies();
ensureDebianPackages();

// tsx's loader registered in this process rather than a child `tsx` process: Ctrl-C then reaches the
// one process that orders the shutdown, and nothing is left printing after the shell prompt returns.
const { register } = await import('tsx/esm/api');
register();
await import('../src/start.ts');
