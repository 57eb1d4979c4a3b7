import { Skeleton, Text } from '@mantine/core';
import type { ChangeEvent, ReactNode } from 'react';
import { lazy, Suspense } from 'react';

import {
  PlainNumberField,
  PlainTextarea,
  PlainTextInput,
} from '../../../components/plain-input.tsx';
import type { ChecklistFieldProps, ChecklistItemView } from '../utils/checklist-model.ts';
import { ChecklistDateField } from './checklist-date-field.tsx';
import { YesNoControl } from './yes-no-control.tsx';

// Choices (Mantine's Checkbox and Radio) load when an OS has such an item: most checklists are
// yes/no, numbers, text, dates and photos, and the OS screen must open fast on 3G. Those are
// plain fields (components/plain-input.tsx, plain-date-field.tsx), without Mantine's Input
// family; a date's calendar loads at the first tap on its button.
const ChecklistRareField = lazy(() =>
  import('./checklist-rare-field.tsx').then((m) => ({ default: m.ChecklistRareField })),
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
    onBlur: onCommit,
    disabled,
    // A disabled answer (read-only viewer) stays legible.
    legible: true,
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
        <PlainNumberField
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
        <PlainTextInput {...typed} maxLength={SHORT_TEXT_MAX} count="always" />
      );
    case 'texto_longo':
      return <PlainTextarea {...typed} minRows={3} maxRows={10} maxLength={LONG_TEXT_MAX} />;
    case 'data':
      return <ChecklistDateField {...field} />;
    case 'escolha_unica':
    case 'escolha_multipla':
      return (
        <Suspense fallback={<Skeleton h={48} radius="md" />}>
          <ChecklistRareField {...field} />
        </Suspense>
      );
    case 'foto':
      return <>{photos}</>;
  }
}
