import type { WorkflowPreviewResponse, WorkflowRun } from '@trove/contracts';
import { Heading, Table, Text } from '@trove/kit/ui';
import { Link } from 'react-router';
import { columnLabel } from './workflow-form';
import * as styles from './workflows.module.css';

// What a workflow found (Preview: exactly what would be sent) and what its runs did (issue 40 item 3).

const when = (iso: string | null) =>
  iso === null ? '—' : new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export const RUN_STATUS_LABELS: Readonly<Record<WorkflowRun['status'], string>> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Ran',
  empty: 'Nothing new',
  failed: 'Failed',
};

export function statusClass(status: WorkflowRun['status']): string {
  return `${styles.badge} ${status === 'succeeded' ? styles.ok : status === 'failed' ? styles.bad : ''}`;
}

export function PreviewPanel({ preview, columns }: { preview: WorkflowPreviewResponse; columns: string[] }) {
  return (
    <section className={styles.panel} aria-labelledby="workflow-preview">
      <Heading level={2} size="lg" id="workflow-preview">
        Preview — what a run would send now
      </Heading>
      <Text tone="muted" size="sm">
        Found {preview.found} row{preview.found === 1 ? '' : 's'}, {preview.new} new since the last run.{' '}
        {preview.destinations.length > 0 ? `Would go to: ${preview.destinations.join(', ')}.` : ''}
      </Text>
      {preview.not_sent !== null ? (
        <Text size="sm" className={styles.notice}>
          {preview.not_sent}
        </Text>
      ) : null}
      {preview.answer.summary.length > 0 ? (
        <ul className={styles.summary}>
          {preview.answer.summary.map((sentence) => (
            <li key={`${sentence.passage_id}-${sentence.text}`}>{sentence.text}</li>
          ))}
        </ul>
      ) : (
        <Text tone="muted" size="sm">
          {preview.answer.empty_hint ?? 'Nothing found.'}
        </Text>
      )}
      {preview.rows.length > 0 ? (
        <Table caption="The table it sends, flagged rows first">
          <thead>
            <tr>
              <th scope="col">Flag</th>
              {columns.map((column) => (
                <th scope="col" key={column}>
                  {columnLabel(column)}
                </th>
              ))}
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.passage_id} className={row.flagged ? styles.flagged : undefined}>
                <td>{row.flagged ? '⚑ Flagged' : row.new ? 'New' : ''}</td>
                {columns.map((column) => (
                  <td key={column}>{row.cells[column] || '—'}</td>
                ))}
                <td>{row.source}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
      {preview.totals.length > 0 ? (
        <Text tone="muted" size="sm">
          Totals: {preview.totals.map((total) => total.text).join(' · ')}
        </Text>
      ) : null}
    </section>
  );
}

export function RunsTable({ runs }: { runs: WorkflowRun[] }) {
  if (runs.length === 0)
    return (
      <Text tone="muted" size="sm">
        No runs yet. Run now, or wait for the schedule.
      </Text>
    );
  return (
    <Table caption="Runs, latest first">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Outcome</th>
          <th scope="col">Took</th>
          <th scope="col">Found (new)</th>
          <th scope="col">Where it went</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((run) => (
          <tr key={run.id}>
            <td>
              {when(run.started_at ?? run.slot)}
              <br />
              <Text as="span" tone="muted" size="sm">
                {run.trigger === 'manual' ? 'Run now' : 'Scheduled'}
              </Text>
            </td>
            <td>
              <span className={statusClass(run.status)}>{RUN_STATUS_LABELS[run.status]}</span>
              {run.error !== null ? (
                <Text as="div" tone="danger">
                  {run.error}
                </Text>
              ) : null}
            </td>
            <td>{run.duration_ms === null ? '—' : `${(run.duration_ms / 1000).toFixed(1)} s`}</td>
            <td>
              {run.found} ({run.new})
            </td>
            <td>
              {run.deliveries.length === 0
                ? '—'
                : run.deliveries.map((delivery) => (
                    <div key={delivery.id}>
                      {delivery.address}: {delivery.status}
                    </div>
                  ))}
              {run.chat_id !== null ? <Link to={`/chats/${run.chat_id}`}>Open the answer</Link> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

export { when };
