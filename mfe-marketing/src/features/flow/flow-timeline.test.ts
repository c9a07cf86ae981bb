import { describe, expect, it } from 'vitest';
import { FLOW_CYCLE_MS, FLOW_STEP_MS, flowPosition, shipPhase } from './flow-timeline';

describe('flow steps (docs/product/public-pages.md#flow)', () => {
  it('cycles through connect, ask, extract and ship, 2200 ms each', () => {
    expect(FLOW_STEP_MS).toBe(2200);
    expect(flowPosition(0).step).toBe('connect');
    expect(flowPosition(2199).step).toBe('connect');
    expect(flowPosition(2200).step).toBe('ask');
    expect(flowPosition(4400).step).toBe('extract');
    expect(flowPosition(6600).step).toBe('ship');
    expect(flowPosition(8799).step).toBe('ship');
  });

  it('then loops', () => {
    expect(FLOW_CYCLE_MS).toBe(8800);
    expect(flowPosition(8800)).toMatchObject({ step: 'connect', stepIndex: 0, stepProgress: 0 });
    expect(flowPosition(8800 * 3 + 2200).step).toBe('ask');
  });

  it('reports the position within the step and the cycle for the progress bar', () => {
    expect(flowPosition(1100)).toMatchObject({ stepProgress: 0.5, cycleProgress: 0.125 });
    expect(flowPosition(6600 + 1100)).toMatchObject({ stepIndex: 3, stepProgress: 0.5 });
  });
});

describe('ship phases (docs/product/public-pages.md#flow)', () => {
  it('under 33% opening, under 66% composing, then delivered', () => {
    expect(shipPhase(0)).toBe('opening');
    expect(shipPhase(0.329)).toBe('opening');
    expect(shipPhase(0.33)).toBe('composing');
    expect(shipPhase(0.659)).toBe('composing');
    expect(shipPhase(0.66)).toBe('delivered');
    expect(shipPhase(1)).toBe('delivered');
  });
});
