import { SimpleGrid } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';

import { DateField, INVALID_DATE, isValidDate } from './date-field.tsx';

const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "YYYY-MM-DDTHH:mm" (local time) when both halves are right, null when both are empty. */
function join(date: string | null, time: string): string | null {
  if (date === null && time === '') return null;
  return isValidDate(date) && TIME_RE.test(time) ? `${date}T${time}` : INVALID_DATE;
}

const split = (v: string | null | undefined) =>
  v && v !== INVALID_DATE
    ? { date: v.slice(0, 10), time: v.slice(11, 16) }
    : { date: null, time: '' };

export interface DateTimeFieldProps {
  label: string;
  timeLabel?: string;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  minDate?: string | undefined;
  maxDate?: string | undefined;
  required?: boolean;
  error?: string | undefined;
}

/**
 * The app's date-and-time input: the shared date field (dd/mm/aaaa) beside an hour field.
 * Reports "YYYY-MM-DDTHH:mm" in local time, null when empty, INVALID_DATE when half-filled.
 */
export function DateTimeField({
  label,
  timeLabel = 'Hora',
  value,
  onChange,
  minDate,
  maxDate,
  required,
  error,
}: DateTimeFieldProps) {
  const [parts, setParts] = useState(() => split(value));
  const emitted = useRef(value);

  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setParts(split(value));
  }, [value]);

  const update = (next: { date: string | null; time: string }) => {
    setParts(next);
    const v = join(next.date, next.time);
    emitted.current = v;
    if (v !== value) onChange(v);
  };

  return (
    <SimpleGrid cols={2} spacing="sm">
      <DateField
        label={label}
        required={required}
        value={parts.date}
        minDate={minDate}
        maxDate={maxDate}
        error={error}
        onChange={(date) => update({ ...parts, date })}
      />
      <TimeInput
        label={timeLabel}
        required={required}
        value={parts.time}
        onChange={(e) => update({ ...parts, time: e.currentTarget.value.slice(0, 5) })}
      />
    </SimpleGrid>
  );
}
