import { MONTH_NAMES } from '@trove/contracts';
import type { StoredAnswer } from '../../../services/search/src/chats/chats.repository';
import { seeded } from '../../../services/search/src/records/testing/invoices';
import type { CorpusMessage } from './search/corpus';

// The answers bench's mail questions (issue 37: "mail questions over the SpamAssassin archive"): questions that
// count or list messages by sender address, by sender name and by month, each template in several wordings, with
// the truth computed here from each message's From and Date header fields, parsed here (not by Trove's reader).

export type MailKind = 'mail: by address' | 'mail: by name' | 'mail: in a month' | 'mail: list';

export interface MailQuestion {
  kind: MailKind;
  text: string;
  /** The document names the answer must count (and, for a list, list). */
  expected: string[];
}

export interface MailHeaders {
  name: string;
  /** The sender's document name as loadCopies names copy 0. */
  document: string;
  address: string;
  /** The display name, RFC 2047 words decoded, quotes gone; '' when the From has none. */
  display: string;
  date: Date | null;
}

/** RFC 2047 encoded words ("=?iso-8859-1?Q?Andr=E9?=") decoded; what cannot be decoded stays as written. */
function decodeWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g,
      (whole, charset: string, encoding: string, data: string) => {
        try {
          const bytes =
            encoding.toUpperCase() === 'B'
              ? Buffer.from(data, 'base64')
              : Buffer.from(
                  data
                    .replace(/_/g, ' ')
                    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) =>
                      String.fromCharCode(Number.parseInt(hex, 16)),
                    ),
                  'latin1',
                );
          return new TextDecoder(charset.toLowerCase()).decode(bytes);
        } catch {
          return whole;
        }
      },
    );
}

