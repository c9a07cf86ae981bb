import type { Source } from '@trove/contracts';
import { Button, Card, Cluster, Text, VisuallyHidden } from '@trove/kit/ui';
import { Fragment, useId } from 'react';
import * as badgeStyles from '../catalog/status-badge.module.css';
import { sourceUi } from './kinds/registry';
import { cardState, countOf, statusText } from './source-status';
import * as styles from './sources.module.css';

export type SourceAction = 'sync' | 'pause' | 'resume' | 'remove' | 'password' | 'trust' | 'edit';

/** The actions the service does at once (the others open a form in a popup). */
export type ServiceAction = Exclude<SourceAction, 'password' | 'trust' | 'edit'>;

/**
 * What a source that needs attention asks of the user, as its card's first button: a mailbox's new
 * password or certificate trust; a database source's settings (its form previews the fix before saving).
 */
export function attentionAction(source: Source): 'password' | 'trust' | 'edit' | null {
  const { status } = source;
  if (status.state !== 'needs_attention') return null;
  if (source.kind !== 'imap') return 'edit';
  return status.problem === 'auth' ? 'password' : status.problem === 'tls' ? 'trust' : null;
}

const attentionLabels = {
  password: 'Update password',
  trust: 'Trust certificate',
  edit: 'Fix settings',
} as const;

/**
 * A name such as a long mailbox address, with line-break opportunities after "@" and before each "." (issue 38:
 * "averylongname@company.example" wrapped mid-word on a phone). The text reads and copies as it is.
 */
export function BreakableName({ text }: { text: string }) {
  const pieces = text.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {pieces.map((piece, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed pieces of one text.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </>
  );
}

/** The lines under a source's name: what it reads, then where (a database's host and name, a file). */
export function sourceMeta(source: Source): string[] {
  return sourceUi(source).meta(source);
}

export interface SourceCardProps {
  source: Source;
  now: number;
  /** The action under way on this source, if any: its button is busy, the others wait. */
  busy: SourceAction | null;
  onAction: (source: Source, action: SourceAction) => void;
}

/** One of the user's sources and where it stands (issue 21 "Status people can read"). */
export function SourceCard({ source, now, busy, onAction }: SourceCardProps) {
  const titleId = useId();
  const { state } = source.status;
  const shown = cardState(source.status);
  const { units, syncNote } = sourceUi(source);
  const sync = syncNote?.(source);
  const text = statusText(source.status, now, units);
  const paused = state === 'paused';
  const needed = attentionAction(source);
  return (
    <Card
      as="article"
      shadow="sm"
      className={styles.card}
      aria-labelledby={titleId}
      data-source-state={shown}
    >
      <Cluster gap={3} align="start" justify="between" wrap={false}>
        <div className={styles.cardName}>
          {/* Named by the text as it is: the break points are for the eye, not for the name read out. */}
          <h3 id={titleId} className={styles.cardTitle} aria-label={source.name}>
            <BreakableName text={source.name} />
          </h3>
          {sourceMeta(source).map((line) => (
            <Text key={line} tone="muted" size="xs" breakAnywhere>
              {line}
            </Text>
          ))}
        </div>
        <Text
          as="span"
          tone="muted"
          size="xs"
          weight="semibold"
          className={`${badgeStyles.badge} ${styles.state}`}
          data-state={shown}
        >
          <span aria-hidden="true" className={`${badgeStyles.dot} ${styles.dot}`} />
          {text.label}
        </Text>
      </Cluster>
      <div className={styles.status}>
        {text.lines.map((line, index) => (
          <p key={line} className={index === 0 && state === 'needs_attention' ? styles.reason : undefined}>
            {line}
          </p>
        ))}
        {text.progress === null ? null : (
          <progress
            className={styles.progress}
            max={1}
            value={text.progress}
            aria-label={`Sync progress of ${source.name}`}
          />
        )}
      </div>
      {sync === undefined ? null : (
        <Text tone="muted" size="xs" className={styles.syncMode} data-mode={sync.mode}>
          {sync.mode === 'full' ? <strong>Full scans. </strong> : null}
          {sync.note}
        </Text>
      )}
      <Text tone="muted" size="xs">
        {countOf(source.documents, units)} in search
      </Text>
      <Cluster gap={2} className={styles.cardActions}>
        {needed === null ? null : (
          <Button
            size="sm"
            variant="primary"
            disabled={busy !== null}
            onClick={() => onAction(source, needed)}
          >
            {attentionLabels[needed]}
            <VisuallyHidden> of {source.name}</VisuallyHidden>
          </Button>
        )}
        {shown === 'syncing' || paused ? null : (
          <Button
            size="sm"
            busy={busy === 'sync'}
            disabled={busy !== null && busy !== 'sync'}
            onClick={() => onAction(source, 'sync')}
          >
            Sync now<VisuallyHidden> {source.name}</VisuallyHidden>
          </Button>
        )}
        <Button
          size="sm"
          busy={busy === 'pause' || busy === 'resume'}
          disabled={busy !== null && busy !== 'pause' && busy !== 'resume'}
          onClick={() => onAction(source, paused ? 'resume' : 'pause')}
        >
          {paused ? 'Resume' : 'Pause'}
          <VisuallyHidden> {source.name}</VisuallyHidden>
        </Button>
        {needed === 'edit' ? null : (
          <Button size="sm" disabled={busy !== null} onClick={() => onAction(source, 'edit')}>
            Edit<VisuallyHidden> {source.name}</VisuallyHidden>
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          className={styles.remove}
          disabled={busy !== null}
          onClick={() => onAction(source, 'remove')}
        >
          Remove<VisuallyHidden> {source.name}</VisuallyHidden>
        </Button>
      </Cluster>
    </Card>
  );
}

/** The confirmation before a source goes, with everything it brought in. */
export function ConfirmRemove({
  source,
  onCancel,
  onConfirm,
}: {
  source: Source;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const words = sourceUi(source).remove;
  return (
    <div className={styles.confirm}>
      <p>
        This removes everything{' '}
        <Text as="strong" breakAnywhere>
          {source.name}
        </Text>{' '}
        brought in — {words.what(source.documents)} — from your search too{words.forgets}. {words.kept}
      </p>
      <p>
        This cannot be undone; add the {words.addAgain} again to bring {words.comesBack} back.
      </p>
      <div className={styles.confirmActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onConfirm}>
          Remove
        </Button>
      </div>
    </div>
  );
}
