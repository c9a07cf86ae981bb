import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Serious and critical axe findings on the whole page, as "rule: selectors" lines (expected: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  // A popup fades in (opacity 0 → 1): measured mid-fade, its text has a fraction of its contrast and axe
  // reports a colour-contrast failure no one ever sees. Finite animations (fades, rises) are let finish
  // first; infinite ones (spinners, shimmer) never end and do not change text colour.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}
