import { z } from 'zod';
import { ANSWER_BASE_COLUMNS, ANSWER_FIELD_COLUMN_PREFIX, type AnswerBaseColumn } from './answer-columns';
import { AssistantChatMessageSchema, CHAT_QUESTION_MAX_LENGTH, DeliverySchema } from './chat';
import { parseSearchQuery } from './query-syntax';
import { requestBody } from './request-body';

// Issue 40 "Playbooks that run" (docs/decisions/160-workflows.md): a workflow is the user's saved questions, the
// columns of the fields table to keep, how to sort and flag its rows, a schedule in the profile's time zone,
// whether only what is new since the last run is sent, and where it goes. The search service stores and runs it
// under /api/v1/workflows; the editor validates with the same schemas.

export const WORKFLOW_NAME_MAX_LENGTH = 80;
export const WORKFLOW_QUESTIONS_MAX = 5;
export const WORKFLOW_DESTINATIONS_MAX = 5;
export const WORKFLOW_FIELD_NAME_MAX_LENGTH = 60;

/** The fields table's columns a workflow can keep; a named typed field is `field:<name>` (ADR 130). */
export const WORKFLOW_BASE_COLUMNS = ANSWER_BASE_COLUMNS;
export type WorkflowBaseColumn = AnswerBaseColumn;
export const WORKFLOW_FIELD_PREFIX = ANSWER_FIELD_COLUMN_PREFIX;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** The most days each month ever has (February in a leap year). */
export const MONTH_MAX_DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

export const WORKFLOW_MESSAGES = {
  notFound: 'Not found',
  nameRequired: 'Give the workflow a name.',
  nameTooLong: `A name can be at most ${WORKFLOW_NAME_MAX_LENGTH} characters.`,
  questionRequired: 'Add at least one question.',
  tooManyQuestions: `A workflow asks at most ${WORKFLOW_QUESTIONS_MAX} questions.`,
  questionEmpty: (n: number) => `Question ${n} is empty.`,
  questionTooLong: (n: number) => `Question ${n} is longer than ${CHAT_QUESTION_MAX_LENGTH} characters.`,
  questionRejected: (n: number, problem: string) => `Question ${n}: ${problem}`,
  badTime: 'A time is HH:MM on a 24-hour clock, e.g. 08:30.',
  badMonthDay: 'A day of the month is 1 to 31.',
  dayNeverExists: (day: number, months: readonly number[]) =>
    `${months.map((month) => `${day} ${MONTH_NAMES[month - 1]}`).join(', ')} never exist${
      months.length === 1 ? 's' : ''
    } — pick a day those months have.`,
  unknownZone: (zone: string) =>
    `“${zone}” is not a time zone this server knows — choose one on your profile (e.g. Europe/Berlin).`,
  tooManyWorkflows: (max: number) =>
    `You have ${max} workflows, the most one account can keep — delete one first.`,
  tooManyRuns: (max: number) => `Workflows ran ${max} times in the last hour — try again later.`,
  destinationGone: (name: string) => `The destination ${name} was removed — pick another one.`,
  scheduleOffNoRun: 'This workflow has no schedule; use Run now.',
} as const;

export const WORKFLOW_CODES = {
  limit: 'workflow_limit',
  runFailed: 'workflow_run_failed',
} as const;

export const WorkflowIdSchema = z.uuid({ error: WORKFLOW_MESSAGES.notFound });

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, WORKFLOW_MESSAGES.badTime);

/**
 * When a workflow runs, in the profile's time zone (docs/decisions/160-workflows.md, "Schedules"). A monthly day
 * a month lacks (the 31st in April) runs on that month's last day; a day none of the chosen months ever has
 * (31 February) is refused.
 */
