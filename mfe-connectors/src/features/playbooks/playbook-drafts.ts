import type { WorkflowBody } from '@trove/contracts';
import type { Playbook } from './playbooks';

/**
 * Each playbook of the catalog as a workflow that runs (issue 40 item 2, docs/decisions/161-playbook-drafts.md):
 * its questions in the search syntax or in words as chats take them, the fields table's columns, how rows are
 * sorted and flagged, a default schedule, and where it suggests sending. The catalog (playbooks.ts) stays the one
 * copy of each playbook's name and copy; a draft is keyed by the playbook's id and takes its name from there.
 */

/** Where a playbook suggests its answer goes; the editor maps it to the user's own address or destinations. */
export type SuggestedDestination =
  | { kind: 'email-me' }
  | { kind: 'channel'; service: 'slack' | 'teams' | 'google_chat'; name: string };

export interface PlaybookDraft extends Omit<WorkflowBody, 'name' | 'destinations' | 'template_id'> {
  suggested: readonly SuggestedDestination[];
  /** Connector ids of the sources it reads (from the playbook's list); the editor names those not connected. */
  reads: readonly string[];
}

const weekdays8 = { every: 'weekdays', at: '08:00' } as const;
const byDateAsc = { by: 'date', order: 'asc' } as const;
const byDateDesc = { by: 'date', order: 'desc' } as const;
const asFound = { by: 'found', order: 'asc' } as const;
const me: SuggestedDestination = { kind: 'email-me' };
const slack = (name: string): SuggestedDestination => ({ kind: 'channel', service: 'slack', name });
const teams = (name: string): SuggestedDestination => ({ kind: 'channel', service: 'teams', name });

