import '@mantine/dates/styles.css';

import { formatDateBr, isDateOnly, parseBrDate } from '@eproto/domain';
import type { TextInputProps } from '@mantine/core';
import { ActionIcon, CloseButton, Group, Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { TextInput } from './text-fields.tsx';

/**
 * The value a date field reports while its text is not a date (31/02/2027, "10/12"): not
 * null, so a form cannot mistake a wrong date for an empty optional one.
 */
export const INVALID_DATE = 'data-invalida';

/** True for a real YYYY-MM-DD (not null and not INVALID_DATE). */
export const isValidDate = (v: string | null | undefined): v is string =>
  typeof v === 'string' && isDateOnly(v);

export interface DateFieldProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'type'
> {
  /** YYYY-MM-DD, null when empty, INVALID_DATE while the text is not a date. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  /**
   * The person settled on a date: left the field with a complete valid date (or emptied it),
   * or picked one in the calendar. A field that saves in place saves from here, never from
   * `onChange`: while "10/12/2026" is typed, "10/12/20" is already a date (2020).
   */
  onCommit?: (value: string | null) => void;
  minDate?: string | undefined;
  maxDate?: string | undefined;
  clearable?: boolean;
}

/** Reads the text and checks the range; the error is Portuguese and the text is kept. */
function read(text: string, minDate?: string, maxDate?: string) {
  const r = parseBrDate(text);
  if (!r.ok || r.value === null) return r;
  if (minDate && r.value < minDate) {
    return { ok: false as const, error: `A data não pode ser antes de ${formatDateBr(minDate)}.` };
  }
  if (maxDate && r.value > maxDate) {
    return { ok: false as const, error: `A data não pode ser depois de ${formatDateBr(maxDate)}.` };
  }
  return r;
}

const shown = (v: string | null | undefined) => (isValidDate(v) ? formatDateBr(v) : '');

/**
 * The app's only date input: typed as dd/mm/aaaa (also 10122026, 10/12/26) or picked in a
 * calendar. It keeps exactly what was typed; an impossible date shows why and stays on screen.
 */
export function DateField({
  value,
  onChange,
  onCommit,
  minDate,
  maxDate,
  clearable = false,
  error,
  disabled,
  readOnly,
  onBlur,
  ...rest
}: DateFieldProps) {
  const [text, setText] = useState(() => shown(value));
  const [problem, setProblem] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const emitted = useRef(value);
  // On a touch screen the buttons are 44 px (global.css): the section makes room for them, so
  // they neither spill over the typed text nor past the border.
  const coarse = useMediaQuery('(pointer: coarse)') ?? false;
  const button = coarse ? 44 : 32;

  // A value set from outside (form reset, another field) replaces the text; our own echo does not.
  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setText(shown(value));
    setProblem(null);
  }, [value]);

  const emit = (v: string | null) => {
    emitted.current = v;
    onChange(v);
  };

  const type = (next: string) => {
    setText(next);
    const r = read(next, minDate, maxDate);
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
    setOpened(false);
    setProblem(null);
    setText(shown(d));
    emit(d);
    onCommit?.(d);
  };

  const calendar = (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      disabled={disabled || readOnly}
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Abrir calendário"
          onClick={() => setOpened((o) => !o)}
          disabled={disabled || readOnly}
        >
          <IconCalendar size={18} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <DatePicker
          locale="pt-br"
          value={isValidDate(value) ? value : null}
          defaultDate={isValidDate(value) ? value : (maxDate ?? undefined)}
          minDate={minDate}
          maxDate={maxDate}
          onChange={pick}
        />
      </Popover.Dropdown>
    </Popover>
  );

  return (
    <TextInput
      {...rest}
      value={text}
      placeholder={rest.placeholder ?? 'dd/mm/aaaa'}
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      disabled={disabled}
      readOnly={readOnly}
      error={problem ?? error}
      onChange={(e) => type(e.currentTarget.value)}
      onBlur={(e) => {
        const r = read(text, minDate, maxDate);
        if (r.ok) {
          setText(shown(r.value));
          setProblem(null);
          onCommit?.(r.value);
        } else setProblem(r.error);
        onBlur?.(e);
      }}
      rightSectionWidth={(clearable && text ? 2 : 1) * button + 4}
      rightSectionPointerEvents="all"
      rightSection={
        <Group gap={0} wrap="nowrap">
          {clearable && text && !disabled && !readOnly && (
            <CloseButton size="sm" aria-label="Limpar" onClick={() => pick(null)} />
          )}
          {calendar}
        </Group>
      }
    />
  );
}
