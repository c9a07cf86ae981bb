/** The hero demo's clock (docs/product/public-pages.md#hero), pure: the hook feeds it milliseconds since the sample began. */

/** docs/product/public-pages.md#hero: the stages appear 1.2 s, 2.7 s and 4.4 s into each sample. */
export const DEMO_STAGE_MS = [1200, 2700, 4400] as const;
/** The demo's clock step: fine enough for typing to look smooth, coarse enough to cost nothing. */
export const DEMO_TICK_MS = 50;
/** Typing waits this long after the page's load, so it never competes with the first burst of work. */
export const DEMO_SETTLE_MS = 1000;
/** docs/product/public-pages.md#landing-sections: the sample rotates every 7.8 s. */
export const DEMO_SAMPLE_MS = 7800;

export interface DemoFrame {
  sampleIndex: number;
  /** Characters of the command typed so far: the typing finishes as the first stage appears. */
  typed: number;
  /** Stages shown: 0 to 3. */
  stages: number;
}

export function demoFrame(elapsedMs: number, sampleCount: number, commandLength: (index: number) => number) {
  const elapsed = Math.max(0, elapsedMs);
  const sampleIndex = sampleCount > 0 ? Math.floor(elapsed / DEMO_SAMPLE_MS) % sampleCount : 0;
  const inSample = elapsed % DEMO_SAMPLE_MS;
  const length = commandLength(sampleIndex);
  const firstStage = DEMO_STAGE_MS[0];
  return {
    sampleIndex,
    typed: Math.min(length, Math.floor((inSample / firstStage) * length)),
    stages: DEMO_STAGE_MS.filter((at) => inSample >= at).length,
  } satisfies DemoFrame;
}