export const playbookDrafts: Readonly<Record<string, PlaybookDraft>> = {
  'invoice-finder': {
    questions: ['invoice', 'invoice has:attachment'],
    columns: ['date', 'total', 'organisations', 'field:invoice number'],
    sort: byDateAsc,
    flag: { when: 'date_before_today' },
    schedule: weekdays8,
    scope: 'new',
    send_empty: false,
    suggested: [me, slack('#finance-ap')],
    reads: ['gmail', 'outlook', 'drive'],
  },
  'expense-receipt-sweep': {
    questions: ['receipt has:attachment this month', 'receipt type:pdf this month'],
    columns: ['date', 'total', 'organisations', 'field:tax'],
    sort: byDateAsc,
    flag: { when: 'total_over', amount: 500 },
    schedule: { every: 'monthly', day: 28, at: '09:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me],
    reads: ['gmail', 'outlook', 'drive', 'dropbox'],
  },
  'follow-ups': {
    questions: ['proposal quote "following up" last week'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateAsc,
    flag: { when: 'date_before_today' },
    schedule: { every: 'weekdays', at: '09:00' },
    scope: 'new',
    send_empty: false,
    suggested: [me, slack('#sales')],
    reads: ['gmail', 'outlook', 'gcal'],
  },
  'qbr-pack': {
    questions: ['escalation outage renewal last quarter', '"feature request" last quarter'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'monthly', day: 1, months: [1, 4, 7, 10], at: '08:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me],
    reads: ['gmail', 'gcal', 'zendesk', 'jira', 'drive'],
  },
  'ticket-triage': {
    questions: ['urgent outage today', 'error crash today'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateDesc,
    flag: { when: 'date_within_days', days: 0 },
    schedule: { every: 'weekdays', at: '09:30' },
    scope: 'new',
    send_empty: false,
    suggested: [slack('#support-oncall')],
    reads: ['zendesk', 'jira'],
  },
  'auto-deflect': {
    questions: ['"how do I" this week'],
    columns: ['date', 'people'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'weekdays', at: '10:00' },
    scope: 'new',
    send_empty: false,
    suggested: [me],
    reads: ['zendesk', 'confluence', 'notion'],
  },
  'bug-sweep': {
    questions: ['bug broken error crash last week'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'weekly', day: 'mon', at: '09:00' },
    scope: 'new',
    send_empty: true,
    suggested: [slack('#eng')],
    reads: ['slack', 'zendesk', 'jira', 'linear', 'github'],
  },
  'release-notes': {
    questions: ['merged released fixed last week', '"breaking change" last week'],
    columns: ['date', 'people'],
    sort: byDateAsc,
    flag: null,
    schedule: { every: 'weekly', day: 'fri', at: '15:00' },
    scope: 'new',
    send_empty: false,
    suggested: [me],
    reads: ['github', 'linear', 'jira'],
  },
  'campaign-recap': {
    questions: ['campaign spend sign-ups last month'],
    columns: ['date', 'total', 'organisations'],
    sort: byDateAsc,
    flag: null,
    schedule: { every: 'monthly', day: 2, at: '09:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me, slack('#marketing')],
    reads: ['gmail', 'drive', 'slack'],
  },
  'user-feedback-synth': {
    questions: ['feedback "feature request" last month'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'monthly', day: 1, at: '09:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me],
    reads: ['zendesk', 'slack', 'notion', 'linear'],
  },
  'po-tracker': {
    questions: ['"purchase order" delivery date', 'delivery delayed postponed'],
    columns: ['date', 'organisations', 'field:po number'],
    sort: byDateAsc,
    flag: { when: 'date_within_days', days: 7 },
    schedule: weekdays8,
    scope: 'new',
    send_empty: false,
    suggested: [me, teams('Procurement')],
    reads: ['gmail', 'outlook', 'drive'],
  },
  'offer-letter-review': {
    questions: ['"offer letter" salary start date', 'offer approved title salary equity'],
    columns: ['date', 'total', 'people'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'off' },
    scope: 'all',
    send_empty: false,
    suggested: [me],
    reads: ['gmail', 'outlook', 'drive', 'onedrive'],
  },
  'weekly-biz-review': {
    questions: ['revenue pipeline bookings last week', 'hiring incident escalation last week'],
    columns: ['date', 'total', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'weekly', day: 'mon', at: '08:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me],
    reads: ['postgres', 'drive', 'slack', 'gmail', 'gcal'],
  },
  'contract-compare': {
    questions: ['liability indemnity "governing law" type:docx', 'redline contract'],
    columns: ['date', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'off' },
    scope: 'all',
    send_empty: false,
    suggested: [me],
    reads: ['drive', 'onedrive', 'box', 'dropbox'],
  },
  'candidate-round-up': {
    questions: ['interview feedback candidate this week'],
    columns: ['date', 'people'],
    sort: asFound,
    flag: null,
    schedule: { every: 'weekdays', at: '16:00' },
    scope: 'new',
    send_empty: false,
    suggested: [me, slack('#hiring')],
    reads: ['gmail', 'gcal', 'slack', 'teams'],
  },
  'access-audit': {
    questions: ['"access granted" admin permission last month'],
    columns: ['date', 'people', 'organisations'],
    sort: byDateDesc,
    flag: null,
    schedule: { every: 'monthly', day: 1, at: '07:00' },
    scope: 'all',
    send_empty: true,
    suggested: [me],
    reads: ['github', 'drive', 'onedrive', 'postgres'],
  },
};

/** A playbook as the editor opens it: a workflow body without destinations, and what it suggests. */
export function workflowDraftFor(
  playbook: Pick<Playbook, 'id' | 'name'>,
): { body: WorkflowBody; suggested: readonly SuggestedDestination[]; reads: readonly string[] } | undefined {
  const draft = playbookDrafts[playbook.id];
  if (draft === undefined) return undefined;
  const { suggested, reads, ...rest } = draft;
  return {
    body: {
      ...rest,
      questions: [...rest.questions],
      columns: [...rest.columns],
      name: playbook.name,
      destinations: [],
      template_id: playbook.id,
    },
    suggested,
    reads,
  };
}
