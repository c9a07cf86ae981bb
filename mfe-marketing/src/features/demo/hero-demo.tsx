import { useRef } from 'react';
import { destinationLabel, parseCommand } from '@trove/contracts';
import { Cluster, Text } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import { useElapsed } from '../motion/use-elapsed';
import { useInView } from '../motion/use-in-view';
import { usePageSettled } from '../motion/use-page-settled';
import { DEMO_STAGE_MS, DEMO_TICK_MS, demoFrame } from './demo-timeline';
import * as styles from './hero-demo.module.css';
import { type DrawnSample, demoSamples } from './demo-samples';

/** Each sample with its third stage's words (where the answer went, read from the command). */
const drawnSamples: readonly DrawnSample[] = demoSamples.map((sample) => ({
  ...sample,
  sent: `Sent to ${destinationLabel(parseCommand(sample.command).destination)}`,
}));
const SAMPLES_ATTRIBUTE = JSON.stringify(drawnSamples);

/**
 * The hero's typing demo (docs/product/public-pages.md#hero). Every line is always laid out — untyped characters and
 * unrevealed stages are only invisible — so the animation never moves anything (no layout shift).
 * With reduced motion it shows the first sample complete and still. Typing starts once the page has
 * loaded; before that the first sample shows complete.
 *
 * It takes the product's short name and the motion setting as props (hero-demo-live.tsx reads them in the
 * app). On the drawn page, before the app, drawn/landing-motion.ts types the same samples on this markup
 * (docs/decisions/245).
 */
export function HeroDemo({ shortName, reduced }: { shortName: string; reduced: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref);
  const settled = usePageSettled();
  const running = !reduced && visible && settled;
  const elapsed = useElapsed(running, DEMO_TICK_MS);
  // Until typing starts — and in the page prerendered at build time, which has no script to type with
  // (docs/decisions/008) — the first sample shows complete, as with reduced motion, not an empty prompt.
  const frame =
    reduced || (!running && elapsed === 0)
      ? { sampleIndex: 0, typed: Number.POSITIVE_INFINITY, stages: DEMO_STAGE_MS.length }
      : demoFrame(elapsed, demoSamples.length, (index) => (demoSamples[index]?.command ?? '').length);
  const sample = drawnSamples[frame.sampleIndex] ?? drawnSamples[0];
  if (!sample) return null;
  const typed = sample.command.slice(0, frame.typed);
  const rest = sample.command.slice(typed.length);
  const stages = [
    { icon: 'search', text: sample.found },
    { icon: 'spark', text: sample.extracted },
    { icon: 'send', text: sample.sent },
  ] as const;

  // The data-* hooks are for the drawn page's driver (drawn/landing-motion.ts, docs/decisions/245), which
  // types the same samples on the server-rendered copy before the app runs: the copy's class names are the
  // prerender's own, so it finds its parts by these.
  return (
    <div
      ref={ref}
      className={styles.window}
      data-testid="hero-demo"
      data-stages={frame.stages}
      data-moving={!reduced || undefined}
      data-samples={SAMPLES_ATTRIBUTE}
    >
      <Cluster wrap={false} align="center" className={styles.titleBar} aria-hidden="true">
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
        <Text as="span" tone="muted" size="xs" weight="semibold" className={styles.windowTitle}>
          {shortName}
        </Text>
      </Cluster>
      <p className={styles.srOnly} data-demo="said">
        Example: “{sample.command}”. {stages.map((stage) => stage.text).join('. ')}.
      </p>
      <div className={styles.body} aria-hidden="true">
        <Cluster as="p" gap={2} wrap={false} className={styles.command}>
          <span className={styles.prompt}>›</span>
          <span>
            <span data-demo="typed">{typed}</span>
            <span className={styles.caret} />
            <span className={styles.untyped} data-demo="untyped">
              {rest}
            </span>
          </span>
        </Cluster>
        <ol className={styles.stages}>
          {stages.map((stage, index) => (
            <li key={stage.icon} className={styles.stage} data-shown={index < frame.stages || undefined}>
              <span className={styles.stageIcon}>
                <Icon name={stage.icon} size={16} />
              </span>
              <span className={styles.stageText} data-demo="stage">
                {stage.text}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
