import type { SourceProblem } from '@trove/contracts';

// The messages between a kind's calls and the child they run in (kind-sandbox.ts, kind-child.ts).

/** argv[2] of the child, so importing its module elsewhere never starts a loop. */
export const KIND_CHILD_FLAG = '--trove-source-kind';

/** A call: the operation's name (`webdav.list`) and its arguments, which carry everything it needs. */
export interface KindCall {
  id: number;
  op: string;
  args: unknown;
}

export type KindReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; problem: SourceProblem; message: string };
