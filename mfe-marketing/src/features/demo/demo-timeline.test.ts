import { describe, expect, it } from 'vitest';
import { DEMO_SAMPLE_MS, demoFrame } from './demo-timeline';

const length = () => 24;

describe('hero demo timing (docs/product/public-pages.md#hero)', () => {
  it('types the command before the first stage', () => {
    expect(demoFrame(0, 3, length)).toEqual({ sampleIndex: 0, typed: 0, stages: 0 });
    expect(demoFrame(600, 3, length)).toEqual({ sampleIndex: 0, typed: 12, stages: 0 });
    expect(demoFrame(1199, 3, length).typed).toBe(23);
  });

  it('reveals stages at 1.2 s, 2.7 s and 4.4 s', () => {
    expect(demoFrame(1199, 3, length).stages).toBe(0);
    expect(demoFrame(1200, 3, length)).toMatchObject({ typed: 24, stages: 1 });
    expect(demoFrame(2699, 3, length).stages).toBe(1);
    expect(demoFrame(2700, 3, length).stages).toBe(2);
    expect(demoFrame(4399, 3, length).stages).toBe(2);
    expect(demoFrame(4400, 3, length).stages).toBe(3);
  });

  it('rotates the sample every 7.8 s and wraps', () => {
    expect(DEMO_SAMPLE_MS).toBe(7800);
    expect(demoFrame(7799, 3, length)).toMatchObject({ sampleIndex: 0, stages: 3 });
    expect(demoFrame(7800, 3, length)).toEqual({ sampleIndex: 1, typed: 0, stages: 0 });
    expect(demoFrame(7800 * 3, 3, length).sampleIndex).toBe(0);
  });
});
