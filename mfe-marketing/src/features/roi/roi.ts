/** The ROI calculator's rules (docs/product/public-pages.md#roi), pure so the tab and its tests read the same numbers. */

export interface RoiRange {
  min: number;
  max: number;
  initial: number;
}

export const ROI_INPUTS = {
  queriesPerDay: { min: 2, max: 60, initial: 18 },
  minutesSaved: { min: 1, max: 20, initial: 6 },
  teamSize: { min: 2, max: 200, initial: 12 },
} as const satisfies Record<string, RoiRange>;

export type RoiInput = keyof typeof ROI_INPUTS;
export type RoiValues = Record<RoiInput, number>;

/** docs/product/public-pages.md#roi: value of an hour, in rupees, and workdays in a month. */
export const RUPEES_PER_HOUR = 1200;
export const WORKDAYS_PER_MONTH = 22;

export const initialRoiValues: RoiValues = {
  queriesPerDay: ROI_INPUTS.queriesPerDay.initial,
  minutesSaved: ROI_INPUTS.minutesSaved.initial,
  teamSize: ROI_INPUTS.teamSize.initial,
};

/** Keeps a slider value inside its docs/product/public-pages.md#roi range, as a whole number. */
export function clampRoi(input: RoiInput, value: number): number {
  const { min, max } = ROI_INPUTS[input];
  if (!Number.isFinite(value)) return ROI_INPUTS[input].initial;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/** docs/product/public-pages.md#roi, exactly: hours = queries × minutes × team / 60 / 22; value = hours × 1200. */
export function roiResult(values: RoiValues): { hours: number; value: number } {
  const hours = (values.queriesPerDay * values.minutesSaved * values.teamSize) / 60 / WORKDAYS_PER_MONTH;
  return { hours, value: hours * RUPEES_PER_HOUR };
}

const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const hoursFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 1 });

/** Indian grouping (docs/product/public-pages.md#roi): 218182 → "₹2,18,182". */
export function formatRupees(value: number): string {
  return rupees.format(Math.round(value));
}

export function formatHours(hours: number): string {
  return hoursFormat.format(hours);
}
