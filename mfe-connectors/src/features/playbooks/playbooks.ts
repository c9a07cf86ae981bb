/**
 * The playbook catalog (docs/product/connections.md#playbooks): the one copy of this data. The landing page's Playbooks tab renders it
 * through the exposed PlaybookCatalog; the shell's /playground page reads it through the exposed
 * `playbooks` module to open a template by id.
 */

/** docs/product/connections.md#playbooks: Finance, Sales, Support and Engineering sort first; the rest follow in this order. */
export const departments = [
  'Finance',
  'Sales',
  'Support',
  'Engineering',
  'Marketing',
  'Product',
  'Operations',
  'HR',
  'Exec/Founder',
  'Legal',
  'Recruiting',
  'IT',
] as const;
export type Department = (typeof departments)[number];

/** docs/product/connections.md#playbooks: action tags. */
export const actionTags = ['find', 'summarize', 'extract', 'route', 'automate'] as const;
export type ActionTag = (typeof actionTags)[number];

export const difficulties = ['basic', 'pro'] as const;
export type Difficulty = (typeof difficulties)[number];

/** A tint from the shell's palette family; the card maps it to a hue, so both themes stay legible. */
export type PlaybookColor = 'indigo' | 'emerald' | 'amber' | 'rose' | 'sky' | 'violet' | 'teal' | 'orange';

type Three = readonly [string, string, string];

export interface Playbook {
  id: string;
  name: string;
  dept: Department;
  color: PlaybookColor;
  /** What it does for you, in three lines. */
  bullets: Three;
  /** How it runs, in order. */
  steps: Three;
  tags: readonly ActionTag[];
  /** Connector ids from the connector catalog (a test checks every one exists). */
  connectors: readonly string[];
  difficulty: Difficulty;
}

