import type {
  SavedDestination,
  Workflow,
  WorkflowBody,
  WorkflowPreviewResponse,
  WorkflowRun,
} from '@trove/contracts';
import { useMutation, useToasts } from '@trove/kit';
import {
  Button,
  buttonClassName,
  Cluster,
  Field,
  Heading,
  Input,
  PageHeader,
  Select,
  Text,
} from '@trove/kit/ui';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { findConnector } from '../connectors/connectors';
import type { SuggestedDestination } from '../playbooks/playbook-drafts';
import {
  bodyFrom,
  COLUMN_LABELS,
  formFrom,
  WEEKDAY_LABELS,
  WEEKDAYS,
  WORKFLOW_BASE_COLUMNS,
  type WorkflowForm,
} from './workflow-form';
import { PreviewPanel, RunsTable } from './workflow-results';
import { listRuns, previewWorkflow, runWorkflow, saveWorkflow } from './workflows-api';
import * as styles from './workflows.module.css';

export interface WorkflowEditorProps {
  /** The saved workflow, or null for a new one (from a playbook's draft or blank). */
  saved: Workflow | null;
  draft: WorkflowBody;
  suggested: readonly SuggestedDestination[];
  /** Connectors the playbook reads that the user has not connected. */
  missing: readonly string[];
  destinations: readonly SavedDestination[];
  me: string;
  runs: WorkflowRun[];
  /** After each save; `explicit` when the user pressed Save (not a save before Preview or Run now). */
  onSaved: (workflow: Workflow, explicit: boolean) => void;
}

const KIND_NAMES = { slack: 'Slack', teams: 'Teams', google_chat: 'Google Chat' } as const;

