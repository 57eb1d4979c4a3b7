import { Skeleton, Text } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { lazy, Suspense } from 'react';

import { NumberField } from '../../../components/number-field.tsx';
import type { ChecklistFieldProps, ChecklistItemView } from '../utils/checklist-model.ts';
import { YesNoControl } from './yes-no-control.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

// Choices and dates (the calendar of @mantine/dates) load when an OS has such an item: most
// checklists are yes/no, numbers, text and photos, and the OS screen must open fast on 3G.
const ChecklistRareField = lazy(() =>
  import('./checklist-rare-field.tsx').then((m) => ({ default: m.ChecklistRareField })),
);
const ChecklistDateField = lazy(() =>
  import('./checklist-date-field.tsx').then((m) => ({ default: m.ChecklistDateField })),
);

/** Limits of a typed answer (the server refuses longer ones). */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 4000;
/** Decimals a checklist number may have ("12,75 bar"). */
const NUMBER_DECIMALS = 3;

function rangeHint(item: ChecklistItemView): string | null {
  const unit = item.unidade ? ` ${item.unidade}` : '';
  const n = (v: number) => v.toLocaleString('pt-BR');
  if (item.minimo !== null && item.maximo !== null)
    return `Entre ${n(item.minimo)} e ${n(item.maximo)}${unit}.`;
  if (item.minimo !== null) return `A partir de ${n(item.minimo)}${unit}.`;
  if (item.maximo !== null) return `Até ${n(item.maximo)}${unit}.`;
  return null;
}

/** A disabled answer (read-only viewer) stays legible: Mantine fades a disabled value to ~40%. */
const READ_ONLY_INPUT = { input: { opacity: 1, color: 'var(--mantine-color-text)' } };

/**
 * The input of one checklist item by its type. `onChange` receives only values worth saving
 * (a number within range once committed, a real date); `onCommit` is a blur, when the answer
 * should be sent at once.
 */
export function ChecklistItemField({
  photos,
  ...field
}: ChecklistFieldProps & {
  /** The photo slot of a 'foto' item (camera + thumbnails), given by the OS screen. */
  photos?: ReactNode;
}) {
  const { item, value, onChange, onCommit, disabled } = field;
  const common = {
    'aria-label': item.titulo,
    size: 'md',
    onBlur: onCommit,
    disabled,
    styles: disabled ? READ_ONLY_INPUT : undefined,
  } as const;
  const typed = {
    ...common,
    value: typeof value === 'string' ? value : '',
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(e.currentTarget.value),
  };
  switch (item.tipo) {
    case 'sim_nao':
      return (
        <YesNoControl
          label={item.titulo}
          value={typeof value === 'string' ? value : null}
          onChange={onChange}
          disabled={disabled}
        />
      );
    case 'numero':
      // Saved only when the person settles on it (blur, Enter) and it is within the range:
      // while "12" is typed in a 0–10 item, "1" is a valid number that must not be stored.
      return (
        <NumberField
          {...common}
          onBlur={undefined}
          value={typeof value === 'number' ? value : null}
          decimals={NUMBER_DECIMALS}
          min={item.minimo ?? undefined}
          max={item.maximo ?? undefined}
          description={rangeHint(item)}
          rightSection={
            item.unidade ? (
              <Text size="sm" c="dimmed" pr={6}>
                {item.unidade}
              </Text>
            ) : undefined
          }
          rightSectionWidth={item.unidade ? Math.max(40, item.unidade.length * 9 + 16) : undefined}
          onChange={(v) => field.onTyping?.(v)}
          onCommit={(v) => {
            if (!Object.is(v, value)) onChange(v);
            onCommit?.();
          }}
        />
      );
    case 'texto_curto':
      return (
        // The limit and the count at the field while typing (components/text-fields.tsx).
        <TextInput {...typed} maxLength={SHORT_TEXT_MAX} count="always" />
      );
    case 'texto_longo':
      return <Textarea {...typed} autosize minRows={3} maxRows={10} maxLength={LONG_TEXT_MAX} />;
    case 'data':
    case 'escolha_unica':
    case 'escolha_multipla': {
      const Lazy = item.tipo === 'data' ? ChecklistDateField : ChecklistRareField;
      return (
        <Suspense fallback={<Skeleton h={48} radius="md" />}>
          <Lazy {...field} />
        </Suspense>
      );
    }
    case 'foto':
      return <>{photos}</>;
  }
}
