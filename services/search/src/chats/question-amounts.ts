import { amountValue } from '../extraction/amounts';

// Amounts in a question (issue 11 "Asking"): "over ₹10,000", "above $500", "under €50", "between 1,00,000
// and 2,00,000 INR" become amount_min / amount_max and a currency, the names the search filter takes.
// The search compares inclusively, so "over 500" finds 500 too: a total of exactly the threshold is
// more likely wanted than not.

export interface AmountFilter {
  amount_min?: number;
  amount_max?: number;
  currency?: string;
}

export interface AmountsInQuestion extends AmountFilter {
  /** The question with the amount words (and their comparison) taken out. */
  rest: string;
}

/** What people write for a currency, before or after the number, mapped to ISO 4217. */
const CURRENCIES: Record<string, string> = {
  '₹': 'INR',
  rs: 'INR',
  'rs.': 'INR',
  inr: 'INR',
  rupees: 'INR',
  rupee: 'INR',
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  dollars: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  euros: 'EUR',
  euro: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pounds: 'GBP',
};

const PREFIX = String.raw`(₹|US\$|\$|€|£|\b(?:rs\.?|inr|usd|eur|gbp)(?=\s?\d))`;
const NUMBER = String.raw`\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s?(lakhs?|crores?|million|mn|k)\b)?`;
const SUFFIX = String.raw`(?:\s?(₹|€|£|\b(?:inr|usd|eur|gbp|rupees?|dollars|euros?|pounds)\b))?`;
/** One amount: groups currency-before, digits, scale, currency-after. */
const AMOUNT = String.raw`${PREFIX}?\s?(${NUMBER})${SCALE}${SUFFIX}`;

const ABOVE = String.raw`over|above|more\s+than|greater\s+than|at\s+least|exceeding|>=?|≥|min(?:imum)?(?:\s+of)?|from`;
const BELOW = String.raw`under|below|less\s+than|at\s+most|up\s+to|within|<=?|≤|max(?:imum)?(?:\s+of)?|to`;
const EXACT = String.raw`of|for|worth|exactly|totalling|totaling|total(?:\s+of)?`;

const BETWEEN = new RegExp(
  String.raw`\b(?:between|from)\s+${AMOUNT}\s+(?:and|to|-|–)\s+${AMOUNT}(?![\d,])`,
  'giu',
);
const COMPARED = new RegExp(
  String.raw`(?:\b|(?<=\s|^))(${ABOVE}|${BELOW}|${EXACT})\s*${AMOUNT}(?![\d,])`,
  'giu',
);
/** An amount with a currency and no comparison word, e.g. "invoice ₹12,500". */
const BARE = new RegExp(
  String.raw`${PREFIX}\s?(${NUMBER})${SCALE}(?![\d,])|(?<![\w.,])(${NUMBER})${SCALE}\s?(₹|€|£|\b(?:inr|usd|eur|gbp|rupees?|dollars|euros?|pounds)\b)`,
  'giu',
);

function currencyOf(word: string | undefined): string | undefined {
  return word === undefined ? undefined : CURRENCIES[word.toLowerCase()];
}

interface ReadAmount {
  value: number;
  currency: string | undefined;
  /** Whether the number is plainly money: a currency, a scale word or digit grouping. */
  money: boolean;
}

function readAmount(groups: (string | undefined)[]): ReadAmount | undefined {
  const [before, digits, scale, after] = groups;
  if (digits === undefined) return undefined;
  const currency = currencyOf(before) ?? currencyOf(after);
  return {
    value: amountValue(digits, scale),
    currency,
    money: currency !== undefined || scale !== undefined || digits.includes(','),
  };
}

function cut(text: string, at: number, length: number): string {
  return `${text.slice(0, at)} ${text.slice(at + length)}`.replace(/\s+/g, ' ').trim();
}

const withCurrency = (filter: AmountFilter, currency: string | undefined): AmountFilter =>
  currency === undefined ? filter : { ...filter, currency };

/** The amount range a question names, and the question without those words. */
export function amountsInQuestion(question: string): AmountsInQuestion {
  for (const match of question.matchAll(BETWEEN)) {
    const low = readAmount(match.slice(1, 5));
    const high = readAmount(match.slice(5, 9));
    if (!low || !high || !(low.money || high.money)) continue;
    const currency = low.currency ?? high.currency;
    const [min, max] = low.value <= high.value ? [low.value, high.value] : [high.value, low.value];
    return {
      ...withCurrency({ amount_min: min, amount_max: max }, currency),
      rest: cut(question, match.index, match[0].length),
    };
  }
  for (const match of question.matchAll(COMPARED)) {
    const word = (match[1] ?? '').toLowerCase().replace(/\s+/g, ' ');
    const amount = readAmount(match.slice(2, 6));
    // "from 3 to 5" or "for 2 days" are not money; a comparison with a plain number is, unless it is
    // one of the words that also start dates and counts.
    if (!amount) continue;
    const ambiguous = /^(from|to|of|for|within|total|totalling|totaling|worth)$/.test(word);
    if (!amount.money && (ambiguous || amount.value < 10)) continue;
    const rest = cut(question, match.index, match[0].length);
    if (new RegExp(`^(?:${ABOVE})$`, 'i').test(word)) {
      return { ...withCurrency({ amount_min: amount.value }, amount.currency), rest };
    }
    if (new RegExp(`^(?:${BELOW})$`, 'i').test(word)) {
      return { ...withCurrency({ amount_max: amount.value }, amount.currency), rest };
    }
    return { ...withCurrency({ amount_min: amount.value, amount_max: amount.value }, amount.currency), rest };
  }
  for (const match of question.matchAll(BARE)) {
    const amount =
      match[2] !== undefined
        ? readAmount([match[1], match[2], match[3], undefined])
        : readAmount([undefined, match[4], match[5], match[6]]);
    if (!amount) continue;
    return {
      ...withCurrency({ amount_min: amount.value, amount_max: amount.value }, amount.currency),
      rest: cut(question, match.index, match[0].length),
    };
  }
  return { rest: question };
}
