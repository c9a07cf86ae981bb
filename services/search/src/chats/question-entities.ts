// Names in a question (issue 11 "Asking": "a person or company name matches extracted entities"). This
// module only proposes candidates — "from Acme", "by ann lee", a capitalised "Priya Sharma" — with where
// they stand; the answer service keeps the first one the user's documents actually hold (one query for
// all candidates), so a capitalised ordinary word never turns into a filter that finds nothing.

export interface EntityCandidate {
  name: string;
  /** Where the words to take out of the question start and how long they are (with the preposition). */
  at: number;
  length: number;
}

/** Capitalised words that are not names in a question: verbs, date words, currencies, pronouns. */
const NOT_NAMES = new Set(
  [
    'find',
    'summarize',
    'summarise',
    'extract',
    'draft',
    'export',
    'share',
    'send',
    'show',
    'list',
    'get',
    'give',
    'what',
    'which',
    'who',
    'when',
    'where',
    'how',
    'i',
    'me',
    'my',
    'the',
    'a',
    'an',
    'all',
    'any',
    'please',
    'invoice',
    'invoices',
    'receipt',
    'receipts',
    'q1',
    'q2',
    'q3',
    'q4',
    'inr',
    'usd',
    'eur',
    'gbp',
    'rs',
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
    'jan',
    'feb',
    'mar',
    'apr',
    'jun',
    'jul',
    'aug',
    'sep',
    'sept',
    'oct',
    'nov',
    'dec',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'today',
    'yesterday',
    'last',
    'this',
    'since',
    'before',
    'after',
    'email',
    'mail',
    'teams',
    'drive',
    'chat',
    'slack',
    'pdf',
    'docx',
    'csv',
  ].map((word) => word.toLowerCase()),
);

const NAME_WORD = String.raw`[\p{Lu}][\p{L}\p{M}&.'’-]*`;
const CAPITALISED = new RegExp(String.raw`${NAME_WORD}(?:\s+(?:${NAME_WORD}|&))*`, 'gu');
/** "from acme", "by Ann Lee", "with priya": up to three words after the preposition, any case. */
const AFTER_PREPOSITION =
  /\b(from|by|with|sent\s+by|signed\s+by|for|at|to|of)\s+((?:[\p{L}\p{N}][\p{L}\p{M}\p{N}&.'’-]*)(?:\s+[\p{L}\p{N}][\p{L}\p{M}\p{N}&.'’-]*){0,2})/giu;

const isName = (word: string) => !NOT_NAMES.has(word.toLowerCase().replace(/[.'’]+$/, ''));

/** Trailing words that are not part of a name ("Acme invoices" → "Acme"). */
function trimName(words: string[]): string[] {
  const kept: string[] = [];
  for (const word of words) {
    if (!isName(word) || /^\p{Ll}/u.test(word)) break;
    kept.push(word);
  }
  return kept;
}

/**
 * Candidate names, most specific first: after "from"/"by"/"with" (the strongest cue: the question says
 * whose), then capitalised runs that do not open the question.
 */
export function entityCandidates(question: string): EntityCandidate[] {
  const out: EntityCandidate[] = [];
  const seen = new Set<string>();
  const add = (candidate: EntityCandidate) => {
    const key = candidate.name.toLowerCase();
    if (candidate.name.length < 2 || seen.has(key)) return;
    seen.add(key);
    out.push(candidate);
  };

  for (const match of question.matchAll(AFTER_PREPOSITION)) {
    const words = (match[2] ?? '').split(/\s+/);
    const first = words[0] ?? '';
    if (!isName(first) || /^\d/.test(first)) continue;
    // Lower-case after the preposition: one word ("from acme"); capitalised: the whole capitalised run.
    const nameWords = /^\p{Lu}/u.test(first) ? trimName(words) : [first];
    if (nameWords.length === 0) continue;
    const name = nameWords.join(' ');
    const at = match.index;
    const length =
      (match[1] ?? '').length +
      (match[0].length - (match[1] ?? '').length - (match[2] ?? '').length) +
      name.length;
    add({ name: name.replace(/[.,;:!?]+$/, ''), at, length });
  }

  for (const match of question.matchAll(CAPITALISED)) {
    // The first word of the question is capitalised because it comes first, not because it is a name.
    if (question.slice(0, match.index).trim() === '') {
      const words = match[0].split(/\s+/).slice(1);
      const offset = match[0].indexOf(words[0] ?? '\u0000');
      const kept = trimName(words.filter((word) => word !== '&'));
      if (kept.length > 0 && offset > 0)
        add({ name: kept.join(' '), at: match.index + offset, length: kept.join(' ').length });
      continue;
    }
    const kept = trimName(match[0].split(/\s+/).filter((word) => word !== '&'));
    if (kept.length === 0) continue;
    const name = kept.join(' ').replace(/[.,;:!?]+$/, '');
    add({ name, at: match.index, length: name.length });
  }
  return out;
}

/** The question with a chosen candidate's words taken out. */
export function withoutCandidate(question: string, candidate: EntityCandidate): string {
  return `${question.slice(0, candidate.at)} ${question.slice(candidate.at + candidate.length)}`
    .replace(/\s+/g, ' ')
    .trim();
}
