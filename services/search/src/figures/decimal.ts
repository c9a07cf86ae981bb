// Exact decimal arithmetic for the answers that compute (docs/decisions/131): values are decimal strings (typed
// fields, ADR 130), added as scaled BigInts, so 240 amounts add up to the cent, whatever their count or size.

/** A decimal as a scaled integer: value = units / 10^scale. */
export interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

export function scaled(value: string): Scaled | undefined {
  const match = DECIMAL.exec(value);
  if (match === null) return undefined;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

const significant = (value: string) => value.replace(/[-.]/g, '').replace(/^0+/, '').length;

const rescale = (value: Scaled, scale: number): bigint => value.units * 10n ** BigInt(scale - value.scale);

const SMALL = /^(-?)(\d{1,15})(?:\.(\d{1,6}))?$/;

/** A decimal of at most 15 significant digits: its units (value × 10^scale, a safe integer) and its double. */
export interface SmallDecimal {
  units: number;
  scale: number;
  value: number;
}

// Each value read once: a cached collection's amounts are the same strings question after question (the
// regular expressions a value were most of a question's time over 100,000 rows, docs/decisions/131). Bounded:
// past the bound it starts over.
const smallDecimals = new Map<string, SmallDecimal | null>();
const SMALL_DECIMALS_MAX = 250_000;

/** A decimal of at most 15 significant digits and 6 decimals, read; null for any other. */
export function readSmallDecimal(value: string): SmallDecimal | null {
  const match = SMALL.exec(value);
  if (match === null) return null;
  const fraction = match[3] ?? '';
  const units = Number(`${match[2]}${fraction}`) * (match[1] === '-' ? -1 : 1);
  if (!Number.isSafeInteger(units) || significant(value) > 15) return null;
  return { units, scale: fraction.length, value: Number(value) };
}

function small(value: string): SmallDecimal | null {
  let read = smallDecimals.get(value);
  if (read === undefined) {
    if (smallDecimals.size >= SMALL_DECIMALS_MAX) smallDecimals.clear();
    read = readSmallDecimal(value);
    smallDecimals.set(value, read);
  }
  return read;
}

/**
 * The sum in doubles when every value and every partial sum is an integer of units below 2^53 (exact there): a
 * table's amounts nearly always are, and this is several times faster than BigInts. Undefined otherwise.
 */
function smallSum(values: readonly string[]): string | undefined {
  const byScale = new Map<number, number>();
  for (const value of values) {
    const read = small(value);
    if (read === null) return undefined;
    const sum = (byScale.get(read.scale) ?? 0) + read.units;
    if (!Number.isSafeInteger(sum)) return undefined;
    byScale.set(read.scale, sum);
  }
  return sumOfScaledUnits(byScale);
}

/** Sums of units per scale (each a safe integer) as one decimal: rescaled in BigInts, which cannot overflow. */
export function sumOfScaledUnits(byScale: ReadonlyMap<number, number>): string {
  let scale = 0;
  for (const key of byScale.keys()) scale = Math.max(scale, key);
  let total = 0n;
  for (const [key, units] of byScale) total += BigInt(units) * 10n ** BigInt(scale - key);
  return format({ units: total, scale });
}

/** The exact sum of decimals; undefined when one is not a decimal. */
export function sumDecimals(values: readonly string[]): string | undefined {
  const small = smallSum(values);
  if (small !== undefined) return small;
  // Summed per scale first, then rescaled once each: one BigInt addition a value, no power a value (and no
  // spread of 100,000 arguments into Math.max).
  const byScale = new Map<number, bigint>();
  for (const value of values) {
    const s = scaled(value);
    if (s === undefined) return undefined;
    byScale.set(s.scale, (byScale.get(s.scale) ?? 0n) + s.units);
  }
  let scale = 0;
  for (const key of byScale.keys()) scale = Math.max(scale, key);
  let total = 0n;
  for (const [key, units] of byScale) total += rescale({ units, scale: key }, scale);
  return format({ units: total, scale });
}

/** -1, 0 or 1 as a compares to b. */
export function compareDecimals(a: string, b: string): number {
  // Decimals of at most 15 significant digits are distinct doubles, in the same order: compared as numbers.
  const smallA = small(a);
  const smallB = smallA === null ? null : small(b);
  if (smallA !== null && smallB !== null) {
    const x = smallA.value;
    const y = smallB.value;
    return x === y ? 0 : x < y ? -1 : 1;
  }
  const x = scaled(a);
  const y = scaled(b);
  if (x === undefined || y === undefined) return Number.NaN;
  const scale = Math.max(x.scale, y.scale);
  const difference = rescale(x, scale) - rescale(y, scale);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** The mean of decimals, rounded half away from zero to `digits` decimals (at least those of the values). */
export function meanOfDecimals(values: readonly string[], digits = 2): string | undefined {
  if (values.length === 0) return undefined;
  const sum = sumDecimals(values);
  const s = sum === undefined ? undefined : scaled(sum);
  if (s === undefined) return undefined;
  let scale = Math.max(digits, s.scale);
  for (const value of values) scale = Math.max(scale, scaled(value)?.scale ?? 0);
  const numerator = rescale(s, scale) * 10n;
  const quotient = numerator / BigInt(values.length);
  const rounded = (quotient + (quotient < 0n ? -5n : 5n)) / 10n;
  return format({ units: rounded, scale });
}

/** A scaled integer as its canonical decimal string. */
export function format(value: Scaled): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const whole = digits.slice(0, digits.length - value.scale);
  const fraction = digits.slice(digits.length - value.scale).replace(/0+$/, '');
  const body = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && body !== '0' ? `-${body}` : body;
}

/** A decimal shown with at least `digits` decimals and thousands grouped: "117091.2" → "117,091.20". */
export function showDecimal(value: string, digits = 0): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? value.slice(1) : value).split('.');
  const padded = fraction.padEnd(digits, '0');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${padded === '' ? '' : `.${padded}`}`;
}

const SCALES: Record<string, bigint> = {
  k: 1_000n,
  m: 1_000_000n,
  mn: 1_000_000n,
  million: 1_000_000n,
  lakh: 100_000n,
  lakhs: 100_000n,
  crore: 10_000_000n,
  crores: 10_000_000n,
};

/** "20,000" → "20000", "1.5" with "k" → "1500": a number a question writes, as a decimal. */
export function amountValueText(digits: string, scale?: string): string | undefined {
  const s = scaled(digits.replace(/,/g, ''));
  if (s === undefined) return undefined;
  const factor = scale === undefined ? 1n : (SCALES[scale.toLowerCase()] ?? 1n);
  return format({ units: s.units * factor, scale: s.scale });
}
