import {
  type CreateSourceInput,
  DATABASE_KIND_LABELS,
  type DatabaseColumn,
  type DatabasePreviewResult,
  type DatabasePreviewRow,
  type DatabaseSource,
  type DatabaseSourceKind,
  type DatabaseTableInfo,
  type PreviewSavedSource,
  type PreviewSourceInput,
  SQLITE_FILE_ACCEPT,
  type Source,
  type SourceFile,
  type SourceFileResponse,
  type UpdateSource,
} from '@trove/contracts';
import { type UploadProgress, useAppConfig, useMutation, userMessage } from '@trove/kit';
import { Cluster, Field, inputClassName, Select, tabPanelProps, Tabs, Text } from '@trove/kit/ui';
import { type FormEvent, useId, useRef, useState } from 'react';
import { humanSize } from '../../../uploads/format';
import {
  createRequest,
  DATABASE_FIELDS,
  type DatabaseField,
  type DatabaseFormErrors,
  type DatabaseFormValues,
  emptyDatabaseForm,
  type FailedPreview,
  type IndexMode,
  isServerKind,
  previewRequest,
  problemField,
  problemText,
  readerRole,
  readOnlyGrant,
  savedDatabaseForm,
  settingsOf,
  splitColumns,
  TLS_OPTIONS,
  toggleBodyColumn,
  withSuggestedMapping,
} from './database-settings';
import { PasswordField, plainInput, ServerRow, type ServerRowField } from '../../server-fields';
import * as styles from '../../sources.module.css';
import { FormActions } from '../form-actions';

export interface DatabaseFormApi {
  preview: (request: PreviewSourceInput) => Promise<DatabasePreviewResult>;
  previewSaved: (id: string, request: PreviewSavedSource) => Promise<DatabasePreviewResult>;
  create: (request: CreateSourceInput) => Promise<Source>;
  update: (id: string, update: UpdateSource) => Promise<Source>;
  upload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<SourceFileResponse>;
}

export interface DatabaseFormProps {
  kind: DatabaseSourceKind;
  /** Edit this saved source; absent: add a new one. */
  source?: DatabaseSource;
  api: DatabaseFormApi;
  onSaved: (source: Source) => void;
  onCancel: () => void;
}

type Preview =
  | { phase: 'idle' }
  | { phase: 'previewing' }
  | { phase: 'failed'; failure: FailedPreview; field: DatabaseField | null }
  | { phase: 'error'; message: string }
  /** `key`: the values the rows were read with; a change to any makes them stale. */
  | { phase: 'shown'; rows: DatabasePreviewRow[]; notes: string[]; key: string; mapped: boolean };

/** What a preview came to: the values it showed rows for, a problem it showed (null), or a newer one. */
type PreviewOutcome = { values: DatabaseFormValues; mapped: boolean } | null | 'superseded';

type Upload =
  | { phase: 'none' }
  | { phase: 'uploading'; name: string; progress: number }
  | { phase: 'ready'; file: SourceFile };

/** The values a preview's rows depend on (the password aside: it changes who connects, not what is read). */
const previewKey = (values: DatabaseFormValues, fileId: string | null) =>
  JSON.stringify({ ...values, password: undefined, fileId });

const MODES = [
  { id: 'table', label: 'A table or view' },
  { id: 'query', label: 'A SELECT query' },
] as const;

/**
 * "Add server" for PostgreSQL and MySQL/MariaDB, "Add file" for SQLite, and a saved database source's Edit
 * (issue 22): the connection (or the uploaded file), then what to index — a table or view, or one SELECT —
 * and which columns are the id, the title, the body and the changed-at. Preview reads the tables, then the
 * columns (the pickers become lists of them) and the first 5 rows exactly as they will be indexed, before
 * anything is saved; Save saves only what the last preview showed. A failed preview's words show beside
 * the field they are about.
 */
