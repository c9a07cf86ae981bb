import { fork } from 'node:child_process';
const t0 = Date.now();
const child = fork('/work/wt/sources/services/search/src/sources/database/reader-child.ts', ['--trove-source-reader'], {
  execArgv: ['--import', import.meta.resolve('tsx')],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
child.on('message', (m) => { console.log('reply', Date.now() - t0, 'ms', JSON.stringify(m).slice(0, 200)); child.kill(); });
child.send({ id: 1, op: 'open', limits: { statementTimeoutMs: 1000, connectTimeoutMs: 1000, rowMaxBytes: 1e6, batchMaxBytes: 1e6 }, target: { kind: 'sqlite', path: '/nonexistent' } });
