import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until no finite animation is running: a person reads the page once things have entered, and the
 * entrance is 200 ms (none with reduced motion). The kit's popup fades its whole layer in (opacity 0 → 1)
 * and axe composites that opacity, so a dialog measured while it enters fails contrast its resting colours
 * pass: in the chat's passage dialog, the label on the matching passage's highlight (4.85:1 at rest in
 * dark) reads 4.23:1 at 90% and 3.5:1 at 77%. No colours pass all the way down — both ends of every pair
 * fade into what is behind. Animations that start while waiting (a toast, a popup a frame later) are
 * waited for too; infinite ones (spinners, shimmer) never end and change no text colour.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const entering = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY,
        );
    for (let running = entering(); running.length > 0; running = entering()) {
      await Promise.all(running.map((animation) => animation.finished.catch(() => undefined)));
    }
  });
}

/**
 * The one way specs run axe. Legacy mode runs `axe.run` in the page itself; the default (`runPartial` in
 * each frame, then `finishRun` in a new blank page the builder opens and injects axe into again) is for
 * cross-origin iframes, which Trove's pages do not have, and costs ~40% more CPU a pass (measured on the
 * profile page: ~1.4–2.6 s against ~2.4–4.7 s a pass on this machine) — the browser layer runs hundreds.
 * Only violations come back in full (`resultTypes`): axe keeps one example node of each passing, incomplete
 * or inapplicable rule instead of every node with its HTML, which had to be serialised out of the page — a
 * pass on the sources page went from ~2.9 s to ~1.5 s, ~0.9 s of it axe's own audit (docs/decisions/064).
 * The rules and the violations found are unchanged; nothing here reads passes or incompletes.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** Serious and critical axe findings on the whole page, as "rule: selectors" lines (expected: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  const results = await axeBuilder(page).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
