import type { Figure } from '@trove/contracts';
import { compareDecimals, meanOfDecimals, showDecimal, sumDecimals, sumOfScaledUnits } from './decimal';
import type { Aggregate } from './question-plan';
import type { FieldInfo } from './row-fields';
import { type Amounts, type Column, MISSING, NOT_NUMBER, SMALL, type Table } from './table';

// The figures of a measure (the Amount) over rows (docs/decisions/131): exact, per currency, and none at all when a
// row's value did not read as a number. The rows are given as indexes into the table, whose measure column holds
// each value read once (docs/decisions/225): a sum of values of ≤ 15 digits is added in doubles of units, exact
// while every partial sum is a safe integer, and in BigInts over the values' text otherwise.

export const AGGREGATE_LABEL: Record<Exclude<Aggregate, 'count'>, string> = {
  sum: 'Total',
  average: 'Average',
  max: 'Largest',
  min: 'Smallest',
};

const moneyText = (value: string, currency: string | undefined, money: boolean) =>
  `${showDecimal(value, money ? 2 : 0)}${currency ? ` ${currency}` : ''}`;

/** The rows' measure split by currency (in the order first met), and the rows that have none or not a number. */
function measured(amounts: Amounts, rows: readonly number[]) {
  // Indexed by the column's currency number; `order` keeps the order the rows first show each one.
  const byCurrency: number[][] = [];
  const order: number[] = [];
  let notNumber = -1;
  let notNumbers = 0;
  let missing = 0;
  for (const row of rows) {
    const kind = amounts.kind[row];
    if (kind === MISSING) missing += 1;
    else if (kind === NOT_NUMBER) {
      if (notNumbers === 0) notNumber = row;
      notNumbers += 1;
    } else {
      const key = amounts.currency[row] as number;
      const members = byCurrency[key];
      if (members === undefined) {
        byCurrency[key] = [row];
        order.push(key);
      } else members.push(row);
    }
  }
  const currencies = new Map(order.map((key) => [key, byCurrency[key] as number[]]));
  return { currencies, notNumbers, notNumber, missing };
}

const valueText = (column: Column, row: number) => String(column.fields[row]?.value ?? '');

/** The exact sum of the rows' values; undefined when one is not a decimal. */
function sumOf(column: Column, amounts: Amounts, rows: readonly number[]): string | undefined {
  // Per scale (a small decimal has at most 6 decimals): adding units of one scale is adding integers.
  const byScale = new Float64Array(7);
  for (const row of rows) {
    if (amounts.kind[row] !== SMALL) return sumDecimals(rows.map((r) => valueText(column, r)));
    const scale = amounts.scale[row] as number;
    const sum = (byScale[scale] as number) + (amounts.units[row] as number);
    if (!Number.isSafeInteger(sum)) return sumDecimals(rows.map((r) => valueText(column, r)));
    byScale[scale] = sum;
  }
  const sums = new Map<number, number>();
  byScale.forEach((units, scale) => {
    if (units !== 0) sums.set(scale, units);
  });
  return sumOfScaledUnits(sums);
}

/** The largest (sign 1) or smallest (sign -1) value, as its text. */
function extremeOf(column: Column, amounts: Amounts, rows: readonly number[], sign: 1 | -1): string {
  let best = rows[0] as number;
  for (const row of rows) {
    let larger: boolean;
    if (amounts.kind[row] === SMALL && amounts.kind[best] === SMALL) {
      const [x, y] = [amounts.value[row] as number, amounts.value[best] as number];
      larger = sign > 0 ? x > y : x < y;
    } else larger = compareDecimals(valueText(column, row), valueText(column, best)) * sign > 0;
    if (larger) best = row;
  }
  return valueText(column, best);
}

/** The figures of the rows' measure, per currency; a reason instead when one cannot be exact. */
export function measureFigures(
  table: Table,
  rows: readonly number[],
  measure: FieldInfo,
  aggregates: readonly Aggregate[],
): { figures: Figure[]; cannot: string | null; notes: string[] } {
  const notes: string[] = [];
  const column = table.column(measure.name);
  const amounts = column.amounts();
  const { currencies, notNumbers, notNumber, missing } = measured(amounts, rows);
  if (notNumbers > 0) {
    return {
      figures: [],
      cannot: `${notNumbers} of the rows have a ${measure.name} that is not a number (such as “${valueText(column, notNumber)}”), so no ${measure.name} figure is given rather than a wrong one.`,
      notes,
    };
  }
  if (missing > 0)
    notes.push(`${missing} of the rows have no ${measure.name}; the ${measure.name} figures leave them out.`);
  if (currencies.size > 1)
    notes.push(`The amounts are in ${currencies.size} currencies, so each currency is added up on its own.`);
  const figures: Figure[] = [];
  for (const [index, members] of currencies) {
    const currency = amounts.currencies[index] ?? '';
    const money = measure.type === 'money';
    const unit = currency === '' ? undefined : currency;
    for (const aggregate of aggregates) {
      if (aggregate === 'count') continue;
      let value: string | undefined;
      if (aggregate === 'sum') value = sumOf(column, amounts, members);
      else if (aggregate === 'average') value = meanOfDecimals(members.map((row) => valueText(column, row)));
      else value = extremeOf(column, amounts, members, aggregate === 'max' ? 1 : -1);
      if (value === undefined) continue;
      figures.push({
        label: `${AGGREGATE_LABEL[aggregate]} ${measure.name}`,
        value,
        ...(unit === undefined ? {} : { currency: unit }),
        text: moneyText(value, unit, money),
      });
    }
  }
  return { figures, cannot: null, notes };
}
