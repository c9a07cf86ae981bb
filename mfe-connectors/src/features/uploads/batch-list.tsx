import type { UploadedDocument } from '@trove/contracts';
import { humanSize, KIND_LABELS, partsLabel } from './format';
import { CloseIcon } from '@trove/kit/icons';
import { batchCountLine, type FileStage, fileStage, type UploadItem } from './upload-queue';
import { Card, Cluster, Heading, IconButton, LinkButton, Text } from '@trove/kit/ui';
import * as styles from './uploads.module.css';

interface StageView {
  text: string;
  /** 0–100, or null for "working, no figure" (the indexing steps). */
  percent: number | null;
  tone: 'neutral' | 'active' | 'success' | 'danger';
}

function stageView(stage: FileStage, item: UploadItem, document: UploadedDocument | undefined): StageView {
  switch (stage.stage) {
    case 'rejected':
      return { text: stage.reason, percent: 0, tone: 'danger' };
    case 'upload-failed':
      return { text: `Not uploaded: ${stage.reason}`, percent: 0, tone: 'danger' };
    case 'waiting':
      return { text: 'Waiting to upload', percent: 0, tone: 'neutral' };
    case 'uploading':
      return { text: `Uploading · ${stage.percent}%`, percent: stage.percent, tone: 'active' };
    case 'queued':
      return { text: 'Uploaded · queued for indexing', percent: null, tone: 'active' };
    case 'extracting':
      return { text: 'Extracting text, dates and totals', percent: null, tone: 'active' };
    case 'indexed':
      return {
        text: `Indexed · ${partsLabel(item.kind ?? 'txt', document?.parts ?? null)}`,
        percent: 100,
        tone: 'success',
      };
    case 'failed':
      return { text: `Failed: ${stage.reason ?? 'it could not be read'}`, percent: 100, tone: 'danger' };
  }
}

/** This visit's files: a bar for the upload, then for indexing (issue 10: queued → extracting → indexed). */
export function BatchList({
  items,
  documents,
  onRetry,
  onDismiss,
  onClearFinished,
}: {
  items: readonly UploadItem[];
  documents: readonly UploadedDocument[];
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  onClearFinished: (keys: string[]) => void;
}) {
  const byId = new Map(documents.map((document) => [document.id, document]));
  const views = items.map((item) => {
    const document = item.documentId === null ? undefined : byId.get(item.documentId);
    const stage = fileStage(item, document);
    return { item, stage, view: stageView(stage, item, document) };
  });
  const doneKeys = views
    .filter(({ stage }) => ['rejected', 'indexed', 'failed'].includes(stage.stage))
    .map(({ item }) => item.key);
  const done = doneKeys.length;

  return (
    <Card as="section" shadow="sm" className={styles.card} aria-labelledby="uploads-batch">
      <Cluster gap={3} rowGap={2} align="baseline" className={styles.cardHeader}>
        <Heading level={2} size="lg" id="uploads-batch">
          This upload
        </Heading>
        <Text as="span" tone="muted" size="sm" data-testid="batch-count">
          {batchCountLine(views.map(({ stage }) => stage.stage))}
        </Text>
        {done > 0 ? (
          <LinkButton className={styles.linkButton} onClick={() => onClearFinished(doneKeys)}>
            Clear finished
          </LinkButton>
        ) : null}
      </Cluster>
      <ul className={styles.batch}>
        {views.map(({ item, stage, view }) => (
          <li key={item.key} className={styles.batchItem} data-tone={view.tone}>
            <Cluster gap={2} wrap={false} align="center" className={styles.batchLine}>
              <span className={styles.batchName} title={item.name}>
                {item.name}
              </span>
              <Text as="span" tone="muted" size="sm" className={styles.batchMeta}>
                {item.kind === null
                  ? humanSize(item.size)
                  : `${KIND_LABELS[item.kind]} · ${humanSize(item.size)}`}
              </Text>
              {stage.stage === 'upload-failed' ? (
                <LinkButton className={styles.linkButton} onClick={() => onRetry(item.key)}>
                  Try again
                </LinkButton>
              ) : null}
              {stage.stage === 'rejected' || stage.stage === 'upload-failed' ? (
                <IconButton
                  tone="danger"
                  size="md"
                  label={`Dismiss ${item.name}`}
                  onClick={() => onDismiss(item.key)}
                >
                  <CloseIcon size={16} />
                </IconButton>
              ) : null}
            </Cluster>
            <div
              className={styles.progress}
              role="progressbar"
              aria-label={`${item.name}: ${view.text}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={view.percent ?? undefined}
              data-indeterminate={view.percent === null || undefined}
            >
              <span className={styles.progressFill} style={{ width: `${view.percent ?? 100}%` }} />
            </div>
            <Text tone="muted" size="sm" className={styles.batchStatus} data-testid="upload-stage">
              {view.text}
            </Text>
          </li>
        ))}
      </ul>
    </Card>
  );
}
