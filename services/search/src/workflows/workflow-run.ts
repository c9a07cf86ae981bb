import {
  addressSchema,
  SEARCH_LIMIT_MAX,
  WORKFLOW_MESSAGES,
  type WorkflowBody,
  type WorkflowPreviewResponse,
} from '@trove/contracts';
import { ApiError, type DatabaseHandle } from '@trove/service-core';
import { answerQuestion } from '../chats/answer.service';
import { clearAnswerMail } from '../chats/chat-mail.service';
import { findAccountSender, findRecipient } from '../chats/chat-mail.repository';
import { appendExchange, createChat, lockChat, type StoredAnswer } from '../chats/chats.repository';
import { type ChatSettings, queueMail } from '../chats/chats.service';
import { type DestinationRow, findDestination } from '../destinations/destinations.repository';
import { insertPostDelivery } from '../destinations/post-deliveries.repository';
import { userTimeZone } from '../search/candidates.repository';
import { localDay } from '../search/time-zone';
import { scheduleZone } from './schedule';
import {
  freshKeys,
  isFlagged,
  mergeAnswers,
  orderRows,
  tableRows,
  totalsPerCurrency,
} from './workflow-table';
import { lastRowKeys, setWorkflowChat, type WorkflowRow } from './workflows.repository';

// One run of a workflow (docs/decisions/160-workflows.md): answer its questions as a chat would, shape the table,
// check every destination before writing anything, then write the exchange, its mails and its posts in one
// transaction, so a run ships to all its destinations or to none.

export interface RunResult {
  preview: WorkflowPreviewResponse;
  /** What would be sent (the merged answer, scoped, sorted), or null when nothing is (empty, send_empty off). */
  shipped: StoredAnswer | null;
  question: string;
  rowKeys: string[];
}

/** The question line a run's exchange carries (the mail's "Question:" line, the chat's message). */
export function runQuestion(definition: WorkflowBody): string {
  return `${definition.name}: ${definition.questions.join(' · ')}`;
}

/** Answers the workflow now and shapes what a run would send; reads only. */
export async function buildRun(
  db: DatabaseHandle,
  workflow: Pick<WorkflowRow, 'id' | 'user_id' | 'definition'>,
  context: { now: Date; settings: ChatSettings; runId?: string },
): Promise<RunResult> {
  const { definition } = workflow;
  // A workflow's table is every row a search page holds (an invoice finder lists the month's invoices, not the
  // five a chat cites); the answer still cites the chat's number of passages.
  const wide = { ...context.settings, passages: SEARCH_LIMIT_MAX };
  const answers: StoredAnswer[] = [];
  for (const question of definition.questions) {
    answers.push(await answerQuestion(db, workflow.user_id, question, context.now, wide));
  }
  const merged = mergeAnswers(answers);
  // Independent reads at once: each is a round trip a run of thousands in a minute pays.
  const [profileZone, before, names] = await Promise.all([
    userTimeZone(db, workflow.user_id),
    lastRowKeys(db, workflow.id, context.runId ?? '00000000-0000-0000-0000-000000000000'),
    destinationNames(db, workflow.user_id, definition),
  ]);
  const zone = scheduleZone(profileZone);
  const today = localDay(context.now.toISOString(), zone);
  const fresh = freshKeys(merged.fields, before);
  const kept =
    definition.scope === 'new' ? merged.fields.filter((row) => fresh.has(row.passage_id)) : merged.fields;
  const ordered = orderRows(kept, definition, today).map((row) =>
    isFlagged(row, definition.flag, today) ? { ...row, flagged: true } : row,
  );
  const totals = totalsPerCurrency(ordered);
  const keep = (passageId: string) => definition.scope === 'all' || fresh.has(passageId);
  const passages = merged.passages
    .filter((passage) => keep(passage.passage_id))
    .slice(0, context.settings.passages);
  const anything = ordered.length > 0 || (merged.fields.length === 0 && passages.length > 0);
  const firstTotal = ordered.find((row) => row.total !== undefined);
  const scoped: StoredAnswer = anything
    ? {
        ...merged,
        fields: ordered,
        // The mail and posts carry the table in the columns the workflow keeps (issue 40 item 5).
        columns: definition.columns,
        passages,
        summary: [
          ...(totals.length > 0 && firstTotal !== undefined && ordered.length > 1
            ? [
                {
                  text: `Totals: ${totals.map((total) => total.text).join(' · ')} over ${ordered.length} rows.`,
                  passage_id: firstTotal.passage_id,
                },
              ]
            : []),
          ...merged.summary.filter((sentence) => keep(sentence.passage_id)),
        ],
      }
    : {
        ...merged,
        fields: [],
        passages: [],
        summary: [],
        computed: null,
        empty_hint:
          definition.scope === 'new' && merged.fields.length > 0
            ? 'Nothing new since the last run.'
            : (merged.empty_hint ?? 'Nothing matched.'),
      };
  const question = runQuestion(definition);
  const notSent =
    !anything && !definition.send_empty
      ? 'Nothing found, and this workflow sends nothing when it finds nothing.'
      : definition.destinations.length === 0
        ? 'No destinations: the answer is kept in the workflow’s chat only.'
        : null;
  return {
    preview: {
      answer: { ...scoped, text: question },
      rows: tableRows(ordered, definition, { today, fresh }),
      totals,
      found: merged.fields.length,
      new: fresh.size,
      not_sent: notSent,
      destinations: names,
    },
    shipped: anything || definition.send_empty ? scoped : null,
    question,
    rowKeys: merged.fields.map((row) => row.passage_id),
  };
}

