import type { FileInputProps, SelectProps, SwitchProps } from '@mantine/core';
import { FileInput, Select, Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';

import { DateField, type DateFieldProps } from './date-field.tsx';
import { DateTimeField, type DateTimeFieldProps } from './date-time-field.tsx';
import { MoneyField, NumberField, type NumberFieldProps } from './number-field.tsx';

/**
 * react-hook-form bindings of the app's inputs: `<FormDateField control={form.control}
 * name="data" label="Data" />` instead of a `Controller` with a render function in every form.
 * The field's value and change go to the input, its validation message to `error` (an `error`
 * given by the caller wins), and its ref lets the form focus the first wrong field on submit.
 */
interface Bound<T extends FieldValues, TOut> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/**
 * A field's value, ref and message for an input: its change goes to the form, then to the
 * caller's `onChange`; an `error` given by the caller wins over the field's own.
 */
function useBound<T extends FieldValues, TOut, V, E extends ReactNode = string>({
  control,
  name,
  error,
  onChange,
}: Bound<T, TOut> & { error?: E; onChange?: (value: V) => void }) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    value: field.value as V | undefined,
    onChange: (value: V) => {
      field.onChange(value);
      onChange?.(value);
    },
    error: error ?? fieldState.error?.message,
  };
}

/** A DateField bound to a form field holding 'YYYY-MM-DD' or null (INVALID_DATE while wrong). */
export function FormDateField<T extends FieldValues, TOut = T>({
  control,
  name,
  emptyValue = null,
  error,
  ...props
}: Bound<T, TOut> &
  Omit<DateFieldProps, 'value' | 'onChange'> & {
    /** What an emptied field stores: null unless said ('' where the schema asks for text). */
    emptyValue?: '' | null;
  }) {
  const { field, fieldState } = useController({ control, name });
  const value = field.value as string | null | undefined;
  return (
    <DateField
      {...props}
      ref={field.ref}
      value={value || null}
      onChange={(v) => field.onChange(v ?? emptyValue)}
      error={error ?? fieldState.error?.message}
    />
  );
}

type NumberProps<T extends FieldValues, TOut> = Bound<T, TOut> &
  Omit<NumberFieldProps, 'value' | 'onChange'> & {
    /** What an emptied field stores (e.g. 0 for quantities); null unless said. */
    emptyValue?: number | null;
  };

function useNumber<T extends FieldValues, TOut>({
  control,
  name,
  emptyValue = null,
}: Pick<NumberProps<T, TOut>, 'control' | 'name' | 'emptyValue'>) {
  const { field, fieldState } = useController({ control, name });
  return {
    ref: field.ref,
    value: (field.value as number | null | undefined) ?? emptyValue,
    onChange: (v: number | null) => field.onChange(v ?? emptyValue),
    message: fieldState.error?.message,
  };
}

/** A NumberField (comma decimals, dot thousands) bound to a form field. */
export function FormNumberField<T extends FieldValues, TOut = T>({
  control,
  name,
  emptyValue,
  error,
  ...props
}: NumberProps<T, TOut>) {
  const { message, ...bound } = useNumber({ control, name, emptyValue });
  return <NumberField {...props} {...bound} error={error ?? message} />;
}

/** A MoneyField (R$, two decimals) bound to a form field. */
export function FormMoneyField<T extends FieldValues, TOut = T>({
  control,
  name,
  emptyValue,
  error,
  ...props
}: NumberProps<T, TOut>) {
  const { message, ...bound } = useNumber({ control, name, emptyValue });
  return <MoneyField {...props} {...bound} error={error ?? message} />;
}

/**
 * A Select bound to a form field. `numeric`: the field holds a number id (or null) and the
 * options' values are its decimal text. With `allowDeselect={false}` a cleared pick is ignored.
 */
export function FormSelect<T extends FieldValues, TOut = T>({
  control,
  name,
  numeric = false,
  error,
  ...props
}: Bound<T, TOut> & Omit<SelectProps, 'value' | 'onChange'> & { numeric?: boolean }) {
  const { field, fieldState } = useController({ control, name });
  const raw = field.value as string | number | null | undefined;
  return (
    <Select
      {...props}
      ref={field.ref}
      value={raw === null || raw === undefined || raw === '' ? null : String(raw)}
      onChange={(v) => {
        if (v === null && props.allowDeselect === false) return;
        field.onChange(numeric ? (v ? Number(v) : null) : v);
      }}
      error={error ?? fieldState.error?.message}
    />
  );
}

/**
 * A DateTimeField bound to a form field holding "YYYY-MM-DDTHH:mm" (local), null when empty or
 * INVALID_DATE while half-typed; the form's resolver turns it into the instant the API takes.
 */
export function FormDateTimeField<T extends FieldValues, TOut = T>({
  control,
  name,
  error,
  onChange,
  ...props
}: Bound<T, TOut> &
  Omit<DateTimeFieldProps, 'value' | 'onChange'> & {
    /** Called after the field changed (e.g. to move another field along). */
    onChange?: (value: string | null) => void;
  }) {
  const bound = useBound<T, TOut, string | null>({ control, name, error, onChange });
  return (
    <DateTimeField {...props} value={bound.value} onChange={bound.onChange} error={bound.error} />
  );
}

/**
 * A FileInput bound to a form field holding the chosen File (null when none); its schema is
 * `chosenFile` (lib/chosen-file.ts): the missing file, its kind and its size say so under the
 * field. `accept` narrows the device's picker to the same kinds. `onChange` runs after the field
 * changed (e.g. to read the file at once).
 */
export function FormFileField<T extends FieldValues, TOut = T>({
  control,
  name,
  error,
  onChange,
  ...props
}: Bound<T, TOut> &
  Omit<FileInputProps<false>, 'value' | 'onChange' | 'multiple'> & {
    onChange?: (file: File | null) => void;
  }) {
  const bound = useBound<T, TOut, File | null, ReactNode>({ control, name, error, onChange });
  return <FileInput clearable {...props} {...bound} value={bound.value ?? null} />;
}

/** A Switch bound to a form field holding a boolean. */
export function FormSwitch<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: Bound<T, TOut> & Omit<SwitchProps, 'checked' | 'onChange'>) {
  const { field } = useController({ control, name });
  return (
    <Switch
      {...props}
      ref={field.ref}
      checked={Boolean(field.value)}
      onChange={(e) => field.onChange(e.currentTarget.checked)}
    />
  );
}
