/** Testimonial rotation rules (docs/product/public-pages.md#social-proof), pure. */

/** docs/product/public-pages.md#social-proof: a new testimonial every 5.2 s. */
export const TESTIMONIAL_ROTATE_MS = 5200;
/** docs/product/public-pages.md#social-proof: a swipe changes the card only when it travels more than 40px. */
export const SWIPE_THRESHOLD_PX = 40;

export function stepIndex(current: number, by: number, count: number): number {
  if (count <= 0) return 0;
  return (((current + by) % count) + count) % count;
}

/** A swipe left (negative dx) shows the next card, right the previous; 40px or less is not a swipe. */
export function swipeStep(dx: number): -1 | 0 | 1 {
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return 0;
  return dx < 0 ? 1 : -1;
}
