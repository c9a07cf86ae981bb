// The remotes' tests scale their waits by TEST_TIME_SCALE like every other layer (docs/decisions/077). A remote
// may import only the kit and the contracts, so the kit holds its own copy of the one multiplication; the
// services' copy (services/core/src/testing/test-time.ts) also parses the setting for the whole run, and
// `npm test` sets a valid one before any test starts.
const scale = Number(process.env.TEST_TIME_SCALE ?? '1');

/** A test's time limit or wait: `ms` on a machine like the one it was chosen on, scaled for this one. */
export const testTime = (ms: number): number =>
  Math.round(ms * (Number.isFinite(scale) && scale > 0 ? scale : 1));