async function destinationNames(
  db: DatabaseHandle,
  userId: string,
  definition: WorkflowBody,
): Promise<string[]> {
  const names: string[] = [];
  for (const destination of definition.destinations) {
    if (destination.kind === 'email') names.push(destination.address);
    else names.push((await findDestination(db, userId, destination.destination_id))?.name ?? '(removed)');
  }
  return names;
}

export class RunRefused extends Error {}

interface CheckedTargets {
  addresses: string[];
  destinations: DestinationRow[];
}

/**
 * Every destination still there and every address one mail may go to, before anything is written: a removed
 * destination or an address that never confirmed refuses the whole run with a message saying which. An
 * unconfirmed address is sent its one-click confirmation (as a chat's Send does), committed on its own.
 */
export async function checkTargets(
  db: DatabaseHandle,
  workflow: Pick<WorkflowRow, 'user_id' | 'definition'>,
  context: { now: Date; settings: ChatSettings },
): Promise<CheckedTargets> {
  const userId = workflow.user_id;
  const mails = workflow.definition.destinations.some((target) => target.kind === 'email');
  const account = mails ? ((await findAccountSender(db, userId))?.email ?? '').toLowerCase() : '';
  const checked: CheckedTargets = { addresses: [], destinations: [] };
  for (const target of workflow.definition.destinations) {
    if (target.kind === 'destination') {
      const destination = await findDestination(db, userId, target.destination_id);
      if (destination === undefined) throw new RunRefused(WORKFLOW_MESSAGES.destinationGone('you chose'));
      checked.destinations.push(destination);
      continue;
    }
    const parsed = addressSchema(undefined, context.settings.addressRules).safeParse(target.address);
    if (!parsed.success) throw new RunRefused(`“${target.address}” is not an address mail can go to.`);
    const address = parsed.data;
    if (address !== account && (await findRecipient(db, userId, address))?.confirmed !== true) {
      const clearance = await db
        .transaction()
        .execute((tx) => clearAnswerMail(tx, { userId, address, now: context.now }, context.settings));
      throw new RunRefused(clearance.allowed ? `${address} is not confirmed yet.` : clearance.error.message);
    }
    checked.addresses.push(address);
  }
  return checked;
}

/**
 * Writes the run's exchange in the workflow's chat (made at its first run) with its mails and posts, in one
 * transaction; answers the answer message's id and the post deliveries to queue once committed.
 */
export async function shipRun(
  db: DatabaseHandle,
  workflow: Pick<WorkflowRow, 'id' | 'user_id' | 'definition' | 'chat_id'>,
  result: RunResult & { shipped: StoredAnswer },
  targets: CheckedTargets,
  context: {
    now: Date;
    settings: ChatSettings;
    /** Records the run as finished, inside the same transaction. */
    finish?: (tx: DatabaseHandle, messageId: string) => Promise<void>;
  },
): Promise<{ messageId: string; chatId: string; postIds: string[] }> {
  const userId = workflow.user_id;
  return db.transaction().execute(async (tx) => {
    let chatId = workflow.chat_id;
    if (chatId === null || (await lockChat(tx, userId, chatId)) === undefined) {
      chatId = (await createChat(tx, userId, `Workflow · ${workflow.definition.name}`)).id;
      await setWorkflowChat(tx, userId, workflow.id, chatId);
    }
    const written = await appendExchange(tx, {
      userId,
      chatId,
      question: result.question,
      answer: result.shipped,
      title: `Workflow · ${workflow.definition.name}`,
    });
    for (const address of targets.addresses) {
      const clearance = await clearAnswerMail(tx, { userId, address, now: context.now }, context.settings);
      // A limit reached mid-run rolls the whole run back: nothing is shipped half.
      if (!clearance.allowed) throw new RunRefused(clearance.error.message);
      await queueMail(tx, {
        userId,
        chatId,
        message: written.answer,
        answer: result.shipped,
        address,
        sender: clearance.sender,
        settings: context.settings,
      });
    }
    const postIds: string[] = [];
    for (const destination of targets.destinations) {
      const post = await insertPostDelivery(tx, {
        messageId: written.answer.id,
        userId,
        destination,
        now: context.now,
      });
      postIds.push(post.id);
    }
    await context.finish?.(tx, written.answer.id);
    return { messageId: written.answer.id, chatId, postIds };
  });
}

/** A refusal as the API answers it when the user is waiting (Preview, Run now). */
export function refusalError(err: RunRefused): ApiError {
  return new ApiError(409, err.message, 'workflow_run_refused');
}