/** The From and Date header fields of a message, unfolded and read as RFC 5322 writes them. */
export function mailHeaders(message: CorpusMessage): MailHeaders {
  const head = (message.eml.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const field = (name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
  const from = field('From');
  const angle = /^(.*?)<\s*([^>\s]+@[^>\s]+)\s*>/.exec(from);
  const bare = /([^\s<>()"]+@[^\s<>()"]+)/.exec(from);
  const address = (angle?.[2] ?? bare?.[1] ?? '').toLowerCase();
  let display = angle !== null ? (angle[1] ?? '') : (/\(([^)]*)\)/.exec(from)?.[1] ?? '');
  display = decodeWords(display)
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .replace(/\\"/g, '"')
    .trim();
  const date = new Date(field('Date').replace(/\s*\([^)]*\)\s*$/, ''));
  return {
    name: `${message.group}-${message.id}`,
    document: `${message.group}-${message.id}-0.eml`,
    address,
    display,
    date: Number.isNaN(date.getTime()) ? null : date,
  };
}

const MONTHS = MONTH_NAMES;

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

const monthOf = (date: Date | null) => (date === null ? '' : date.toISOString().slice(0, 7));
const spokenMonth = (month: string, random: () => number) => {
  const name = MONTHS[Number(month.slice(5, 7)) - 1] as string;
  return pick(random, [`${name} ${month.slice(0, 4)}`, `${name.slice(0, 3)} ${month.slice(0, 4)}`]);
};

/** Whether a name's word-start match (what from: does) can reach another sender: such a name is ambiguous. */
function unambiguous(name: string, messages: readonly MailHeaders[]): boolean {
  const start = new RegExp(`(^|[^\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'iu');
  return messages.every(
    (message) =>
      message.display.toLowerCase() === name.toLowerCase() ||
      (!start.test(message.display) && !start.test(message.address)),
  );
}

/**
 * The questions: senders among the most frequent (by address, and by display name where that name reaches no one
 * else), months in which they sent, each question in one of several wordings.
 */
export function mailQuestions(
  messages: readonly MailHeaders[],
  seed: number,
  rounds: number,
): MailQuestion[] {
  const random = seeded(seed);
  const byAddress = new Map<string, MailHeaders[]>();
  for (const message of messages) {
    if (message.address === '') continue;
    byAddress.set(message.address, [...(byAddress.get(message.address) ?? []), message]);
  }
  const addresses = [...byAddress].sort((a, b) => b[1].length - a[1].length).slice(0, 40);
  const names = [
    ...new Set(messages.map((message) => message.display).filter((name) => /^\p{Lu}\S* \S+/u.test(name))),
  ]
    .map((name) => ({
      name,
      sent: messages.filter((message) => message.display.toLowerCase() === name.toLowerCase()),
    }))
    .filter(({ name, sent }) => sent.length >= 5 && unambiguous(name, messages) && !name.includes('"'))
    .sort((a, b) => b.sent.length - a.sent.length)
    .slice(0, 30);
  const out: MailQuestion[] = [];
  const docs = (list: readonly MailHeaders[]) => list.map((message) => message.document);
  for (let round = 0; round < rounds; round++) {
    const [address, fromAddress] = pick(random, addresses);
    out.push({
      kind: 'mail: by address',
      text: pick(random, [
        `how many emails from ${address}?`,
        `number of messages from ${address}`,
        `count the mails sent by ${address}`,
        `How many e-mails did ${address} send?`,
        `how many messages has ${address} sent?`,
        `what is the total number of emails from ${address}?`,
      ]),
      expected: docs(fromAddress),
    });
    const { name, sent } = pick(random, names);
    out.push({
      kind: 'mail: by name',
      text: pick(random, [
        `how many emails from ${name}?`,
        `How many messages did ${name} send?`,
        `number of mails sent by ${name}`,
        `count the emails from ${name}`,
        `how many e-mails has ${name} sent?`,
      ]),
      expected: docs(sent),
    });
    // A sender and one of the months it sent in, by name or by address.
    const [who, theirs] = random() < 0.5 ? [name, sent] : [address, fromAddress];
    const months = [...new Set(theirs.map((message) => monthOf(message.date)).filter(Boolean))];
    const month = pick(random, months);
    const inMonth = theirs.filter((message) => monthOf(message.date) === month);
    const spoken = spokenMonth(month, random);
    out.push({
      kind: 'mail: in a month',
      text: pick(random, [
        `how many emails did ${who} send in ${spoken}?`,
        `number of messages from ${who} in ${spoken}`,
        `How many mails from ${who} during ${spoken}?`,
        `count the emails sent by ${who} in ${spoken}`,
      ]),
      expected: docs(inMonth),
    });
    const other = pick(random, months);
    const listed = theirs.filter((message) => monthOf(message.date) === other);
    out.push({
      kind: 'mail: list',
      text: pick(random, [
        `emails from ${who} in ${spokenMonth(other, random)}`,
        `which messages did ${who} send in ${spokenMonth(other, random)}?`,
        `list the mail from ${who} in ${spokenMonth(other, random)}`,
        `show me the emails sent by ${who} in ${spokenMonth(other, random)}`,
      ]),
      expected: docs(listed),
    });
  }
  return out;
}

export type Verdict = 'exact' | 'wrong' | 'not computed';

/**
 * Exact: the count is the truth's and every message listed is one of the truth's — all of them when the answer
 * lists as many as it counted. Wrong: another number or a message that is not the truth's. Not computed: no number.
 */
export function judgeMail(answer: StoredAnswer, question: MailQuestion): Verdict {
  const computed = answer.computed;
  if (computed === undefined || computed === null || computed.figures.length === 0) return 'not computed';
  if (computed.row_count !== question.expected.length) return 'wrong';
  const truth = new Set(question.expected);
  const listed = computed.rows.map((row) => row.document_name);
  if (!listed.every((name) => truth.has(name))) return 'wrong';
  if (question.kind === 'mail: list' && listed.length < Math.min(truth.size, 100)) return 'wrong';
  return 'exact';
}

export interface MailScores {
  scores: Map<MailKind, Record<Verdict, number>>;
  wrongs: string[];
  /** One question of each kind with its answer's first line and the truth's count. */
  samples: string[];
  /** Each answer's time, ms, in process. */
  times: number[];
  questions: number;
  messages: number;
}

/** Asks the generated questions of a user holding the archive (copy 0) and scores each answer. */
export async function scoreMailQuestions(
  corpus: readonly CorpusMessage[],
  failed: ReadonlySet<string>,
  answer: (text: string) => Promise<StoredAnswer>,
): Promise<MailScores> {
  // A message the reader failed on is in no answer: it is not in the truth either (the load prints how many).
  const messages = corpus.map(mailHeaders).filter((message) => !failed.has(message.document));
  const asked = [...mailQuestions(messages, 216, 10), ...mailQuestions(messages, 217, 10)];
  const scores = new Map<MailKind, Record<Verdict, number>>();
  const wrongs: string[] = [];
  const samples = new Map<MailKind, string>();
  const times: number[] = [];
  for (const question of asked) {
    const at = performance.now();
    const answered = await answer(question.text);
    times.push(performance.now() - at);
    const verdict = judgeMail(answered, question);
    const score = scores.get(question.kind) ?? { exact: 0, wrong: 0, 'not computed': 0 };
    score[verdict] += 1;
    scores.set(question.kind, score);
    if (!samples.has(question.kind))
      samples.set(
        question.kind,
        `${question.kind}: “${question.text}” → ${answered.computed?.headline ?? '(no count)'} (truth ${question.expected.length})`,
      );
    if (verdict !== 'exact' && wrongs.length < 25)
      wrongs.push(
        `${verdict}: “${question.text}” (truth ${question.expected.length}) → ${answered.computed?.headline ?? answered.empty_hint ?? answered.summary[0]?.text ?? '(search answer)'}`,
      );
  }
  return {
    scores,
    wrongs,
    samples: [...samples.values()],
    times,
    questions: asked.length,
    messages: messages.length,
  };
}
