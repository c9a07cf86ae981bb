import { useRef } from 'react';
import { destinationLabel, parseCommand } from '@trove/contracts';
import { Cluster, Text } from '@trove/kit/ui';
import { Icon } from '../content/icons';
import { useElapsed } from '../motion/use-elapsed';
import { useInView } from '../motion/use-in-view';
import { usePageSettled } from '../motion/use-page-settled';
import { DEMO_STAGE_MS, demoFrame } from './demo-timeline';
import * as styles from './hero-demo.module.css';
import { demoSamples } from './demo-samples';

/** Fine enough for typing to look smooth, coarse enough to cost nothing. */
const TICK_MS = 50;

/**
 * The hero's typing demo (docs/product/public-pages.md#hero). Every line is always laid out — untyped characters and
 * unrevealed stages are only invisible — so the animation never moves anything (no layout shift).
 * With reduced motion it shows the first sample complete and still. Typing starts once the page has
 * loaded; before that the first sample shows complete.
 *
 * No kit and no router here: on the prerendered landing page this runs as an island of its own, long
 * before the app (docs/decisions/190), so it takes the product's short name and the motion setting as props
 * (hero-demo-live.tsx reads them in the app; expose/islands.tsx on the drawn page).
 */
export function HeroDemo({ shortName, reduced }: { shortName: string; reduced: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref);
  const settled = usePageSettled();
  const running = !reduced && visible && settled;
  const elapsed = useElapsed(running, TICK_MS);
  // Until typing starts — and in the page prerendered at build time, which has no script to type with
  // (docs/decisions/008) — the first sample shows complete, as with reduced motion, not an empty prompt.
  const frame =
    reduced || (!running && elapsed === 0)
      ? { sampleIndex: 0, typed: Number.POSITIVE_INFINITY, stages: DEMO_STAGE_MS.length }
      : demoFrame(elapsed, demoSamples.length, (index) => (demoSamples[index]?.command ?? '').length);
  const sample = demoSamples[frame.sampleIndex] ?? demoSamples[0];
  if (!sample) return null;
  const typed = sample.command.slice(0, frame.typed);
  const rest = sample.command.slice(typed.length);
  const { destination } = parseCommand(sample.command);
  const stages = [
    { icon: 'search', text: sample.found },
    { icon: 'spark', text: sample.extracted },
    { icon: 'send', text: `Sent to ${destinationLabel(destination)}` },
  ] as const;

  return (
    <div ref={ref} className={styles.window} data-testid="hero-demo" data-stages={frame.stages}>
      <Cluster wrap={false} align="center" className={styles.titleBar} aria-hidden="true">
        <span className={styles.dot} />
        <span className={styles.dot} />
        <span className={styles.dot} />
        <Text as="span" tone="muted" size="xs" weight="semibold" className={styles.windowTitle}>
          {shortName}
        </Text>
      </Cluster>
      <p className={styles.srOnly}>
        Example: “{sample.command}”. {stages.map((stage) => stage.text).join('. ')}.
      </p>
      <div className={styles.body} aria-hidden="true">
        <Cluster as="p" gap={2} wrap={false} className={styles.command}>
          <span className={styles.prompt}>›</span>
          <span>
            {typed}
            <span className={reduced ? styles.caretStill : styles.caret} />
            <span className={styles.untyped}>{rest}</span>
          </span>
        </Cluster>
        <ol className={styles.stages}>
          {stages.map((stage, index) => (
            <li key={stage.icon} className={styles.stage} data-shown={index < frame.stages || undefined}>
              <span className={styles.stageIcon}>
                <Icon name={stage.icon} size={16} />
              </span>
              <span className={styles.stageText}>{stage.text}</span>
            </li>
          ))}
        </ol>
      </div>
    </div>
  );
}
