import type { Workflow } from '@trove/contracts';
import { userMessage, useToasts } from '@trove/kit';
import { useServerState } from '@trove/kit/server-state';
import { Button, buttonClassName, Cluster, Heading, PageHeader, Spinner, Text } from '@trove/kit/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { playbooks } from '../playbooks/playbooks';
import { describeSchedule } from './workflow-form';
import { RUN_STATUS_LABELS, statusClass, when } from './workflow-results';
import { deleteWorkflow, listWorkflows, pauseWorkflow } from './workflows-api';
import * as styles from './workflows.module.css';

/** The Workflows page's list (issue 40 item 3): next run, last run and its outcome; pause, resume, delete. */
export function WorkflowList() {
  const state = useServerState(listWorkflows, []);
  const toasts = useToasts();
  const [confirming, setConfirming] = useState<string | null>(null);

  async function change(workflow: Workflow, action: () => Promise<Workflow | null>) {
    try {
      const next = await action();
      state.setData((list) =>
        next === null
          ? list?.filter((w) => w.id !== workflow.id)
          : list?.map((w) => (w.id === next.id ? next : w)),
      );
    } catch (err) {
      toasts.show({ type: 'error', message: `${workflow.name}: ${userMessage(err, 'try again')}.` });
    }
  }

  const workflows = state.data;
  return (
    <div className={styles.page}>
      <PageHeader
        title="Workflows"
        lede="Questions that run on their own — daily, on weekdays, weekly or monthly — and send a cited table by mail or to your channels."
      >
        <Link
          className={buttonClassName({ variant: 'primary', className: styles.start })}
          to="/workflows/new"
        >
          New workflow
        </Link>
      </PageHeader>
      {state.status === 'loading' ? (
        <Text tone="muted" size="sm">
          <Spinner /> Loading your workflows…
        </Text>
      ) : state.status === 'error' ? (
        <Text tone="danger" role="alert">
          {userMessage(state.error, 'Your workflows could not be loaded.')}
        </Text>
      ) : workflows !== undefined && workflows.length > 0 ? (
        <ul className={styles.list} aria-label="Your workflows">
          {workflows.map((workflow) => (
            <li key={workflow.id} className={styles.item}>
              <div>
                <Link className={styles.itemName} to={`/workflows/${workflow.id}`}>
                  {workflow.name}
                </Link>
                <Cluster as="p" gap={3} rowGap={1} className={styles.meta}>
                  <span>{describeSchedule(workflow.schedule)}</span>
                  <span>
                    Next:{' '}
                    {workflow.paused
                      ? 'paused'
                      : workflow.next_run_at === null
                        ? '—'
                        : when(workflow.next_run_at)}
                  </span>
                  <span>
                    Last:{' '}
                    {workflow.last_run === null ? (
                      'never'
                    ) : (
                      <>
                        {when(workflow.last_run.started_at ?? workflow.last_run.slot)}{' '}
                        <span className={statusClass(workflow.last_run.status)}>
                          {RUN_STATUS_LABELS[workflow.last_run.status]}
                        </span>
                      </>
                    )}
                  </span>
                </Cluster>
              </div>
              <Cluster gap={2}>
                <Button
                  size="sm"
                  onClick={() => void change(workflow, () => pauseWorkflow(workflow.id, !workflow.paused))}
                >
                  {workflow.paused ? 'Resume' : 'Pause'}
                </Button>
                {confirming === workflow.id ? (
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() =>
                      void change(workflow, async () => {
                        await deleteWorkflow(workflow.id);
                        return null;
                      })
                    }
                  >
                    Delete for good
                  </Button>
                ) : (
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(workflow.id)}>
                    Delete
                  </Button>
                )}
              </Cluster>
            </li>
          ))}
        </ul>
      ) : (
        <Text tone="muted" size="sm">
          No workflows yet. Start from a playbook below, or make a new one.
        </Text>
      )}
      <section className={styles.panel} aria-labelledby="workflow-playbooks">
        <Heading level={2} size="lg" id="workflow-playbooks">
          Start from a playbook
        </Heading>
        <Cluster as="ul" gap={2} className={styles.chips} aria-label="Playbooks">
          {playbooks.map((playbook) => (
            <li key={playbook.id} className={styles.badge}>
              <Link to={`/workflows/new?tpl=${encodeURIComponent(playbook.id)}`}>{playbook.name}</Link>
            </li>
          ))}
        </Cluster>
      </section>
    </div>
  );
}
