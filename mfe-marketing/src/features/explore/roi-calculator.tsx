import { useId, useState } from 'react';
import { Card, Cluster, Text } from '@trove/kit/ui';
import {
  clampRoi,
  formatHours,
  formatRupees,
  initialRoiValues,
  ROI_INPUTS,
  type RoiInput,
  type RoiValues,
  RUPEES_PER_HOUR,
  roiResult,
  WORKDAYS_PER_MONTH,
} from '../roi/roi';
import * as styles from './explore.module.css';

const labels: Record<RoiInput, { label: string; unit: string }> = {
  queriesPerDay: { label: 'Queries per person per day', unit: 'queries' },
  minutesSaved: { label: 'Minutes saved per query', unit: 'min' },
  teamSize: { label: 'Team size', unit: 'people' },
};

/** docs/product/public-pages.md#roi ROI calculator: three sliders and the spec's formula, in rupees with Indian grouping. */
export default function RoiCalculator() {
  const [values, setValues] = useState<RoiValues>(initialRoiValues);
  const { hours, value } = roiResult(values);
  const ids = { queriesPerDay: useId(), minutesSaved: useId(), teamSize: useId() };
  return (
    <Card className={styles.roi}>
      <div className={styles.sliders}>
        {(Object.keys(ROI_INPUTS) as RoiInput[]).map((input) => (
          <div key={input} className={styles.slider}>
            <Cluster gap={3} wrap={false} justify="between" className={styles.sliderHead}>
              <label htmlFor={ids[input]}>{labels[input].label}</label>
              <output htmlFor={ids[input]} className={styles.sliderValue} data-testid={`roi-${input}`}>
                {values[input]} {labels[input].unit}
              </output>
            </Cluster>
            <input
              id={ids[input]}
              type="range"
              min={ROI_INPUTS[input].min}
              max={ROI_INPUTS[input].max}
              step={1}
              value={values[input]}
              onChange={(event) =>
                setValues((current) => ({ ...current, [input]: clampRoi(input, Number(event.target.value)) }))
              }
            />
            <Cluster wrap={false} justify="between" className={styles.sliderScale} aria-hidden="true">
              <span>{ROI_INPUTS[input].min}</span>
              <span>{ROI_INPUTS[input].max}</span>
            </Cluster>
          </div>
        ))}
      </div>
      <div className={styles.roiResult} aria-live="polite">
        <Text tone="muted" size="sm">
          Hours saved
        </Text>
        <p className={styles.roiFigure} data-testid="roi-hours">
          {formatHours(hours)}
        </p>
        <Text tone="muted" size="sm">
          Value
        </Text>
        <p className={styles.roiFigure} data-testid="roi-value">
          {formatRupees(value)}
        </p>
        <Text tone="muted" size="xs">
          Queries × minutes × team ÷ 60 ÷ {WORKDAYS_PER_MONTH} workdays, valued at{' '}
          {formatRupees(RUPEES_PER_HOUR)} an hour.
        </Text>
      </div>
    </Card>
  );
}
