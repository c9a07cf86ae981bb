import { describe, expect, it } from 'vitest';
import { stepIndex, SWIPE_THRESHOLD_PX, swipeStep, TESTIMONIAL_ROTATE_MS } from './rotation';

describe('testimonial rotation rules (docs/product/public-pages.md#social-proof)', () => {
  it('rotates every 5.2 s and wraps', () => {
    expect(TESTIMONIAL_ROTATE_MS).toBe(5200);
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
  });

  it('a swipe over 40px changes the card; 40px or less does not', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(40);
    expect(swipeStep(-40)).toBe(0);
    expect(swipeStep(40)).toBe(0);
    expect(swipeStep(-41)).toBe(1);
    expect(swipeStep(41)).toBe(-1);
  });
});
