import { type Kysely, sql } from 'kysely';

// Issue 20 (docs/decisions/042-snippets-as-parts.md): a snippet travels as runs of text, `[{ text, marked }]`,
// instead of escaped HTML with `<mark>`. Answers are kept whole in chat_messages.answer, so the answers
// stored before this change are rewritten the same way: a thread then reads back in one shape, and no
// client keeps an HTML parser for old rows. The HTML was written by the search service's own escaper
// (only these five entities and `<mark>`/`</mark>`), so reading it back is exact.

interface Part {
  text: string;
  marked: boolean;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function toParts(html: string): Part[] {
  const parts: Part[] = [];
  let marked = false;
  for (const piece of html.split(/(<mark>|<\/mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') {
      parts.push({
        text: piece.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name] ?? ''),
        marked,
      });
    }
  }
  return parts;
}

function toHtml(parts: Part[]): string {
  return parts
    .map((part) => {
      const text = part.text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
      return part.marked ? `<mark>${text}</mark>` : text;
    })
    .join('');
}

type Answer = { passages?: { snippet?: unknown }[] } & Record<string, unknown>;

/** Rewrites each stored answer whose passages hold a snippet of JSON type `from`, passage by passage. */
async function rewrite(
  db: Kysely<unknown>,
  from: 'string' | 'array',
  convert: (snippet: unknown) => unknown,
): Promise<void> {
  const rows = await sql<{ id: string; answer: Answer }>`
    select id, answer from chat_messages
    where answer is not null and jsonb_typeof(answer->'passages') = 'array'
      and exists (select 1 from jsonb_array_elements(answer->'passages') p
                  where jsonb_typeof(p->'snippet') = ${from})
  `.execute(db);
  for (const row of rows.rows) {
    const passages = (row.answer.passages ?? []).map((passage) => ({
      ...passage,
      snippet: convert(passage.snippet),
    }));
    const answer = JSON.stringify({ ...row.answer, passages });
    await sql`update chat_messages set answer = ${answer}::jsonb where id = ${row.id}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, 'string', (snippet) => (typeof snippet === 'string' ? toParts(snippet) : snippet));
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rewrite(db, 'array', (snippet) => (Array.isArray(snippet) ? toHtml(snippet as Part[]) : snippet));
}