export const WorkflowScheduleSchema = z
  .discriminatedUnion('every', [
    z.strictObject({ every: z.literal('off') }),
    z.strictObject({ every: z.literal('daily'), at: clock }),
    z.strictObject({ every: z.literal('weekdays'), at: clock }),
    z.strictObject({ every: z.literal('weekly'), day: z.enum(WEEKDAYS), at: clock }),
    z.strictObject({
      every: z.literal('monthly'),
      day: z.number().int().min(1, WORKFLOW_MESSAGES.badMonthDay).max(31, WORKFLOW_MESSAGES.badMonthDay),
      /** Months it runs in (1–12); absent, every month. [1, 4, 7, 10] runs quarterly. */
      months: z.array(z.number().int().min(1).max(12)).min(1).max(12).optional(),
      at: clock,
    }),
  ])
  .superRefine((schedule, ctx) => {
    if (schedule.every !== 'monthly' || schedule.months === undefined) return;
    const months = [...new Set(schedule.months)].sort((a, b) => a - b);
    if (months.every((month) => schedule.day > (MONTH_MAX_DAYS[month - 1] ?? 31))) {
      ctx.addIssue({
        code: 'custom',
        path: ['day'],
        message: WORKFLOW_MESSAGES.dayNeverExists(schedule.day, months),
      });
    }
  });
export type WorkflowSchedule = z.output<typeof WorkflowScheduleSchema>;

const QuestionSchema = z.string();

const ColumnSchema = z.union([
  z.enum(WORKFLOW_BASE_COLUMNS),
  z
    .string()
    .startsWith(WORKFLOW_FIELD_PREFIX)
    .max(WORKFLOW_FIELD_PREFIX.length + WORKFLOW_FIELD_NAME_MAX_LENGTH)
    .refine((column) => column.slice(WORKFLOW_FIELD_PREFIX.length).trim() !== '', 'Name the field.'),
]);
export type WorkflowColumn = z.output<typeof ColumnSchema>;

/** How rows are ordered: by date or total, or as found (best match first). */
export const WorkflowSortSchema = z.strictObject({
  by: z.enum(['found', 'date', 'total']),
  order: z.enum(['asc', 'desc']),
});
export type WorkflowSort = z.output<typeof WorkflowSortSchema>;

/** Which rows are flagged; flagged rows always come first ("due date before today first"). */
export const WorkflowFlagSchema = z.discriminatedUnion('when', [
  z.strictObject({ when: z.literal('date_before_today') }),
  z.strictObject({ when: z.literal('date_within_days'), days: z.number().int().min(0).max(366) }),
  z.strictObject({ when: z.literal('total_over'), amount: z.number().nonnegative() }),
]);
export type WorkflowFlag = z.output<typeof WorkflowFlagSchema>;

/** Where a run's answer goes: an address (the account's own or one confirmed), or one of the user's destinations. */
export const WorkflowDestinationSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('email'), address: z.string().min(3).max(254) }),
  z.strictObject({ kind: z.literal('destination'), destination_id: z.uuid() }),
]);
export type WorkflowDestination = z.output<typeof WorkflowDestinationSchema>;

export const WORKFLOW_SCOPES = ['new', 'all'] as const;
export type WorkflowScope = (typeof WORKFLOW_SCOPES)[number];

const workflowFields = {
  name: z
    .string()
    .trim()
    .min(1, WORKFLOW_MESSAGES.nameRequired)
    .max(WORKFLOW_NAME_MAX_LENGTH, WORKFLOW_MESSAGES.nameTooLong),
  questions: z
    .array(QuestionSchema)
    .min(1, WORKFLOW_MESSAGES.questionRequired)
    .max(WORKFLOW_QUESTIONS_MAX, WORKFLOW_MESSAGES.tooManyQuestions)
    .superRefine((questions, ctx) => {
      questions.forEach((question, index) => {
        const problem = questionProblem(question, index + 1);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', path: [index], message: problem });
      });
    }),
  columns: z.array(ColumnSchema).max(12),
  sort: WorkflowSortSchema,
  flag: WorkflowFlagSchema.nullable(),
  schedule: WorkflowScheduleSchema,
  /** "new": only rows not found by the last run; "all": everything that matches. */
  scope: z.enum(WORKFLOW_SCOPES),
  destinations: z.array(WorkflowDestinationSchema).max(WORKFLOW_DESTINATIONS_MAX),
  /** When a run finds nothing: send one line saying so, or send nothing. */
  send_empty: z.boolean(),
  /** The playbook it was copied from, if any (mfe-connectors' catalog id). */
  template_id: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/)
    .nullable(),
};

