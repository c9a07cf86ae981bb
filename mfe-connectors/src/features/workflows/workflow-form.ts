import {
  type Source,
  WEEKDAYS,
  WORKFLOW_BASE_COLUMNS,
  WORKFLOW_FIELD_PREFIX,
  type Weekday,
  type Workflow,
  type WorkflowBody,
  WorkflowBodySchema,
  type WorkflowSchedule,
} from '@trove/contracts';

// The workflow editor's form (issue 40 item 3) as plain data: what the inputs hold, to and from the contracts'
// WorkflowBody, and the first problem the schema finds, in its own words. Pure, so it is tested without a DOM.

export type SortChoice = 'found' | 'date-asc' | 'date-desc' | 'total-desc' | 'total-asc';
export type FlagChoice = 'none' | 'date_before_today' | 'date_within_days' | 'total_over';

export interface WorkflowForm {
  name: string;
  /** One question a line. */
  questions: string;
  columns: string[];
  /** Named fields, comma-separated ("invoice number, po number"). */
  fields: string;
  sort: SortChoice;
  flag: FlagChoice;
  flagNumber: string;
  every: WorkflowSchedule['every'];
  weekday: Weekday;
  monthDay: string;
  at: string;
  scope: 'new' | 'all';
  emailMe: boolean;
  /** Other addresses, comma-separated. */
  addresses: string;
  destinationIds: string[];
  sendEmpty: boolean;
  templateId: string | null;
}

export const WEEKDAY_LABELS: Readonly<Record<Weekday, string>> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

export const COLUMN_LABELS: Readonly<Record<(typeof WORKFLOW_BASE_COLUMNS)[number], string>> = {
  date: 'Date',
  total: 'Total',
  people: 'People',
  organisations: 'Organisations',
};

export function columnLabel(column: string): string {
  if (column.startsWith(WORKFLOW_FIELD_PREFIX)) return column.slice(WORKFLOW_FIELD_PREFIX.length);
  return COLUMN_LABELS[column as keyof typeof COLUMN_LABELS] ?? column;
}

/** The form a workflow (saved, or a playbook's draft) opens with; `me` is the account's address. */
export function formFrom(body: WorkflowBody | Workflow, me: string): WorkflowForm {
  const schedule = body.schedule;
  const flag = body.flag;
  const mine = me.toLowerCase();
  const emails = body.destinations.flatMap((d) => (d.kind === 'email' ? [d.address] : []));
  return {
    name: body.name,
    questions: body.questions.join('\n'),
    columns: body.columns.filter((column) => !column.startsWith(WORKFLOW_FIELD_PREFIX)),
    fields: body.columns
      .filter((column) => column.startsWith(WORKFLOW_FIELD_PREFIX))
      .map((column) => column.slice(WORKFLOW_FIELD_PREFIX.length))
      .join(', '),
    sort: body.sort.by === 'found' ? 'found' : `${body.sort.by}-${body.sort.order}`,
    flag: flag === null ? 'none' : flag.when,
    flagNumber:
      flag?.when === 'date_within_days'
        ? String(flag.days)
        : flag?.when === 'total_over'
          ? String(flag.amount)
          : '',
    every: schedule.every,
    weekday: schedule.every === 'weekly' ? schedule.day : 'mon',
    monthDay: schedule.every === 'monthly' ? String(schedule.day) : '1',
    at: schedule.every === 'off' ? '08:00' : schedule.at,
    scope: body.scope,
    emailMe: body.destinations.length === 0 || emails.some((address) => address.toLowerCase() === mine),
    addresses: emails.filter((address) => address.toLowerCase() !== mine).join(', '),
    destinationIds: body.destinations.flatMap((d) => (d.kind === 'destination' ? [d.destination_id] : [])),
    sendEmpty: body.send_empty,
    templateId: body.template_id,
  };
}

function scheduleOf(form: WorkflowForm): WorkflowSchedule | Record<string, unknown> {
  switch (form.every) {
    case 'off':
      return { every: 'off' };
    case 'daily':
    case 'weekdays':
      return { every: form.every, at: form.at };
    case 'weekly':
      return { every: 'weekly', day: form.weekday, at: form.at };
    case 'monthly':
      return { every: 'monthly', day: Number(form.monthDay), at: form.at };
  }
}

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

/** The body the API takes, or the first problem with the form, in the schema's words. */
export function bodyFrom(form: WorkflowForm, me: string): { body: WorkflowBody } | { problem: string } {
  const [by, order] = form.sort === 'found' ? ['found', 'asc'] : form.sort.split('-');
  const number = Number(form.flagNumber);
  const candidate = {
    name: form.name,
    questions: form.questions
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    columns: [...form.columns, ...list(form.fields).map((name) => `${WORKFLOW_FIELD_PREFIX}${name}`)],
    sort: { by, order },
    flag:
      form.flag === 'none'
        ? null
        : form.flag === 'date_within_days'
          ? { when: form.flag, days: number }
          : form.flag === 'total_over'
            ? { when: form.flag, amount: number }
            : { when: form.flag },
    schedule: scheduleOf(form),
    scope: form.scope,
    destinations: [
      ...(form.emailMe && me !== '' ? [{ kind: 'email', address: me }] : []),
      ...list(form.addresses).map((address) => ({ kind: 'email', address })),
      ...form.destinationIds.map((id) => ({ kind: 'destination', destination_id: id })),
    ],
    send_empty: form.sendEmpty,
    template_id: form.templateId,
  };
  const parsed = WorkflowBodySchema.safeParse(candidate);
  if (parsed.success) return { body: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? 'Check the form.' };
}

/** "Weekdays at 08:00", "Monthly on day 31 at 09:00", "Off". */
export function describeSchedule(schedule: WorkflowSchedule): string {
  switch (schedule.every) {
    case 'off':
      return 'Off (Run now only)';
    case 'daily':
      return `Daily at ${schedule.at}`;
    case 'weekdays':
      return `Weekdays at ${schedule.at}`;
    case 'weekly':
      return `${WEEKDAY_LABELS[schedule.day]}s at ${schedule.at}`;
    case 'monthly':
      return `Monthly on day ${schedule.day} at ${schedule.at}`;
  }
}

/** Which connectors a playbook reads that the user has no source for (mail by IMAP, databases by kind). */
export function missingSources(reads: readonly string[], sources: readonly Pick<Source, 'kind'>[]): string[] {
  const kindFor: Readonly<Record<string, string>> = {
    gmail: 'imap',
    outlook: 'imap',
    postgres: 'postgres',
    mysql: 'mysql',
  };
  const kinds = new Set(sources.map((source) => source.kind));
  return reads.filter((id) => {
    const kind = kindFor[id];
    return kind === undefined || !kinds.has(kind as Source['kind']);
  });
}

export { WEEKDAYS, WORKFLOW_BASE_COLUMNS };
