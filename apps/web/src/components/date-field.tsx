import '@mantine/dates/styles.css';

import type { TextInputProps } from '@mantine/core';
import { ActionIcon, CloseButton, Group, Popover } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { INVALID_DATE, isValidDate, readDateText, shownDate } from './date-text.ts';
import { TextInput } from './text-fields.tsx';

export { INVALID_DATE, isValidDate };

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

/**
 * The app's date input in forms: typed as dd/mm/aaaa (also 10122026, 10/12/26) or picked in a
 * calendar (the OS checklist has a lighter one, plain-date-field.tsx). It keeps exactly what was typed; an impossible date shows why and stays on screen.
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
  const [text, setText] = useState(() => shownDate(value));
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
    setText(shownDate(value));
    setProblem(null);
  }, [value]);

  const emit = (v: string | null) => {
    emitted.current = v;
    onChange(v);
  };

  const type = (next: string) => {
    setText(next);
    const r = readDateText(next, minDate, maxDate);
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
    setText(shownDate(d));
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
        const r = readDateText(text, minDate, maxDate);
        if (r.ok) {
          setText(shownDate(r.value));
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
