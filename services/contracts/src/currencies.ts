/**
 * Currencies as a search reads them: the `currency` parameter and the query's `amount:` operator
 * (docs/decisions/230-fact-chips-as-operators.md). No DOM.
 */

/** Symbols people type for the four currencies the issue names; anything else is written as its code. */
export const CURRENCY_SYMBOLS: Readonly<Record<string, string>> = {
  '₹': 'INR',
  RS: 'INR',
  'RS.': 'INR',
  $: 'USD',
  '€': 'EUR',
  '£': 'GBP',
};

// The ISO 4217 codes the platform knows (Node and every current browser ship them with Intl); a fixed
// fallback keeps validation working where Intl lacks supportedValuesOf.
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === 'function'
    ? Intl.supportedValuesOf('currency')
    : ['INR', 'USD', 'EUR', 'GBP'],
);

/** The ISO 4217 code a currency is written as (a code any case, or ₹ $ € £ Rs), or undefined when none. */
export function currencyCode(text: string): string | undefined {
  const upper = text.trim().toUpperCase();
  const code = CURRENCY_SYMBOLS[upper] ?? upper;
  return /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCIES.has(code) ? code : undefined;
}
