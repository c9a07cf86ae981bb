import { useId, useRef, useState } from 'react';
import { Card, Cluster, Input, Text } from '@trove/kit/ui';
import { destinationLabel, parseCommand } from '@trove/contracts';
import { useAppConfig } from '@trove/kit';
import { flowSteps } from '../content/flow-steps';
import * as section from '../layout/section.module.css';
import { useElapsed } from '../motion/use-elapsed';
import { useInView } from '../motion/use-in-view';
import { useReducedMotion } from '../motion/use-reduced-motion';
import { FLOW_CYCLE_MS, flowPosition, STATIC_FLOW_POSITION, shipPhase } from './flow-timeline';
import * as styles from './how-it-works.module.css';
import { ShipWindow } from './ship-window';

/** The command the flow runs until someone types their own (docs/product/public-pages.md#flow). */
export const FLOW_SAMPLE_COMMAND = 'summarize overdue invoices → #finance';
const TICK_MS = 100;

/**
 * docs/product/public-pages.md#flow: the live "how it works" flow. Connect → Ask → Extract → Ship, 2200 ms each, looping,
 * with a progress bar; the "Type a command" input mirrors into the preview and overrides the sample.
 */
export default function HowItWorks() {
  const { name } = useAppConfig();
  const reduced = useReducedMotion();
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref);
  const elapsed = useElapsed(!reduced && visible, TICK_MS);
  const position = reduced ? STATIC_FLOW_POSITION : flowPosition(elapsed);
  const cycle = reduced ? 0 : Math.floor(elapsed / FLOW_CYCLE_MS);
  const [typed, setTyped] = useState('');
  const [sentIn, setSentIn] = useState<number | null>(null);
  const [closedIn, setClosedIn] = useState<number | null>(null);
  const inputId = useId();

  const command = typed.trim() === '' ? FLOW_SAMPLE_COMMAND : typed;
  const parsed = parseCommand(command);
  const phase = sentIn === cycle ? 'delivered' : shipPhase(position.stepProgress);
  const showWindow = position.step === 'ship' && closedIn !== cycle;
  const summary = `${capitalise(parsed.verb ?? 'find')} ${parsed.query || 'your results'}: 6 results, 3 dates and 2 totals, with links to each source.`;

  return (
    <section className={section.section} aria-labelledby="how-title">
      <div className={section.header}>
        <p className={section.eyebrow}>How it works</p>
        <h2 id="how-title" className={section.heading}>
          From question to delivered answer in four steps
        </h2>
        <Text tone="muted" className={section.lede}>
          Type a command below and watch it run.
        </Text>
      </div>
      <div ref={ref} className={styles.layout}>
        <div>
          <ol className={styles.steps}>
            {flowSteps(name).map((step, index) => (
              <li
                key={step.key}
                className={styles.step}
                data-active={index === position.stepIndex || undefined}
                data-done={index < position.stepIndex || undefined}
                aria-current={index === position.stepIndex ? 'step' : undefined}
                data-testid={`flow-step-${step.key}`}
              >
                <Text as="span" tone="muted" weight="bold" className={styles.stepNumber}>
                  {index + 1}
                </Text>
                <div>
                  <h3 className={styles.stepTitle}>{step.title}</h3>
                  <Text tone="muted" size="sm" className={styles.stepBlurb}>
                    {step.blurb}
                  </Text>
                  <Cluster as="ul" gap={1} aria-label={`${step.title} examples`}>
                    {step.chips.map((chip) => (
                      <li key={chip} className={section.chip}>
                        {chip}
                      </li>
                    ))}
                  </Cluster>
                </div>
              </li>
            ))}
          </ol>
          <div
            className={styles.progress}
            role="progressbar"
            aria-label="Flow progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(position.cycleProgress * 100)}
          >
            <span
              className={styles.progressFill}
              style={{ transform: `scaleX(${position.cycleProgress})` }}
            />
          </div>
        </div>

        <Card shadow="md" className={styles.preview} data-step={position.step}>
          <label className={styles.inputLabel} htmlFor={inputId}>
            Type a command
          </label>
          <Input
            id={inputId}
            className={styles.input}
            value={typed}
            placeholder={FLOW_SAMPLE_COMMAND}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <Text tone="muted" size="xs" className={styles.hint}>
            A verb, an arrow, a destination: <code>#channel</code>, <code>teams "Channel"</code>,{' '}
            <code>email you@work.com</code> or <code>drive /folder</code>.
          </Text>
          <div className={styles.screen}>
            <Text size="sm" breakAnywhere className={styles.mirror} data-testid="flow-mirror">
              <span className={styles.prompt} aria-hidden="true">
                ›
              </span>{' '}
              {command}
            </Text>
            <dl className={styles.parsed}>
              <div>
                <dt>Action</dt>
                <dd>{parsed.verb ?? '—'}</dd>
              </div>
              <div>
                <dt>Looking for</dt>
                <dd>{parsed.query || '—'}</dd>
              </div>
              <div>
                <dt>Destination</dt>
                <dd data-testid="flow-destination">{destinationLabel(parsed.destination)}</dd>
              </div>
            </dl>
            <Text tone="muted" size="sm">
              {stepNote(position.step)}
            </Text>
            {showWindow ? (
              <ShipWindow
                destination={parsed.destination}
                phase={phase}
                summary={summary}
                onSend={() => setSentIn(cycle)}
                onClose={() => setClosedIn(cycle)}
              />
            ) : null}
          </div>
        </Card>
      </div>
    </section>
  );
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function stepNote(step: string): string {
  switch (step) {
    case 'connect':
      return 'Connecting Gmail, Drive, Slack and Jira (read-only)…';
    case 'ask':
      return 'Searching 4 sources on this device…';
    case 'extract':
      return 'Found 3 dates, 2 totals and 4 people.';
    default:
      return 'Shipping the summary…';
  }
}
