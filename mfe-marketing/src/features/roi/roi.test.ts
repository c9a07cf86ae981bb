import { describe, expect, it } from 'vitest';
import { clampRoi, formatHours, formatRupees, initialRoiValues, ROI_INPUTS, roiResult } from './roi';

describe('ROI calculator (docs/product/public-pages.md#roi)', () => {
  it('starts at 18 queries, 6 minutes and a team of 12', () => {
    expect(initialRoiValues).toEqual({ queriesPerDay: 18, minutesSaved: 6, teamSize: 12 });
  });

  it('the sliders run 2–60, 1–20 and 2–200', () => {
    expect(ROI_INPUTS.queriesPerDay).toMatchObject({ min: 2, max: 60 });
    expect(ROI_INPUTS.minutesSaved).toMatchObject({ min: 1, max: 20 });
    expect(ROI_INPUTS.teamSize).toMatchObject({ min: 2, max: 200 });
    expect(clampRoi('queriesPerDay', 0)).toBe(2);
    expect(clampRoi('minutesSaved', 99)).toBe(20);
    expect(clampRoi('teamSize', 250)).toBe(200);
    expect(clampRoi('teamSize', Number.NaN)).toBe(12);
  });

  it('hours = queries × minutes × team / 60 / 22 and value = hours × 1200, at the defaults', () => {
    const { hours, value } = roiResult(initialRoiValues);
    expect(hours).toBeCloseTo((18 * 6 * 12) / 60 / 22, 10);
    expect(value).toBeCloseTo(hours * 1200, 10);
    expect(formatHours(hours)).toBe('1');
    expect(formatRupees(value)).toBe('₹1,178');
  });

  it('at the lower bounds', () => {
    const { hours, value } = roiResult({ queriesPerDay: 2, minutesSaved: 1, teamSize: 2 });
    expect(hours).toBeCloseTo(4 / 60 / 22, 10);
    expect(formatRupees(value)).toBe('₹4');
  });

  it('at the upper bounds, in Indian grouping', () => {
    const { hours, value } = roiResult({ queriesPerDay: 60, minutesSaved: 20, teamSize: 200 });
    expect(hours).toBeCloseTo(240000 / 60 / 22, 10);
    expect(formatHours(hours)).toBe('181.8');
    expect(formatRupees(value)).toBe('₹2,18,182');
  });

  it('formats large values with lakh and crore groups', () => {
    expect(formatRupees(12345678)).toBe('₹1,23,45,678');
  });
});
