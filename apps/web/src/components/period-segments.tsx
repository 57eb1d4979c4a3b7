import { useId } from 'react';

import classes from './period-segments.module.css';

export interface SegmentOption<T extends string> {
  value: T;
  label: string;
}

/**
 * A row of two or three mutually exclusive choices (native radio buttons drawn as segments), for
 * a field screen's period switch. Mantine's SegmentedControl slides an indicator that it places
 * by reading the layout (`getBoundingClientRect` on each segment at mount and on resize): on a
 * phone with 4x CPU that was ~165 ms of forced layout as Minha agenda opened (issue 33,
 * docs/performance.md). Here the browser lays the segments out with the rest of the page and
 * the selected one is coloured by CSS; no script measures anything.
 */
export function PeriodSegments<T extends string>({
  label,
  data,
  value,
  onChange,
}: {
  /** Accessible name of the group (e.g. "Período"). */
  label: string;
  data: ReadonlyArray<SegmentOption<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className={classes.root}>
      {data.map((option) => (
        <label
          key={option.value}
          className={classes.segment}
          data-active={option.value === value || undefined}
        >
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
