import { DATABASE_KIND_LABELS, type Source } from '@trove/contracts';
import { Button, Card, VisuallyHidden } from '@trove/kit/ui';
import { useId } from 'react';
import * as badgeStyles from '../catalog/status-badge.module.css';
import { statusText } from './source-status';
import * as styles from './sources.module.css';

export type SourceAction = 'sync' | 'pause' | 'resume' | 'remove' | 'password' | 'trust' | 'edit';

/** The actions the service does at once (the others open a form in a popup). */
export type ServiceAction = Exclude<SourceAction, 'password' | 'trust' | 'edit'>;

/** What a source that needs attention asks of the user, as its card's first button. */
export function attentionAction(source: Source): 'password' | 'trust' | null {
  const { status } = source;
  if (status.state !== 'needs_attention') return null;
  return status.problem === 'auth' ? 'password' : status.problem === 'tls' ? 'trust' : null;
}

export interface SourceCardProps {
  source: Source;
  now: number;
  /** The action under way on this source, if any: its button is busy, the others wait. */
  busy: SourceAction | null;
  onAction: (source: Source, action: SourceAction) => void;
}

const securityLabels = { tls: 'SSL/TLS', starttls: 'STARTTLS' } as const;

/** One of the user's sources and where it stands (issue 21 "Status people can read"). */
export function SourceCard({ source, now, busy, onAction }: SourceCardProps) {
  const titleId = useId();
  const { state } = source.status;
  const text = statusText(source.status, now);
  const paused = state === 'paused';
  const needed = attentionAction(source);
  return (
    <Card
      as="article"
      shadow="sm"
      className={styles.card}
      aria-labelledby={titleId}
      data-source-state={state}
    >
      <div className={styles.cardHead}>
        <div className={styles.cardName}>
          <h3 id={titleId} className={styles.cardTitle}>
            {source.name}
          </h3>
          <p className={styles.cardMeta}>
            {source.kind === 'imap'
              ? `IMAP · ${source.settings.host}:${source.settings.port} · ${securityLabels[source.settings.security]}`
              : source.kind === 'sqlite'
                ? `SQLite · ${source.file.name}`
                : `${DATABASE_KIND_LABELS[source.kind]} · ${source.settings.host}:${source.settings.port}/${source.settings.database}`}
          </p>
        </div>
        <span className={`${badgeStyles.badge} ${styles.state}`} data-state={state}>
          <span aria-hidden="true" className={`${badgeStyles.dot} ${styles.dot}`} />
          {text.label}
        </span>
      </div>
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
      <p className={styles.documents}>
        {source.documents.toLocaleString('en-GB')} {source.documents === 1 ? 'message' : 'messages'} in search
      </p>
      <div className={styles.cardActions}>
        {needed === null ? null : (
          <Button
            size="sm"
            variant="primary"
            disabled={busy !== null}
            onClick={() => onAction(source, needed)}
          >
            {needed === 'password' ? 'Update password' : 'Trust certificate'}
            <VisuallyHidden> of {source.name}</VisuallyHidden>
          </Button>
        )}
        {state === 'syncing' || paused ? null : (
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
        <Button size="sm" disabled={busy !== null} onClick={() => onAction(source, 'edit')}>
          Edit<VisuallyHidden> {source.name}</VisuallyHidden>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className={styles.remove}
          disabled={busy !== null}
          onClick={() => onAction(source, 'remove')}
        >
          Remove<VisuallyHidden> {source.name}</VisuallyHidden>
        </Button>
      </div>
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
  const count = source.documents.toLocaleString('en-GB');
  return (
    <div className={styles.confirm}>
      <p>
        This removes everything <strong className={styles.breakWord}>{source.name}</strong> brought in —{' '}
        {count} {source.documents === 1 ? 'message' : 'messages'} and their attachments — from your search
        too, and forgets its password. The mailbox itself is not touched.
      </p>
      <p>This cannot be undone; add the server again to bring the mail back.</p>
      <div className={styles.confirmActions}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="danger" onClick={onConfirm}>
          Remove
        </Button>
      </div>
    </div>
  );
}
