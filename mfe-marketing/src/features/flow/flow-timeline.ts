/** The "how it works" flow's clock (docs/product/public-pages.md#flow), pure: the hook feeds it elapsed milliseconds. */

export const FLOW_STEPS = ['connect', 'ask', 'extract', 'ship'] as const;
export type FlowStepKey = (typeof FLOW_STEPS)[number];

/** docs/product/public-pages.md#flow: each step lasts 2200 ms, then the flow loops. */
export const FLOW_STEP_MS = 2200;
export const FLOW_CYCLE_MS = FLOW_STEP_MS * FLOW_STEPS.length;

export interface FlowPosition {
  step: FlowStepKey;
  stepIndex: number;
  /** 0 ≤ progress < 1 within the current step. */
  stepProgress: number;
  /** 0 ≤ progress < 1 across the whole cycle, for the progress bar. */
  cycleProgress: number;
}

export function flowPosition(elapsedMs: number): FlowPosition {
  const inCycle = ((Math.max(0, elapsedMs) % FLOW_CYCLE_MS) + FLOW_CYCLE_MS) % FLOW_CYCLE_MS;
  const stepIndex = Math.min(FLOW_STEPS.length - 1, Math.floor(inCycle / FLOW_STEP_MS));
  return {
    step: FLOW_STEPS[stepIndex] ?? 'connect',
    stepIndex,
    stepProgress: (inCycle - stepIndex * FLOW_STEP_MS) / FLOW_STEP_MS,
    cycleProgress: inCycle / FLOW_CYCLE_MS,
  };
}

/** Where the flow stands for someone who asked for reduced motion: the finished ship step. */
export const STATIC_FLOW_POSITION: FlowPosition = {
  step: 'ship',
  stepIndex: FLOW_STEPS.length - 1,
  stepProgress: 1,
  cycleProgress: 1,
};

export type ShipPhase = 'opening' | 'composing' | 'delivered';

/** docs/product/public-pages.md#flow: on the ship step, under 33% opening, under 66% composing, then delivered. */
export function shipPhase(stepProgress: number): ShipPhase {
  if (stepProgress < 0.33) return 'opening';
  if (stepProgress < 0.66) return 'composing';
  return 'delivered';
}
