// Money amounts with their currency (docs/product/uploads-and-search.md#facts "totals", issue 10 part 5).

export interface MoneyAmount {
  text: string;
  currency: string;
  value: number;
}

/** Symbols and spellings people write before or after a number, mapped to ISO 4217. */
const CURRENCY_WORDS: Record<string, string> = {
  '₹': 'INR',
  'rs.': 'INR',
  rs: 'INR',
  inr: 'INR',
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  '¥': 'JPY',
};

/**
 * Other ISO codes accepted only in capitals: a closed list, because any three capital letters before a
 * number ("ABC 12") would otherwise become a currency.
 */
const ISO_CODES = [
  'AED',
  'AUD',
  'BDT',
  'BRL',
  'CAD',
  'CHF',
  'CNY',
  'DKK',
  'HKD',
  'IDR',
  'JPY',
  'KRW',
  'LKR',
  'MXN',
  'MYR',
  'NOK',
  'NPR',
  'NZD',
  'PHP',
  'PKR',
  'PLN',
  'SAR',
  'SEK',
  'SGD',
  'THB',
  'TRY',
  'ZAR',
];

/** Indian ("1,25,000") and Western ("125,000") grouping both reduce to the same digits. */
const NUMBER = String.raw`\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE = String.raw`(?:\s?(lakhs?|crores?|million|billion|mn|bn|k)\b)?`;
const PREFIX = String.raw`(₹|US\$|\$|€|£|¥|\b(?:Rs\.?|INR|USD|EUR|GBP|${ISO_CODES.join('|')}))`;
const SUFFIX = String.raw`(₹|€|£|\b(?:INR|USD|EUR|GBP|${ISO_CODES.join('|')})\b)`;

const BEFORE = new RegExp(String.raw`${PREFIX}\s?(${NUMBER})${SCALE}`, 'giu');
const AFTER = new RegExp(String.raw`(?<![\d,.])(${NUMBER})${SCALE}\s?${SUFFIX}`, 'giu');

const SCALES: Record<string, number> = {
  k: 1e3,
  lakh: 1e5,
  lakhs: 1e5,
  crore: 1e7,
  crores: 1e7,
  million: 1e6,
  mn: 1e6,
  billion: 1e9,
  bn: 1e9,
};

function currencyOf(word: string): string | null {
  const known = CURRENCY_WORDS[word.toLowerCase()];
  if (known) return known;
  // The closed list is case-sensitive on purpose: "usd" is common, "chf" in lower case is not a currency.
  return ISO_CODES.includes(word) ? word : null;
}

/** "1,25,000.50" → 125000.5; "2.5" + "lakh" → 250000. Rounded to the cent against float noise. */
export function amountValue(digits: string, scale?: string): number {
  const value = Number(digits.replaceAll(',', '')) * (scale ? (SCALES[scale.toLowerCase()] ?? 1) : 1);
  return Math.round(value * 100) / 100;
}

/** Every amount with a currency in `text`, in reading order; bare numbers are not money. */
export function findAmounts(text: string): MoneyAmount[] {
  // Both patterns need a digit; a passage without one (a fifth of a mailbox's) skips their scans.
  if (!/\d/.test(text)) return [];
  const found: (MoneyAmount & { at: number })[] = [];
  const taken: [number, number][] = [];
  const overlaps = (start: number, end: number) => taken.some(([s, e]) => start < e && end > s);
  for (const match of text.matchAll(BEFORE)) {
    const [whole, word = '', digits = '', scale] = match;
    const currency = currencyOf(word);
    if (!currency) continue;
    const at = match.index;
    taken.push([at, at + whole.length]);
    found.push({ at, text: whole.trim(), currency, value: amountValue(digits, scale) });
  }
  for (const match of text.matchAll(AFTER)) {
    const [whole, digits = '', scale, word = ''] = match;
    const currency = currencyOf(word);
    const at = match.index;
    if (!currency || overlaps(at, at + whole.length)) continue;
    found.push({ at, text: whole.trim(), currency, value: amountValue(digits, scale) });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...amount }) => amount);
}