/** What is wrong with a question, in the editor's words; undefined when the syntax takes it. */
export function questionProblem(question: string, n: number): string | undefined {
  const text = question.trim();
  if (text === '') return WORKFLOW_MESSAGES.questionEmpty(n);
  if (text.length > CHAT_QUESTION_MAX_LENGTH) return WORKFLOW_MESSAGES.questionTooLong(n);
  const [problem] = parseSearchQuery(text).problems;
  return problem === undefined ? undefined : WORKFLOW_MESSAGES.questionRejected(n, problem);
}

/** POST /workflows and PUT /workflows/:id: the whole workflow. */
export const WorkflowBodySchema = requestBody(workflowFields);
export type WorkflowBody = z.output<typeof WorkflowBodySchema>;

/** PATCH /workflows/:id: pause or resume. */
export const WorkflowPauseBodySchema = requestBody({ paused: z.boolean() });
export type WorkflowPauseBody = z.output<typeof WorkflowPauseBodySchema>;

export const WORKFLOW_RUN_STATUSES = ['queued', 'running', 'succeeded', 'empty', 'failed'] as const;
export type WorkflowRunStatus = (typeof WORKFLOW_RUN_STATUSES)[number];

export const WorkflowRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  /** The scheduled slot it ran for; null for Run now. */
  slot: z.string().nullable(),
  status: z.enum(WORKFLOW_RUN_STATUSES),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Rows found, and how many of them were new since the run before. */
  found: z.number().int(),
  new: z.number().int(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  /** The chat that keeps the answer it sent (links in the mail lead there). */
  chat_id: z.string().nullable(),
  deliveries: z.array(DeliverySchema),
});
export type WorkflowRun = z.output<typeof WorkflowRunSchema>;

export const WorkflowSchema = z.object({
  id: z.string(),
  ...workflowFields,
  name: z.string(),
  questions: z.array(z.string()),
  paused: z.boolean(),
  next_run_at: z.string().nullable(),
  last_run: WorkflowRunSchema.omit({ deliveries: true }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Workflow = z.output<typeof WorkflowSchema>;

export const WorkflowResponseSchema = z.object({ workflow: WorkflowSchema });
export type WorkflowResponse = z.output<typeof WorkflowResponseSchema>;
export const WorkflowListResponseSchema = z.object({ workflows: z.array(WorkflowSchema) });
export type WorkflowListResponse = z.output<typeof WorkflowListResponseSchema>;
export const WorkflowRunsResponseSchema = z.object({ runs: z.array(WorkflowRunSchema) });
export type WorkflowRunsResponse = z.output<typeof WorkflowRunsResponseSchema>;

/** One row of a run's table, in the workflow's columns, flagged or not. */
export const WorkflowRowSchema = z.object({
  passage_id: z.string(),
  source: z.string(),
  cells: z.record(z.string(), z.string()),
  flagged: z.boolean(),
  new: z.boolean(),
});
export type WorkflowRow = z.output<typeof WorkflowRowSchema>;

/** POST …/preview: exactly what a run would send, shipped nowhere. */
export const WorkflowPreviewResponseSchema = z.object({
  answer: AssistantChatMessageSchema.omit({ id: true, role: true, created_at: true, deliveries: true }),
  rows: z.array(WorkflowRowSchema),
  /** Per currency, the sum of the rows' totals ("EUR 1,240.00"). */
  totals: z.array(z.object({ currency: z.string(), text: z.string() })),
  found: z.number().int(),
  new: z.number().int(),
  /** Null when something would be sent; else why not (nothing found and send_empty off). */
  not_sent: z.string().nullable(),
  /** Where it would go, by name. */
  destinations: z.array(z.string()),
});
export type WorkflowPreviewResponse = z.output<typeof WorkflowPreviewResponseSchema>;

/** POST …/run: the run, queued and then kept. */
export const WorkflowRunResponseSchema = z.object({ run: WorkflowRunSchema });
export type WorkflowRunResponse = z.output<typeof WorkflowRunResponseSchema>;
