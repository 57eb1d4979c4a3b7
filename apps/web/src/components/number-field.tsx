import { formatBrNumber, parseBrNumber } from '@eproto/domain';
import type { TextInputProps } from '@mantine/core';
import { Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { TextInput } from './text-fields.tsx';

export interface NumberFieldProps extends Omit<
  TextInputProps,
  'value' | 'onChange' | 'defaultValue' | 'type' | 'min' | 'max'
> {
  /** The number; null when empty; NaN while the text is not a number (the form refuses it). */
  value: number | null | undefined;
  onChange: (value: number | null) => void;
  /** Most digits after the comma; 0 = whole numbers (km, quantities). Default 2. */
  decimals?: number;
  min?: number;
  max?: number;
  /** Shown after a blur: 2 decimals always for money ("250,50"). */
  fixedDecimals?: boolean;
  /** Thousands dot when the value is shown (default); false for years ("2026"). */
  grouping?: boolean;
  /**
   * The value the person settled on: on blur and on Enter, only when the text reads as a number
   * within min/max (or is empty: null). A field that saves in place saves here, never from
   * `onChange`: while typing "12" in a 0–10 field, "1" is itself a valid number.
   */
  onCommit?: (value: number | null) => void;
}

const shown = (v: number | null | undefined, decimals: number, fixed: boolean, grouping = true) =>
  typeof v === 'number' && Number.isFinite(v)
    ? formatBrNumber(v, { decimals, fixed, grouping })
    : '';

/**
 * The app's number input, read the Brazilian way: comma for decimals, dot for thousands
 * ("1.234,50", "45,5", "-23,5505"). The text stays as typed; a wrong one says why in Portuguese.
 */
export function NumberField({
  value,
  onChange,
  decimals = 2,
  min,
  max,
  fixedDecimals = false,
  grouping = true,
  error,
  onBlur,
  onKeyDown,
  onCommit,
  ...rest
}: NumberFieldProps) {
  const [text, setText] = useState(() => shown(value, decimals, fixedDecimals, grouping));
  const [problem, setProblem] = useState<string | null>(null);
  const emitted = useRef(value);

  // A value set from outside (form reset) replaces the text; the echo of our own change does not.
  useEffect(() => {
    if (Object.is(value, emitted.current)) return;
    emitted.current = value;
    setText(shown(value, decimals, fixedDecimals, grouping));
    setProblem(null);
  }, [value, decimals, fixedDecimals, grouping]);

  const emit = (v: number | null) => {
    emitted.current = v;
    onChange(v);
  };

  const read = (t: string) => parseBrNumber(t, { decimals, min, max });

  /** Blur or Enter: a wrong text says why (and commits nothing), a right one commits. */
  const settle = () => {
    const r = read(text);
    if (!r.ok) return setProblem(r.error);
    if (fixedDecimals) setText(shown(r.value, decimals, true));
    setProblem(null);
    onCommit?.(r.value);
  };

  return (
    <TextInput
      {...rest}
      value={text}
      inputMode={min !== undefined && min < 0 ? 'text' : decimals > 0 ? 'decimal' : 'numeric'}
      autoComplete="off"
      error={problem ?? error}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const r = read(next);
        if (r.ok) {
          setProblem(null);
          if (!Object.is(r.value, value)) emit(r.value);
        } else {
          // Half-typed text is not an error yet: it shows on blur, then follows the text.
          if (problem) setProblem(r.error);
          if (!Number.isNaN(value)) emit(Number.NaN);
        }
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') settle();
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        settle();
        onBlur?.(e);
      }}
    />
  );
}

/** Money in reais: "R$" before, comma decimals, two decimals after a blur ("1.234,50"). */
export function MoneyField(props: Omit<NumberFieldProps, 'decimals' | 'fixedDecimals'>) {
  return (
    <NumberField
      min={0}
      {...props}
      decimals={2}
      fixedDecimals
      leftSection={
        <Text size="sm" c="dimmed" component="span">
          R$
        </Text>
      }
      placeholder={props.placeholder ?? '0,00'}
    />
  );
}
