import { GIT_CHILD_OPERATIONS } from '../git/git-child-operations';
import { WEBDAV_CHILD_OPERATIONS } from '../webdav/webdav-child-operations';

// What the kinds' child can be asked to do (kind-child.ts): each kind that reads in it adds its operations here,
// by name, one line a kind.

// Each operation checks nothing of its arguments' shape: the parent's side of its kind wrote them.
export const CHILD_OPERATIONS = {
  ...WEBDAV_CHILD_OPERATIONS,
  ...GIT_CHILD_OPERATIONS,
} as unknown as Readonly<Record<string, (args: unknown) => Promise<unknown>>>;
