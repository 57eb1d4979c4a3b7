import type { TextInputProps } from '@mantine/core';
import { Text } from '@mantine/core';
import { TextInput } from './text-fields.tsx';
import { useBrNumberText } from './use-br-number-text.ts';

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
  const number = useBrNumberText({
    value,
    onChange,
    decimals,
    min,
    max,
    fixedDecimals,
    grouping,
    onCommit,
  });
  return (
    <TextInput
      {...rest}
      value={number.text}
      inputMode={number.inputMode}
      autoComplete="off"
      error={number.problem ?? error}
      onChange={number.onChange}
      onKeyDown={(e) => {
        number.onKeyDown(e);
        onKeyDown?.(e);
      }}
      onBlur={(e) => {
        number.onBlur();
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
