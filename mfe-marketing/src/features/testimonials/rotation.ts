/** Testimonial rotation rules (SPEC §4.5), pure. */

/** SPEC §4.5: a new testimonial every 5.2 s. */
export const TESTIMONIAL_ROTATE_MS = 5200;
/** SPEC §4.5: a swipe changes the card only when it travels more than 40px. */
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