/** The editor (issue 40 item 3): every part of a workflow, Save, Preview (ships nothing) and Run now. */
export function WorkflowEditor(props: WorkflowEditorProps) {
  const { me } = props;
  // Saved once, a workflow is updated, not created again, by the next Save, Preview or Run now.
  const [saved, setSaved] = useState<Workflow | null>(props.saved);
  const [runs, setRuns] = useState<WorkflowRun[]>(props.runs);
  const [form, setForm] = useState<WorkflowForm>(() => formFrom(saved ?? props.draft, me));
  const [preview, setPreview] = useState<WorkflowPreviewResponse | null>(null);
  const { busy, error, run } = useMutation();
  const toasts = useToasts();
  const set = <K extends keyof WorkflowForm>(key: K, value: WorkflowForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function save(explicit = false): Promise<Workflow> {
    const built = bodyFrom(form, me);
    if ('problem' in built) throw new Error(built.problem);
    const workflow = await saveWorkflow(saved?.id ?? null, built.body);
    setSaved(workflow);
    props.onSaved(workflow, explicit);
    return workflow;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await save(true);
      toasts.show({ type: 'success', message: 'Workflow saved.' });
    }, 'The workflow could not be saved.');
  };
  const doPreview = () =>
    void run(async () => {
      const workflow = await save();
      setPreview(await previewWorkflow(workflow.id));
    }, 'The preview could not be made.');
  const doRun = () =>
    void run(async () => {
      const workflow = await save();
      const done = await runWorkflow(workflow.id);
      setRuns(await listRuns(workflow.id));
      toasts.show({
        type: done.status === 'failed' ? 'error' : 'success',
        message:
          done.status === 'empty'
            ? 'Ran: nothing to send.'
            : `Ran: sent to ${done.deliveries.map((d) => d.address).join(', ') || 'the workflow’s chat'}.`,
      });
    }, 'The workflow could not run.');

  const columns = [
    ...form.columns,
    ...form.fields
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .map((name) => `field:${name}`),
  ];
  const suggestedChannels = props.suggested.filter(
    (s): s is Extract<SuggestedDestination, { kind: 'channel' }> => s.kind === 'channel',
  );
  return (
    <div className={styles.page}>
      <form className={styles.panel} onSubmit={submit} aria-labelledby="workflow-editor" noValidate>
        <PageHeader
          titleId="workflow-editor"
          title={saved === null ? 'New workflow' : saved.name}
          lede="Saved questions that run on a schedule and send a cited table to you or your channels."
        />
        {props.missing.length > 0 ? (
          <Text size="sm" className={styles.notice}>
            This playbook reads {props.missing.map((id) => findConnector(id)?.name ?? id).join(', ')}, which
            you have not connected. It searches what you have: <Link to="/connections">connect sources</Link>{' '}
            or <Link to="/uploads">upload the files</Link>.
          </Text>
        ) : null}
        <div className={styles.form}>
          <Field label="Name" className={styles.wide} required>
            {(control) => (
              <Input {...control} value={form.name} onChange={(e) => set('name', e.target.value)} />
            )}
          </Field>
          <Field
            label="Questions"
            hint="One a line, in the search syntax or in words, as a chat takes them: invoice has:attachment after:2026-01-01"
            className={styles.wide}
          >
            {(control) => (
              <textarea
                {...control}
                className={styles.textarea}
                value={form.questions}
                onChange={(e) => set('questions', e.target.value)}
              />
            )}
          </Field>
          <Cluster as="fieldset" gap={4} rowGap={2} className={`${styles.checks} ${styles.wide}`}>
            <legend>Columns</legend>
            {WORKFLOW_BASE_COLUMNS.map((column) => (
              <label key={column} className={styles.check}>
                <input
                  type="checkbox"
                  checked={form.columns.includes(column)}
                  onChange={(e) =>
                    set(
                      'columns',
                      e.target.checked ? [...form.columns, column] : form.columns.filter((c) => c !== column),
                    )
                  }
                />
                {COLUMN_LABELS[column]}
              </label>
            ))}
          </Cluster>
          <Field label="Named fields" hint="Comma-separated, e.g. invoice number, po number">
            {(control) => (
              <Input {...control} value={form.fields} onChange={(e) => set('fields', e.target.value)} />
            )}
          </Field>
          <Field label="Sort">
            {(control) => (
              <Select
                {...control}
                value={form.sort}
                onChange={(e) => set('sort', e.target.value as WorkflowForm['sort'])}
              >
                <option value="found">Best match first</option>
                <option value="date-asc">Date, oldest first</option>
                <option value="date-desc">Date, newest first</option>
                <option value="total-desc">Total, largest first</option>
                <option value="total-asc">Total, smallest first</option>
              </Select>
            )}
          </Field>
          <Field label="Flag and put first">
            {(control) => (
              <Select
                {...control}
                value={form.flag}
                onChange={(e) => set('flag', e.target.value as WorkflowForm['flag'])}
              >
                <option value="none">Nothing</option>
                <option value="date_before_today">Date before today (overdue)</option>
                <option value="date_within_days">Date within … days</option>
                <option value="total_over">Total over …</option>
              </Select>
            )}
          </Field>
          {form.flag === 'date_within_days' || form.flag === 'total_over' ? (
            <Field label={form.flag === 'total_over' ? 'Amount' : 'Days'}>
              {(control) => (
                <Input
                  {...control}
                  inputMode="decimal"
                  value={form.flagNumber}
                  onChange={(e) => set('flagNumber', e.target.value)}
                />
              )}
            </Field>
          ) : null}
          <Field label="Runs" hint="In your profile’s time zone">
            {(control) => (
              <Select
                {...control}
                value={form.every}
                onChange={(e) => set('every', e.target.value as WorkflowForm['every'])}
              >
                <option value="off">Off — Run now only</option>
                <option value="daily">Every day</option>
                <option value="weekdays">Weekdays</option>
                <option value="weekly">Weekly</option>
                <option value="monthly">Monthly</option>
              </Select>
            )}
          </Field>
          {form.every === 'weekly' ? (
            <Field label="On">
              {(control) => (
                <Select
                  {...control}
                  value={form.weekday}
                  onChange={(e) => set('weekday', e.target.value as WorkflowForm['weekday'])}
                >
                  {WEEKDAYS.map((day) => (
                    <option key={day} value={day}>
                      {WEEKDAY_LABELS[day]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          ) : null}
          {form.every === 'monthly' ? (
            <Field label="Day of the month" hint="A short month runs on its last day">
              {(control) => (
                <Input
                  {...control}
                  inputMode="numeric"
                  value={form.monthDay}
                  onChange={(e) => set('monthDay', e.target.value)}
                />
              )}
            </Field>
          ) : null}
          {form.every !== 'off' ? (
            <Field label="At">
              {(control) => (
                <Input {...control} type="time" value={form.at} onChange={(e) => set('at', e.target.value)} />
              )}
            </Field>
          ) : null}
          <Cluster as="fieldset" gap={4} rowGap={2} className={`${styles.checks} ${styles.wide}`}>
            <legend>Each run sends</legend>
            <label className={styles.check}>
              <input
                type="radio"
                name="scope"
                checked={form.scope === 'new'}
                onChange={() => set('scope', 'new')}
              />
              Only what is new since the last run
            </label>
            <label className={styles.check}>
              <input
                type="radio"
                name="scope"
                checked={form.scope === 'all'}
                onChange={() => set('scope', 'all')}
              />
              Everything that matches
            </label>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={form.sendEmpty}
                onChange={(e) => set('sendEmpty', e.target.checked)}
              />
              When nothing is found, say so in one line
            </label>
          </Cluster>
          <Cluster as="fieldset" gap={4} rowGap={2} className={`${styles.checks} ${styles.wide}`}>
            <legend>Send to</legend>
            <label className={styles.check}>
              <input
                type="checkbox"
                checked={form.emailMe}
                onChange={(e) => set('emailMe', e.target.checked)}
              />
              Email me ({me})
            </label>
            {props.destinations.map((destination) => (
              <label key={destination.id} className={styles.check}>
                <input
                  type="checkbox"
                  checked={form.destinationIds.includes(destination.id)}
                  onChange={(e) =>
                    set(
                      'destinationIds',
                      e.target.checked
                        ? [...form.destinationIds, destination.id]
                        : form.destinationIds.filter((id) => id !== destination.id),
                    )
                  }
                />
                {destination.name} ({KIND_NAMES[destination.kind]})
              </label>
            ))}
          </Cluster>
          {suggestedChannels.some((s) => !props.destinations.some((d) => d.name === s.name)) ? (
            <Text tone="muted" size="sm" className={styles.wide}>
              Suggested: {suggestedChannels.map((s) => `${s.name} on ${KIND_NAMES[s.service]}`).join(', ')} —{' '}
              <Link to="/connections">add it on Connections</Link>.
            </Text>
          ) : null}
          <Field
            label="Other addresses"
            hint="Comma-separated; each confirms once by mail before runs reach it"
            className={styles.wide}
          >
            {(control) => (
              <Input {...control} value={form.addresses} onChange={(e) => set('addresses', e.target.value)} />
            )}
          </Field>
        </div>
        {error !== null ? (
          <Text tone="danger" role="alert">
            {error}
          </Text>
        ) : null}
        <Cluster gap={2}>
          <Button type="submit" variant="primary" busy={busy}>
            Save
          </Button>
          <Button type="button" onClick={doPreview} disabled={busy}>
            Preview
          </Button>
          <Button type="button" onClick={doRun} disabled={busy}>
            Run now
          </Button>
          <Link className={buttonClassName({ variant: 'ghost' })} to="/workflows">
            Back to workflows
          </Link>
        </Cluster>
      </form>
      {preview !== null ? <PreviewPanel preview={preview} columns={columns} /> : null}
      {saved !== null ? (
        <section className={styles.panel} aria-labelledby="workflow-runs">
          <Heading level={2} size="lg" id="workflow-runs">
            Runs
          </Heading>
          <RunsTable runs={runs} />
        </section>
      ) : null}
    </div>
  );
}
