import { Checkbox, Group, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import type { ChecklistItemView, ChecklistValue } from '../utils/checklist-model.ts';
import { YesNoControl } from './yes-no-control.tsx';

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
 * (a whole number, a real date); `onCommit` is a blur, when the answer should be sent at once.
 */
export function ChecklistItemField({
  item,
  value,
  onChange,
  onCommit,
  disabled,
  photos,
}: {
  item: ChecklistItemView;
  value: ChecklistValue;
  onChange: (value: ChecklistValue) => void;
  onCommit?: () => void;
  disabled?: boolean;
  /** The photo slot of a 'foto' item (camera + thumbnails), given by the OS screen. */
  photos?: ReactNode;
}) {
  const text = typeof value === 'string' ? value : '';
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
      return (
        <NumberField
          aria-label={item.titulo}
          size="md"
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
          onChange={(v) => {
            if (v === null || Number.isFinite(v)) onChange(v);
          }}
          onBlur={onCommit}
          disabled={disabled}
        />
      );
    case 'texto_curto':
      return (
        <TextInput
          aria-label={item.titulo}
          size="md"
          value={text}
          maxLength={SHORT_TEXT_MAX}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onCommit}
          disabled={disabled}
        />
      );
    case 'texto_longo':
      return (
        <Textarea
          aria-label={item.titulo}
          size="md"
          autosize
          minRows={3}
          maxRows={10}
          value={text}
          maxLength={LONG_TEXT_MAX}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onCommit}
          disabled={disabled}
        />
      );
    case 'escolha_unica':
      return (
        <Radio.Group
          aria-label={item.titulo}
          value={text || null}
          onChange={(v) => {
            onChange(v);
            onCommit?.();
          }}
        >
          <Stack gap={6}>
            {item.opcoes.map((o) => (
              <Radio.Card key={o} value={o} radius="md" p="sm" disabled={disabled} mih={48}>
                <Group wrap="nowrap" gap="sm">
                  <Radio.Indicator />
                  <Text>{o}</Text>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'escolha_multipla': {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <Checkbox.Group
          aria-label={item.titulo}
          value={chosen}
          onChange={(v) => {
            // keep the template's order whatever the tapping order
            onChange(item.opcoes.filter((o) => v.includes(o)));
            onCommit?.();
          }}
        >
          <Stack gap={6}>
            {item.opcoes.map((o) => (
              <Checkbox.Card key={o} value={o} radius="md" p="sm" disabled={disabled} mih={48}>
                <Group wrap="nowrap" gap="sm">
                  <Checkbox.Indicator />
                  <Text>{o}</Text>
                </Group>
              </Checkbox.Card>
            ))}
          </Stack>
        </Checkbox.Group>
      );
    }
    case 'data':
      return (
        <DateField
          aria-label={item.titulo}
          size="md"
          value={typeof value === 'string' ? value : null}
          onChange={(v) => {
            if (v === null || isValidDate(v)) onChange(v);
          }}
          onBlur={onCommit}
          disabled={disabled}
          clearable
        />
      );
    case 'foto':
      return <>{photos}</>;
  }
}
