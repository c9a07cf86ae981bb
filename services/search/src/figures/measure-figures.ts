import type { Figure, RecordField } from '@trove/contracts';
import { fieldOf, type RowLike } from './conditions';
import { compareDecimals, meanOfDecimals, showDecimal, sumDecimals } from './decimal';
import type { Aggregate } from './question-plan';
import type { FieldInfo } from './row-fields';

// The figures of a measure (the Amount) over rows (docs/decisions/131): exact, per currency, and none at all when a
// row's value did not read as a number.

export const AGGREGATE_LABEL: Record<Exclude<Aggregate, 'count'>, string> = {
  sum: 'Total',
  average: 'Average',
  max: 'Largest',
  min: 'Smallest',
};

const moneyText = (value: string, currency: string | undefined, money: boolean) =>
  `${showDecimal(value, money ? 2 : 0)}${currency ? ` ${currency}` : ''}`;

/** The measure's values of the rows in one pass (a row's field is looked up once, not once per check). */
function measured<Row extends RowLike>(rows: readonly Row[], measure: FieldInfo) {
  // Per currency ('' for money with none, and for plain numbers); the fields that are not numbers; the rows without it.
  const currencies = new Map<string, RecordField[]>();
  const notNumbers: RecordField[] = [];
  let missing = 0;
  for (const row of rows) {
    const field = fieldOf(row, measure.name);
    if (field === undefined) missing += 1;
    else if (field.type !== 'money' && field.type !== 'number') notNumbers.push(field);
    else {
      const key = field.type === 'money' ? (field.currency ?? '') : '';
      const members = currencies.get(key);
      if (members === undefined) currencies.set(key, [field]);
      else members.push(field);
    }
  }
  return { currencies, notNumbers, missing };
}

/** The figures of the rows' measure, per currency; a reason instead when one cannot be exact. */
export function measureFigures<Row extends RowLike>(
  rows: readonly Row[],
  measure: FieldInfo,
  aggregates: readonly Aggregate[],
): { figures: Figure[]; cannot: string | null; notes: string[] } {
  const notes: string[] = [];
  const { currencies, notNumbers, missing } = measured(rows, measure);
  if (notNumbers.length > 0) {
    return {
      figures: [],
      cannot: `${notNumbers.length} of the rows have a ${measure.name} that is not a number (such as “${String(notNumbers[0]?.value ?? '')}”), so no ${measure.name} figure is given rather than a wrong one.`,
      notes,
    };
  }
  if (missing > 0)
    notes.push(`${missing} of the rows have no ${measure.name}; the ${measure.name} figures leave them out.`);
  if (currencies.size > 1)
    notes.push(`The amounts are in ${currencies.size} currencies, so each currency is added up on its own.`);
  const figures: Figure[] = [];
  for (const [currency, fields] of currencies) {
    const values = fields.map((field) => String(field.value));
    const money = measure.type === 'money';
    const unit = currency === '' ? undefined : currency;
    for (const aggregate of aggregates) {
      if (aggregate === 'count') continue;
      let value: string | undefined;
      if (aggregate === 'sum') value = sumDecimals(values);
      else if (aggregate === 'average') value = meanOfDecimals(values);
      else {
        const sign = aggregate === 'max' ? 1 : -1;
        value = values.reduce((best, next) => (compareDecimals(next, best) * sign > 0 ? next : best));
      }
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