export function DatabaseForm({ kind, source, api, onSaved, onCancel }: DatabaseFormProps) {
  const { name: appName } = useAppConfig();
  const server = isServerKind(kind);
  const editing = source !== undefined;
  const [values, setValues] = useState<DatabaseFormValues>(() =>
    source ? savedDatabaseForm(source) : emptyDatabaseForm(kind),
  );
  const [sourceName, setSourceName] = useState(source?.name ?? '');
  const [errors, setErrors] = useState<DatabaseFormErrors>({});
  const [upload, setUpload] = useState<Upload>(() =>
    source?.kind === 'sqlite' ? { phase: 'ready', file: source.file } : { phase: 'none' },
  );
  const [fileId, setFileId] = useState<string | null>(
    source?.kind === 'sqlite' ? source.settings.file_id : null,
  );
  const [tables, setTables] = useState<DatabaseTableInfo[] | null>(null);
  const [columns, setColumns] = useState<DatabaseColumn[] | null>(null);
  const [preview, setPreview] = useState<Preview>({ phase: 'idle' });
  const { busy: saving, error: saveError, run: runSave, setError: setSaveError } = useMutation();
  const formRef = useRef<HTMLFormElement>(null);
  /** The newest preview asked for: an older one answering late is dropped. */
  const latest = useRef(0);
  /** The preview still reading, which a Save pressed meanwhile waits for. */
  const pending = useRef<Promise<PreviewOutcome> | null>(null);
  const idPrefix = useId();
  const ids = Object.fromEntries(DATABASE_FIELDS.map((field) => [field, `${idPrefix}-${field}`])) as Record<
    DatabaseField,
    string
  >;
  const nameId = `${idPrefix}-name`;
  const modeTabs = `${idPrefix}-mode`;
  const resultId = `${idPrefix}-result`;
  const kindLabel = DATABASE_KIND_LABELS[kind];

  const focus = (field: DatabaseField) =>
    formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(ids[field])}`)?.focus();

  const showErrors = (next: DatabaseFormErrors) => {
    setErrors(next);
    const first = DATABASE_FIELDS.find((field) => next[field]);
    if (first) focus(first);
  };

  /**
   * Reads the preview for `current` (the values as they are about to be, when a change starts it). Answers
   * the values the rows were shown for (with the suggested columns filled in) and whether they map every
   * column Save needs; `null` when it showed a problem, and `superseded` when a newer preview or a change
   * made it stale.
   */
  const runPreview = (current: DatabaseFormValues = values, file: string | null = fileId) => {
    const reading = readPreview(current, file);
    pending.current = reading;
    void reading.finally(() => {
      if (pending.current === reading) pending.current = null;
    });
    return reading;
  };

  const readPreview = async (current: DatabaseFormValues, file: string | null): Promise<PreviewOutcome> => {
    const checked = previewRequest(kind, current, file);
    if (!checked.ok) {
      showErrors(checked.errors);
      return null;
    }
    setErrors({});
    setSaveError(null);
    const ticket = ++latest.current;
    setPreview({ phase: 'previewing' });
    try {
      const result =
        source === undefined
          ? await api.preview(checked.request)
          : await api.previewSaved(source.id, {
              settings: settingsOf(kind, current, file),
              ...(current.password === '' ? {} : { password: current.password }),
            });
      if (ticket !== latest.current) return 'superseded';
      if (!result.ok) {
        const field = problemField(kind, result.problem, current, columns);
        setPreview({ phase: 'failed', failure: result, field });
        if (field) showErrors({ [field]: problemText(result) });
        return null;
      }
      if (result.tables.length > 0) setTables(result.tables);
      setColumns(result.columns.length > 0 ? result.columns : null);
      const filled = withSuggestedMapping(current, result.mapping);
      setValues(filled);
      const mapped = result.mapping !== null;
      setPreview({
        phase: 'shown',
        rows: result.rows,
        notes: result.notes,
        key: previewKey(filled, file),
        mapped,
      });
      return { values: filled, mapped };
    } catch (caught) {
      if (ticket !== latest.current) return 'superseded';
      setPreview({
        phase: 'error',
        message: userMessage(caught, 'The preview could not run. Try again in a moment.'),
      });
      return null;
    }
  };

  /**
   * A change to one field. What is read (mode, table, query, file) starting over forgets the columns;
   * a column picked from a list previews again at once, so the rows shown are always the mapping shown.
   */
  const update = (field: DatabaseField | 'mode', value: string, options: { preview?: boolean } = {}) => {
    const next = { ...values, [field]: value } as DatabaseFormValues;
    if (field === 'mode' || field === 'table' || field === 'query') {
      next.idColumn = '';
      next.titleColumn = '';
      next.body = '';
      next.changedAtColumn = '';
      setColumns(null);
    }
    setValues(next);
    setSaveError(null);
    if (field !== 'mode')
      setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
    if (options.preview) {
      void runPreview(next);
      return;
    }
    // A preview still reading is of values that are gone: it is dropped, and the form is ready to preview
    // again (it used to stay "previewing", and Save then did nothing at all — issue 38).
    if (preview.phase === 'previewing') latest.current++;
    pending.current = null;
    setPreview({ phase: 'idle' });
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    setErrors((current) => ({ ...current, file: undefined }));
    setUpload({ phase: 'uploading', name: file.name, progress: 0 });
    try {
      const answer = await api.upload(file, ({ loaded, total }) =>
        setUpload({ phase: 'uploading', name: file.name, progress: total > 0 ? loaded / total : 0 }),
      );
      setUpload({ phase: 'ready', file: answer.file });
      setFileId(answer.file.id);
      setTables(answer.tables);
      setColumns(null);
      const next = {
        ...values,
        table: '',
        query: '',
        idColumn: '',
        titleColumn: '',
        body: '',
        changedAtColumn: '',
      };
      // One table: nothing to choose, so its preview comes at once.
      const only = answer.tables.length === 1 ? answer.tables[0] : undefined;
      if (only) {
        next.table = only.name;
        setValues(next);
        void runPreview(next, answer.file.id);
      } else {
        setValues(next);
        setPreview({ phase: 'idle' });
      }
    } catch (caught) {
      setUpload(fileId === null ? { phase: 'none' } : upload);
      showErrors({ file: userMessage(caught, 'The file could not be uploaded. Try again in a moment.') });
    }
  };

  const current = preview.phase === 'shown' && preview.key === previewKey(values, fileId) ? preview : null;

  /**
   * The preview Save may save: the one still reading (Save pressed while a picked column previews again, as
   * happens within a second of picking it — issue 38: that Save used to be dropped without a word), else the
   * one shown if it is of the values as they stand. Otherwise Save previews and saves nothing: the rows are
   * seen before they are indexed.
   */
  const previewToSave = async (): Promise<PreviewOutcome> => {
    let reading = pending.current;
    while (reading !== null) {
      const outcome = await reading;
      if (outcome !== 'superseded' || pending.current === null || pending.current === reading) return outcome;
      reading = pending.current;
    }
    if (current?.mapped) return { values, mapped: true };
    await runPreview();
    return null;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || upload.phase === 'uploading') return;
    await runSave(async () => {
      // Nothing is saved that has not been previewed as it stands.
      const shown = await previewToSave();
      if (shown === null || shown === 'superseded' || !shown.mapped) return;
      const saved = shown.values;
      const checked = createRequest(kind, saved, fileId);
      if (!checked.ok) {
        showErrors(checked.errors);
        return;
      }
      if (source === undefined) {
        const named =
          sourceName.trim() === '' ? checked.request : { ...checked.request, name: sourceName.trim() };
        onSaved(await api.create(named));
        return;
      }
      onSaved(
        await api.update(source.id, {
          settings: settingsOf(kind, saved, fileId),
          ...(saved.password === '' ? {} : { password: saved.password }),
          ...(sourceName.trim() === '' || sourceName.trim() === source.name
            ? {}
            : { name: sourceName.trim() }),
        }),
      );
    }, 'The source could not be saved. Try again in a moment.');
  };

  const columnSelect = (field: 'idColumn' | 'titleColumn' | 'changedAtColumn', none: string | null) => {
    if (columns === null) {
      return plainInput(values[field], (value) => update(field, value), {
        placeholder: field === 'idColumn' ? 'Suggested by Preview' : 'Optional',
      });
    }
    // A changed-at column is a time or an increasing number; the one chosen stays listed whatever it is.
    const offered =
      field === 'changedAtColumn'
        ? columns.filter(
            (column) => column.kind === 'date' || column.kind === 'number' || column.name === values[field],
          )
        : columns;
    return (control: object) => (
      <Select
        {...control}
        value={values[field]}
        onChange={(event) => update(field, event.target.value, { preview: true })}
      >
        {none === null ? <option value="">Choose a column…</option> : <option value="">{none}</option>}
        {offered.map((column) => (
          <option key={column.name} value={column.name}>
            {column.name} ({column.type})
          </option>
        ))}
      </Select>
    );
  };

  const chosenBody = new Set(splitColumns(values.body));
  const rowsHeading =
    values.mode === 'query' ? 'the query' : values.table.trim() === '' ? 'the table' : values.table.trim();

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={save}>
      <Text tone="muted" size="sm">
        {appName} reads {kindLabel} in a read-only session and never writes to it. Each row becomes a
        document: its title, and the columns you choose as labelled lines.
      </Text>

      {server ? (
        <fieldset className={styles.section}>
          <Text as="legend" tone="strong" weight="bold" className={styles.sectionTitle}>
            Connection
          </Text>
          <ServerRow
            hostLabel="Host"
            hostPlaceholder="db.example.com"
            securityLabel="Encryption"
            securityOptions={TLS_OPTIONS}
            values={{ host: values.host, port: values.port, security: values.tls }}
            errors={{ host: errors.host, port: errors.port, security: errors.tls }}
            ids={{ host: ids.host, port: ids.port, security: ids.tls }}
            onChange={(field: ServerRowField, value) => update(field === 'security' ? 'tls' : field, value)}
          />
          <div className={styles.pairRow}>
            <Field label="Database" id={ids.database} error={errors.database} required>
              {plainInput(values.database, (value) => update('database', value))}
            </Field>
            <Field label="User" id={ids.user} error={errors.user} required>
              {plainInput(values.user, (value) => update('user', value), {
                placeholder: readerRole(appName),
              })}
            </Field>
          </div>
          <PasswordField
            id={ids.password}
            label={editing ? 'New password (optional)' : 'Password'}
            inputLabel="Password"
            error={errors.password}
            value={values.password}
            onChange={(value) => update('password', value)}
            hint={
              <>
                {editing
                  ? 'Leave it empty to keep the saved password (a new host, port, user, database or encryption needs it again). '
                  : ''}
                Use a role that can only read, made for {appName} alone; the password is stored encrypted and
                never shown again. For example:
                <Text as="code" tone="strong" size="xs" breakAnywhere className={styles.grant}>
                  {readOnlyGrant(kind, values.database, readerRole(appName))}
                </Text>
              </>
            }
          />
        </fieldset>
      ) : (
        <fieldset className={styles.section}>
          <Text as="legend" tone="strong" weight="bold" className={styles.sectionTitle}>
            File
          </Text>
          <Field
            label="SQLite file"
            id={ids.file}
            error={errors.file}
            required
            hint="A .sqlite or .db file. It is opened read-only; you choose the table next."
          >
            {(control) => (
              <div className={styles.fileRow}>
                <input
                  {...control}
                  className={styles.fileInput}
                  type="file"
                  accept={SQLITE_FILE_ACCEPT}
                  disabled={upload.phase === 'uploading'}
                  onChange={(event) => {
                    void chooseFile(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
                {upload.phase === 'uploading' ? (
                  <progress
                    className={styles.progress}
                    max={1}
                    value={upload.progress}
                    aria-label={`Uploading ${upload.name}`}
                  />
                ) : null}
                {upload.phase === 'ready' ? (
                  <Text tone="success" size="sm" weight="semibold" breakAnywhere>
                    <span aria-hidden="true">✓ </span>
                    {upload.file.name} · {humanSize(upload.file.size_bytes)}
                  </Text>
                ) : null}
              </div>
            )}
          </Field>
        </fieldset>
      )}

      <fieldset className={styles.section}>
        <Text as="legend" tone="strong" weight="bold" className={styles.sectionTitle}>
          What to index
        </Text>
        <Tabs
          label="What to index"
          idPrefix={modeTabs}
          tabs={MODES}
          current={values.mode}
          onSelect={(mode: IndexMode) => update('mode', mode)}
          className={styles.modeTabs}
        />
        <div {...tabPanelProps(modeTabs, 'table', values.mode)} tabIndex={-1} className={styles.modePanel}>
          <Field
            label="Table or view"
            id={ids.table}
            error={errors.table}
            hint={
              tables === null
                ? `Preview lists the tables and views ${server ? 'the user can read' : 'in the file'}.`
                : undefined
            }
          >
            {tables === null
              ? plainInput(values.table, (value) => update('table', value), {
                  placeholder: server ? 'invoices or billing.invoices' : 'invoices',
                })
              : (control) => (
                  <Select
                    {...control}
                    value={values.table}
                    onChange={(event) =>
                      update('table', event.target.value, { preview: event.target.value !== '' })
                    }
                  >
                    <option value="">Choose a table or view…</option>
                    {tables.map((table) => (
                      <option key={table.name} value={table.name}>
                        {table.name}
                        {table.kind === 'view' ? ' (view)' : ''}
                      </option>
                    ))}
                  </Select>
                )}
          </Field>
        </div>
        <div {...tabPanelProps(modeTabs, 'query', values.mode)} tabIndex={-1} className={styles.modePanel}>
          <Field
            label="Query"
            id={ids.query}
            error={errors.query}
            hint="One SELECT. Anything that writes or locks rows is refused before it runs."
          >
            {(control) => (
              <textarea
                {...control}
                className={inputClassName(styles.query)}
                data-density="compact"
                rows={4}
                spellCheck={false}
                autoCapitalize="none"
                placeholder="SELECT id, customer, total, updated_at FROM invoices WHERE status <> 'draft'"
                value={values.query}
                onChange={(event) => update('query', event.target.value)}
              />
            )}
          </Field>
        </div>

        <div className={styles.columnGrid}>
          <Field
            label="Id column"
            id={ids.idColumn}
            error={errors.idColumn}
            required
            hint="Identifies each row; usually the primary key."
          >
            {columnSelect('idColumn', null)}
          </Field>
          <Field label="Title column" id={ids.titleColumn} error={errors.titleColumn} hint="Optional.">
            {columnSelect('titleColumn', 'None: “table #id”')}
          </Field>
          <Field
            label="Changed-at column"
            id={ids.changedAtColumn}
            error={errors.changedAtColumn}
            hint={`Optional: when a row last changed. Without it ${appName} reads every row on each sync (a full scan).`}
          >
            {columnSelect('changedAtColumn', 'None: full scans')}
          </Field>
        </div>
        {columns === null ? (
          <Field
            label="Body columns"
            id={ids.body}
            error={errors.body}
            required
            hint="The text of each row, comma-separated; Preview suggests them."
          >
            {plainInput(values.body, (value) => update('body', value), {
              placeholder: 'customer, notes, total',
            })}
          </Field>
        ) : (
          <fieldset
            className={styles.bodyColumns}
            aria-describedby={errors.body ? `${ids.body}-error` : `${ids.body}-hint`}
          >
            <Text as="legend" size="sm" weight="semibold" className={styles.foldersLegend}>
              Body columns
              <Text as="span" tone="danger" aria-hidden="true">
                {' '}
                *
              </Text>
            </Text>
            <Text id={`${ids.body}-hint`} tone="muted" size="xs">
              Each becomes a labelled line of the row’s text.
            </Text>
            <ul className={styles.columnList}>
              {columns.map((column, index) => (
                <li key={column.name}>
                  <Cluster as="label" gap={2} wrap={false} align="center" className={styles.folder}>
                    <input
                      type="checkbox"
                      id={index === 0 ? ids.body : undefined}
                      checked={chosenBody.has(column.name)}
                      onChange={(event) =>
                        update('body', toggleBodyColumn(values.body, column.name, event.target.checked), {
                          preview: true,
                        })
                      }
                    />
                    <span className={styles.columnName}>{column.name}</span>
                    <Text as="span" tone="muted" size="xs" className={styles.columnType} title={column.type}>
                      {column.type}
                    </Text>
                  </Cluster>
                </li>
              ))}
            </ul>
            {errors.body ? (
              <Text id={`${ids.body}-error`} tone="danger" size="sm" role="alert">
                {errors.body}
              </Text>
            ) : null}
          </fieldset>
        )}
      </fieldset>

      <div id={resultId} className={styles.testResult} role="status" aria-live="polite">
        {preview.phase === 'previewing' ? <p className={styles.testing}>Reading {rowsHeading}…</p> : null}
        {preview.phase === 'error' ? <p className={styles.failedTitle}>{preview.message}</p> : null}
        {preview.phase === 'failed' ? (
          preview.field === null ? (
            <div className={styles.failed} data-problem={preview.failure.problem}>
              <p className={styles.failedTitle}>{preview.failure.reason}</p>
              <p>{preview.failure.action}</p>
            </div>
          ) : (
            <p className={styles.failedNote}>The preview stopped: see the field marked in red.</p>
          )
        ) : null}
        {preview.phase === 'shown' && !preview.mapped ? (
          <p className={styles.passed}>
            <span aria-hidden="true">✓ </span>
            {server ? 'Connected.' : 'The file opens.'}{' '}
            {values.mode === 'table' && values.table.trim() === ''
              ? 'Choose the table or view to index.'
              : 'Choose the id and body columns, then Preview.'}
          </p>
        ) : null}
        {preview.phase === 'shown' && preview.mapped ? (
          <p className={styles.passed}>
            <span aria-hidden="true">✓ </span>
            {preview.rows.length === 0
              ? `${rowsHeading} has no rows yet; new ones are indexed as they come.`
              : `The first ${preview.rows.length} ${preview.rows.length === 1 ? 'row' : 'rows'} as ${appName} will index ${preview.rows.length === 1 ? 'it' : 'them'}.`}
            {current === null ? ' You changed something since: Preview again to see it.' : ''}
          </p>
        ) : null}
      </div>

      {preview.phase === 'shown' && preview.notes.length > 0 ? (
        <ul className={styles.notes}>
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}

      {preview.phase === 'shown' && preview.rows.length > 0 ? (
        <ol className={styles.previewRows} aria-label={`Preview of ${rowsHeading}`}>
          {preview.rows.map((row) => (
            <li key={row.id} className={styles.previewRow}>
              <Text weight="bold" breakAnywhere>
                {row.title}
              </Text>
              <dl className={styles.previewFields}>
                {row.fields.map((field) => (
                  <div key={field.column} className={styles.previewField}>
                    <dt>{field.label}:</dt>
                    <dd>{field.value}</dd>
                  </div>
                ))}
              </dl>
              <Text tone="muted" size="xs" numeric>
                Row {row.id}
                {row.changed_at === null ? '' : ` · changed ${row.changed_at}`}
              </Text>
            </li>
          ))}
        </ol>
      ) : null}

      <Field
        label="Name"
        id={nameId}
        hint="On its card and beside its rows in results. Empty: the table’s name."
      >
        {plainInput(sourceName, setSourceName, { placeholder: values.table.trim() || kindLabel })}
      </Field>

      <FormActions
        error={saveError}
        onCancel={onCancel}
        check={{
          label: preview.phase === 'shown' ? 'Preview again' : 'Preview',
          busy: preview.phase === 'previewing',
          disabled: upload.phase === 'uploading',
          onPress: () => void runPreview(),
        }}
        submit={{ label: 'Save', busy: saving, disabled: upload.phase === 'uploading' }}
      />
    </form>
  );
}
