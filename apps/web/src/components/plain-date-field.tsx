import { IconCalendar, IconX } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { INVALID_DATE, isValidDate, readDateText, shownDate } from './date-text.ts';
import { PlainTextInput } from './plain-input.tsx';
import classes from './plain-input.module.css';

// The calendar (Popover, @mantine/dates and floating-ui, ~40 KB gzip) at the first tap on its
// button: typing the date needs none of it.
const DateCalendar = lazy(() => import('./date-calendar.tsx'));

/**
 * A date typed as dd/mm/aaaa (also 10122026, 10/12/26) or picked in a calendar, as DateField
 * reads it (date-text.ts), in plain markup (plain-input.tsx): the OS checklist's date item
 * paints without Mantine's inputs, and the calendar's code loads when its button is first
 * tapped (issue 33). `onChange` gets a YYYY-MM-DD, null when empty or INVALID_DATE while the
 * text is not a date; `onCommit` what the person settled on (blur, the calendar, "Limpar").
 */
export function PlainDateField({
  value,
  onChange,
  onCommit,
  disabled,
  legible,
  'aria-label': ariaLabel,
}: {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onCommit?: (value: string | null) => void;
  disabled?: boolean;
  legible?: boolean;
  'aria-label': string;
}) {
  const [text, setText] = useState(() => shownDate(value));
  const [problem, setProblem] = useState<string | null>(null);
  // The calendar's code was asked for (first tap on its button); it then stays mounted.
  const [calendar, setCalendar] = useState(false);
  const emitted = useRef(value);

  // A value set from outside (another device) replaces the text; our own echo does not.
  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setText(shownDate(value));
    setProblem(null);
  }, [value]);

  const emit = (v: string | null) => {
    emitted.current = v;
    onChange(v);
  };

  const type = (next: string) => {
    setText(next);
    const r = readDateText(next);
    // While typing, a half-typed date is not an error yet: it shows on blur, then follows the text.
    if (r.ok) {
      setProblem(null);
      if (r.value !== value) emit(r.value);
    } else {
      if (problem) setProblem(r.error);
      if (value !== INVALID_DATE) emit(INVALID_DATE);
    }
  };

  const pick = (d: string | null) => {
    setProblem(null);
    setText(shownDate(d));
    emit(d);
    onCommit?.(d);
  };

  const clear = Boolean(text) && !disabled;
  const button = (
    <button
      type="button"
      className={`${classes.iconButton} mantine-ActionIcon-root`}
      aria-label="Abrir calendário"
      disabled={disabled}
      onClick={() => setCalendar(true)}
    >
      <IconCalendar size={18} />
    </button>
  );
  return (
    <PlainTextInput
      aria-label={ariaLabel}
      value={text}
      placeholder="dd/mm/aaaa"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      count="never"
      disabled={disabled}
      legible={legible}
      error={problem}
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={() => {
        const r = readDateText(text);
        if (r.ok) {
          setText(shownDate(r.value));
          setProblem(null);
          onCommit?.(r.value);
        } else setProblem(r.error);
      }}
      rightSectionWidth={`calc(${clear ? 2 : 1} * var(--field-button) + 4px)`}
      rightSection={
        <div className={classes.buttons}>
          {clear && (
            <button
              type="button"
              className={`${classes.iconButton} mantine-ActionIcon-root`}
              aria-label="Limpar"
              onClick={() => pick(null)}
            >
              <IconX size={16} />
            </button>
          )}
          {calendar ? (
            <Suspense fallback={button}>
              <DateCalendar
                value={isValidDate(value) ? value : null}
                disabled={disabled}
                onPick={pick}
              />
            </Suspense>
          ) : (
            button
          )}
        </div>
      }
    />
  );
}
