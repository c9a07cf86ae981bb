import { SOURCE_PROBLEMS, type SourceProblem } from '@trove/contracts';
import { READER_READY } from '../../database/reader-protocol';
import { CHILD_OPERATIONS } from './child-operations';
import { KIND_CHILD_FLAG, type KindCall, type KindReply } from './kind-protocol';

// The child a file share's or a repository's reads run in (docs/decisions/218-webdav-and-git-in-the-child.md), as a
// mailbox's and a database's do (ADRs 082, 200): each call names an operation and carries all it needs (the
// address, the checked host, the password), so the child keeps nothing between calls and serves one source after
// another (reader-pool.ts). It holds nothing of the service's: no database, no secrets key.

/** A failure as the card's problem and words: the kind's own error says which problem; anything else is 'server'. */
function failureOf(error: unknown): { problem: SourceProblem; message: string } {
  const problem =
    typeof error === 'object' && error !== null ? (error as { problem?: unknown }).problem : undefined;
  return {
    problem: typeof problem === 'string' && isSourceProblem(problem) ? problem : 'server',
    message: error instanceof Error ? error.message : String(error),
  };
}

const isSourceProblem = (name: string): name is SourceProblem =>
  (SOURCE_PROBLEMS as readonly string[]).includes(name);

function runKindChild(): void {
  const reply = (message: KindReply) => process.send?.(message);
  /** Calls still at work: "close" answers after them, so no late reply reaches the next source's session. */
  const working = new Set<Promise<unknown>>();
  process.on('message', (call: KindCall) => {
    if (call.op === 'close') {
      void Promise.allSettled([...working]).then(() => reply({ id: call.id, ok: true, value: null }));
      return;
    }
    const operation = Object.hasOwn(CHILD_OPERATIONS, call.op) ? CHILD_OPERATIONS[call.op] : undefined;
    if (operation === undefined) {
      reply({ id: call.id, ok: false, problem: 'server', message: `Unknown call ${call.op}.` });
      return;
    }
    // A throw before the operation's first await is its failure too, never the child's end.
    const work = Promise.resolve(call.args)
      .then(operation)
      .then(
        (value) => reply({ id: call.id, ok: true, value }),
        (error: unknown) => reply({ id: call.id, ok: false, ...failureOf(error) }),
      );
    working.add(work);
    void work.finally(() => working.delete(work));
  });
  // The parent's signals are its own to act on; it stops this child by SIGKILL.
  process.on('SIGTERM', () => undefined);
  process.on('SIGINT', () => undefined);
  process.once('disconnect', () => process.exit(0));
  process.send?.(READER_READY);
}

if (process.argv[2] === KIND_CHILD_FLAG && process.send !== undefined) runKindChild();