const entries: readonly Playbook[] = [
  {
    id: 'invoice-finder',
    name: 'Invoice finder + chat delivery',
    dept: 'Finance',
    color: 'emerald',
    bullets: [
      'Finds every invoice PDF sent to accounts payable this month, wherever it landed.',
      'Pulls vendor, invoice number, due date and total into one table.',
      'Posts the table to #finance-ap with overdue lines flagged first.',
    ],
    steps: [
      'Search mail and shared drives for attachments that look like invoices.',
      'Extract vendor, number, due date, currency and total from each one.',
      'Send the sorted table to your finance channel, linking each source file.',
    ],
    tags: ['find', 'extract', 'route'],
    connectors: ['gmail', 'outlook', 'drive', 'slack', 'teams'],
    difficulty: 'basic',
  },
  {
    id: 'expense-receipt-sweep',
    name: 'Expense receipt sweep',
    dept: 'Finance',
    color: 'teal',
    bullets: [
      'Collects card receipts from inboxes and phone-upload folders before month-end close.',
      'Matches each receipt to merchant, date and amount so nothing is keyed by hand.',
      'Lists receipts with no matching card line, for a quick chase.',
    ],
    steps: [
      'Sweep mail and upload folders for receipts since the last close.',
      'Extract merchant, date, amount and tax from each receipt.',
      'Save a reconciliation sheet to the close folder and list the gaps.',
    ],
    tags: ['find', 'extract', 'automate'],
    connectors: ['gmail', 'outlook', 'drive', 'dropbox'],
    difficulty: 'basic',
  },
  {
    id: 'follow-ups',
    name: 'Follow-ups',
    dept: 'Sales',
    color: 'sky',
    bullets: [
      'Spots prospect threads where the last message is theirs and nobody replied.',
      'Adds what was promised on the last call, from the meeting notes.',
      'Hands each rep a morning list with a suggested first line.',
    ],
    steps: [
      'Find open threads with external contacts older than three working days.',
      'Summarize the thread and the last meeting with that account.',
      'Send each rep their list in chat at 9:00 their time.',
    ],
    tags: ['find', 'summarize', 'automate'],
    connectors: ['gmail', 'outlook', 'gcal', 'slack'],
    difficulty: 'basic',
  },
  {
    id: 'qbr-pack',
    name: 'QBR pack',
    dept: 'Sales',
    color: 'indigo',
    bullets: [
      'Builds the quarterly business review deck outline for one account in minutes.',
      'Brings in ticket volume, open escalations and shipped requests for the quarter.',
      'Quotes the customer’s own words from email and calls, with links.',
    ],
    steps: [
      'Gather the account’s mail, meetings, tickets and issues for the quarter.',
      'Extract counts, dates and the three biggest themes.',
      'Write the outline into a doc in the account folder for the owner to edit.',
    ],
    tags: ['summarize', 'extract'],
    connectors: ['gmail', 'gcal', 'zendesk', 'jira', 'drive'],
    difficulty: 'pro',
  },
  {
    id: 'ticket-triage',
    name: 'Ticket triage',
    dept: 'Support',
    color: 'orange',
    bullets: [
      'Reads each new ticket and finds past tickets and known bugs that match it.',
      'Suggests product area, priority and the team that owns it.',
      'Routes urgent ones to the on-call channel with the context attached.',
    ],
    steps: [
      'Find similar solved tickets and linked issues for every new ticket.',
      'Extract product area, plan and error text, and propose a priority.',
      'Route to the owning queue and ping on-call in chat for urgent ones.',
    ],
    tags: ['find', 'route'],
    connectors: ['zendesk', 'jira', 'slack'],
    difficulty: 'basic',
  },
  {
    id: 'auto-deflect',
    name: 'Auto-deflect',
    dept: 'Support',
    color: 'rose',
    bullets: [
      'Answers how-to questions from your help center before an agent picks them up.',
      'Cites the article and section it used, so customers can check it.',
      'Leaves anything about billing, outages or bugs for a person.',
    ],
    steps: [
      'Find help-center articles and internal docs that answer the question.',
      'Summarize the answer in three sentences with the source linked.',
      'Reply as a suggested response; an agent approves before it is sent.',
    ],
    tags: ['find', 'summarize', 'automate'],
    connectors: ['zendesk', 'confluence', 'notion'],
    difficulty: 'pro',
  },
  {
    id: 'bug-sweep',
    name: 'Bug sweep',
    dept: 'Engineering',
    color: 'violet',
    bullets: [
      'Finds bug reports scattered across chat threads, tickets and the tracker.',
      'Groups duplicates and counts how many customers hit each one.',
      'Posts the week’s top five to the team channel with links to every report.',
    ],
    steps: [
      'Search chat, tickets and issues for error messages and “broken” reports.',
      'Summarize each cluster with first seen, last seen and reporter count.',
      'Route the list to the team channel and link the tracker issues.',
    ],
    tags: ['find', 'summarize', 'route'],
    connectors: ['slack', 'zendesk', 'jira', 'linear', 'github'],
    difficulty: 'basic',
  },
  {
    id: 'release-notes',
    name: 'Release notes',
    dept: 'Engineering',
    color: 'indigo',
    bullets: [
      'Drafts customer-facing release notes from merged pull requests and closed issues.',
      'Separates new features, fixes and breaking changes.',
      'Leaves out internal refactors and anything behind a feature flag.',
    ],
    steps: [
      'Find pull requests merged and issues closed since the last release tag.',
      'Extract titles, labels and linked issues, and group them by change type.',
      'Write the draft to a Confluence page for the release owner to review.',
    ],
    tags: ['summarize', 'extract'],
    connectors: ['github', 'linear', 'jira', 'confluence'],
    difficulty: 'pro',
  },
  {
    id: 'campaign-recap',
    name: 'Campaign recap',
    dept: 'Marketing',
    color: 'amber',
    bullets: [
      'Rolls up a launch’s results from the report mails and shared sheets.',
      'Lists spend, sign-ups and cost per sign-up by channel.',
      'Notes what the team said worked, straight from the launch channel.',
    ],
    steps: [
      'Find the campaign’s report mails, sheets and channel threads.',
      'Extract spend, reach and sign-ups for each channel.',
      'Write a one-page recap into the marketing wiki.',
    ],
    tags: ['summarize', 'extract'],
    connectors: ['gmail', 'drive', 'slack', 'notion'],
    difficulty: 'basic',
  },
  {
    id: 'user-feedback-synth',
    name: 'User feedback synth',
    dept: 'Product',
    color: 'violet',
    bullets: [
      'Reads the month’s tickets, feedback channel and call notes in one pass.',
      'Groups requests into themes, each with a count and real quotes.',
      'Links every theme to the roadmap issue it belongs to, or flags it as new.',
    ],
    steps: [
      'Find feedback in tickets, the feedback channel and customer call notes.',
      'Summarize themes with counts, quotes and the accounts asking.',
      'Save the synthesis to the product wiki and link the matching issues.',
    ],
    tags: ['summarize', 'extract'],
    connectors: ['zendesk', 'slack', 'notion', 'linear'],
    difficulty: 'pro',
  },
  {
    id: 'po-tracker',
    name: 'PO tracker',
    dept: 'Operations',
    color: 'teal',
    bullets: [
      'Tracks every open purchase order from the supplier emails about it.',
      'Pulls PO number, promised ship date and any changed date.',
      'Warns the requester when a delivery date slips.',
    ],
    steps: [
      'Find supplier mail and order confirmations that mention a PO number.',
      'Extract PO number, items, promised and revised dates.',
      'Update the tracker sheet and message the requester about slips.',
    ],
    tags: ['find', 'extract', 'automate'],
    connectors: ['gmail', 'outlook', 'drive', 'teams'],
    difficulty: 'basic',
  },
  {
    id: 'offer-letter-review',
    name: 'Offer letter review',
    dept: 'HR',
    color: 'rose',
    bullets: [
      'Checks a draft offer letter against the approved offer in the hiring thread.',
      'Compares title, start date, salary, equity and notice period line by line.',
      'Lists every mismatch before the letter goes out for signature.',
    ],
    steps: [
      'Find the draft letter and the approval thread for the candidate.',
      'Extract title, dates, pay and terms from both.',
      'Send the comparison to the HR partner who owns the offer.',
    ],
    tags: ['find', 'extract'],
    connectors: ['gmail', 'outlook', 'drive', 'onedrive'],
    difficulty: 'basic',
  },
  {
    id: 'weekly-biz-review',
    name: 'Weekly biz review',
    dept: 'Exec/Founder',
    color: 'amber',
    bullets: [
      'Writes the Monday brief: revenue, pipeline, hiring and the week’s fires.',
      'Takes figures from the metrics database and the finance sheet, not from memory.',
      'Links every number to where it came from.',
    ],
    steps: [
      'Read last week’s figures from the database and the shared sheets.',
      'Summarize the changes, the risks raised in chat and the key meetings ahead.',
      'Mail the brief to the leadership list every Monday at 8:00.',
    ],
    tags: ['summarize', 'extract', 'automate'],
    connectors: ['postgres', 'drive', 'slack', 'gmail', 'gcal'],
    difficulty: 'pro',
  },
  {
    id: 'contract-compare',
    name: 'Contract compare',
    dept: 'Legal',
    color: 'sky',
    bullets: [
      'Compares a counterparty’s redline with your standard template, clause by clause.',
      'Flags changes to liability caps, indemnities, term, renewal and governing law.',
      'Finds how the same clause was settled in past signed contracts.',
    ],
    steps: [
      'Find the redline, your template and past signed versions.',
      'Extract the key clauses and note every change from the template.',
      'Save a comparison memo next to the contract for counsel.',
    ],
    tags: ['find', 'extract', 'summarize'],
    connectors: ['drive', 'onedrive', 'box', 'dropbox'],
    difficulty: 'pro',
  },
  {
    id: 'candidate-round-up',
    name: 'Candidate round-up',
    dept: 'Recruiting',
    color: 'emerald',
    bullets: [
      'Gathers interview feedback for a candidate from mail, chat and the calendar.',
      'Shows each interviewer’s verdict next to the scorecard area they covered.',
      'Chases interviewers who have not sent feedback yet.',
    ],
    steps: [
      'Find the candidate’s interview events and the feedback sent about them.',
      'Summarize verdicts, strengths and concerns by interviewer.',
      'Route the round-up to the hiring channel before the debrief.',
    ],
    tags: ['summarize', 'route'],
    connectors: ['gmail', 'gcal', 'slack', 'teams'],
    difficulty: 'basic',
  },
  {
    id: 'access-audit',
    name: 'Access audit',
    dept: 'IT',
    color: 'orange',
    bullets: [
      'Lists who can reach your code, shared drives and production database.',
      'Marks people who have left or changed team but still have access.',
      'Produces the evidence file an auditor asks for, dated and sourced.',
    ],
    steps: [
      'Find members and grants in code hosting, drives, chat and the database.',
      'Extract each person’s access and compare it with the current staff list.',
      'Send the exceptions to IT and save the evidence file for the audit.',
    ],
    tags: ['find', 'extract', 'route'],
    connectors: ['github', 'drive', 'onedrive', 'slack', 'postgres'],
    difficulty: 'pro',
  },
];

const deptRank = (dept: Department) => departments.indexOf(dept);

/** Every playbook, departments in the spec's order (Finance, Sales, Support, Engineering first). */
export const playbooks: readonly Playbook[] = [...entries].sort(
  (a, b) => deptRank(a.dept) - deptRank(b.dept),
);

const byId = new Map(playbooks.map((playbook) => [playbook.id, playbook]));

/** For the playground: the template named by `?tpl=`, or undefined for an unknown id. */
export function findPlaybook(id: string): Playbook | undefined {
  return byId.get(id);
}

export const tagLabels: Readonly<Record<ActionTag, string>> = {
  find: 'Find',
  summarize: 'Summarize',
  extract: 'Extract',
  route: 'Route',
  automate: 'Automate',
};

export const difficultyLabels: Readonly<Record<Difficulty, string>> = { basic: 'Basic', pro: 'Pro' };
