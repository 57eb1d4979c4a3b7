import type { TextareaProps, TextInputProps } from '@mantine/core';
// The app's only imports of Mantine's text inputs: every other file uses these (eslint).
// eslint-disable-next-line no-restricted-imports
import { Textarea as MantineTextarea, TextInput as MantineTextInput } from '@mantine/core';
import { useMergedRef } from '@mantine/hooks';
import type { ChangeEvent, ReactNode, Ref } from 'react';
import { useLayoutEffect, useRef, useState } from 'react';

/** Below this limit a field shows no count (a UF, a CNH number, a unit). */
const COUNT_FROM_MAX = 20;
/** A single-line field shows its count from this share of the limit on. */
const NEAR = 0.8;

/** "1.980 de 2.000 caracteres": the limit and what is used of it. */
export function textCount(length: number, max: number): string {
  return `${length.toLocaleString('pt-BR')} de ${max.toLocaleString('pt-BR')} caracteres`;
}

/** When a field shows its count: always (long texts) or near the limit (single lines). */
export type CountMode = 'always' | 'near' | 'never';

function withCount(
  description: ReactNode,
  length: number,
  max: number | undefined,
  mode: CountMode,
): ReactNode {
  if (max === undefined || max < COUNT_FROM_MAX || mode === 'never') return description;
  if (mode === 'near' && length < max * NEAR) return description;
  const count = (
    <span
      data-testid="text-count"
      style={length >= max ? { color: 'var(--mantine-color-orange-7)' } : undefined}
    >
      {textCount(length, max)}
      {length >= max ? ' — limite atingido' : ''}
    </span>
  );
  if (!description) return count;
  return (
    <>
      {description}
      <br />
      {count}
    </>
  );
}

/**
 * The length of what the field holds: its `value` when controlled, else the DOM's (a field of
 * react-hook-form's `register` is uncontrolled; a form reset changes it without a keystroke).
 */
type FieldValue = string | number | readonly string[] | undefined | null;
const lengthOf = (v: FieldValue) => (Array.isArray(v) ? v.join(',') : String(v ?? '')).length;

function useLength<E extends HTMLInputElement | HTMLTextAreaElement>(
  value: FieldValue,
  defaultValue: FieldValue,
) {
  const el = useRef<E>(null);
  const [typed, setTyped] = useState(() => lengthOf(value ?? defaultValue));
  // After every render: a reset of an uncontrolled field changes the DOM without a keystroke.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the DOM, no deps to list
  useLayoutEffect(() => {
    if (value === undefined && el.current && el.current.value.length !== typed) {
      setTyped(el.current.value.length);
    }
  });
  const length = value !== undefined && value !== null ? lengthOf(value) : typed;
  return { el, length, onTyped: (e: ChangeEvent<E>) => setTyped(e.currentTarget.value.length) };
}

type Limited = {
  /** When the count shows (default: near the limit for a line, always for a text area). */
  count?: CountMode;
};

/**
 * Mantine's TextInput with the server's limit at the field: `maxLength` (the domain schema's
 * max, see `textMaxLength`) stops typing and pasting past it, and near the limit the field
 * says "118 de 120 caracteres" while the person types, not a toast after saving.
 */
export function TextInput({
  ref,
  count = 'near',
  description,
  onChange,
  ...props
}: TextInputProps & Limited & { ref?: Ref<HTMLInputElement> }) {
  const { el, length, onTyped } = useLength<HTMLInputElement>(props.value, props.defaultValue);
  const merged = useMergedRef(ref, el);
  return (
    <MantineTextInput
      {...props}
      ref={merged}
      description={withCount(description, length, props.maxLength, count)}
      onChange={(e) => {
        onTyped(e);
        onChange?.(e);
      }}
    />
  );
}

/** Mantine's Textarea with the limit and the count always shown ("12 de 4.000 caracteres"). */
export function Textarea({
  ref,
  count = 'always',
  description,
  onChange,
  ...props
}: TextareaProps & Limited & { ref?: Ref<HTMLTextAreaElement> }) {
  const { el, length, onTyped } = useLength<HTMLTextAreaElement>(props.value, props.defaultValue);
  const merged = useMergedRef(ref, el);
  return (
    <MantineTextarea
      {...props}
      ref={merged}
      description={withCount(description, length, props.maxLength, count)}
      onChange={(e) => {
        onTyped(e);
        onChange?.(e);
      }}
    />
  );
}
