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

type Violations = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'];

/** The serious and critical findings as "rule (label): selectors" lines; the label is left out when empty. */
function seriousLines(violations: Violations, label = ''): string[] {
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}${label ? ` (${label})` : ''}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Serious and critical axe findings on the whole page, as "rule: selectors" lines (expected: none). */
export async function axeViolations(page: Page): Promise<string[]> {
  await animationsSettled(page);
  return seriousLines((await axeBuilder(page).analyze()).violations);
}

/**
 * The rules whose findings can change with the theme: the themes differ only in the colour tokens the class
 * on <html> selects (shell/kit/src/theme.tsx), so names, roles, labels and structure are the same in both.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Shows `theme` the way the app applies one (the class on <html> and color-scheme, as the kit's applyTheme and
 * theme-init.js do), without a reload, and waits for the colour transitions to end.
 */
export async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    const root = document.documentElement;
    root.classList.toggle('dark', value === 'dark');
    root.classList.toggle('light', value === 'light');
    root.style.colorScheme = value;
  }, theme);
  await animationsSettled(page);
}

/**
 * Both themes on one load: every rule on the page as it is (light), then the colour rules again in dark, and
 * back. A second load and a second full pass for dark cost ~40% of the browser layer's CPU and checked nothing
 * the colour rules do not (docs/decisions/077). `build` narrows the pass (e.g. the shell's own markup).
 */
export async function axeViolationsInBothThemes(
  page: Page,
  build: (page: Page) => AxeBuilder = axeBuilder,
): Promise<string[]> {
  await showTheme(page, 'light');
  const light = await build(page).analyze();
  await showTheme(page, 'dark');
  const dark = await build(page).withRules(COLOUR_RULES).analyze();
  await showTheme(page, 'light');
  return [...seriousLines(light.violations, 'light'), ...seriousLines(dark.violations, 'dark')];
}
