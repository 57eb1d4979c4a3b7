import '@mantine/dates/styles.css';

import type { RecurrenceFrequency } from '@eproto/domain';
import { DEFAULT_TIME_ZONE, todayIn } from '@eproto/domain';
import { Button, Chip, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';

import { DateField } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useCreateRecurrence } from '../api/create-recurrence.ts';
import type { RecurrenceDraft } from '../utils/recurrence-draft.ts';
import { draftErrors, draftToBody, initialDraft, UNIT_LABELS } from '../utils/recurrence-draft.ts';
import { RecurrencePreview } from './recurrence-preview.tsx';

const FREQUENCIES: { value: RecurrenceFrequency; label: string }[] = [
  { value: 'diaria', label: 'Diária' },
  { value: 'semanal', label: 'Semanal' },
  { value: 'mensal', label: 'Mensal' },
  { value: 'anual', label: 'Anual' },
];

/** Monday first, as the week is read in the form (values are Date#getDay). */
const WEEKDAYS: [number, string][] = [
  [1, 'Seg'],
  [2, 'Ter'],
  [3, 'Qua'],
  [4, 'Qui'],
  [5, 'Sex'],
  [6, 'Sáb'],
  [0, 'Dom'],
];

interface MuralLike {
  id: number;
  titulo: string;
  inicio_previsto: string | null;
  fim_previsto: string | null;
}

function RecurrenceForm({ mural, onDone }: { mural: MuralLike; onDone: () => void }) {
  const create = useCreateRecurrence();
  const [draft, setDraft] = useState<RecurrenceDraft>(() =>
    initialDraft(mural.inicio_previsto ?? mural.fim_previsto ?? todayIn(DEFAULT_TIME_ZONE)),
  );
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<RecurrenceDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const errors = draftErrors(draft);
  const shown = submitted ? errors : {};

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (Object.keys(errors).length) return;
        create.mutate(draftToBody(mural.id, draft), { onSuccess: onDone });
      }}
    >
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          data={FREQUENCIES}
          value={draft.frequencia}
          onChange={(v) => set({ frequencia: v })}
          aria-label="Frequência"
        />
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <NumberField
            label="Repetir a cada"
            min={1}
            max={99}
            w={120}
            value={draft.intervalo}
            onChange={(v) => set({ intervalo: v ?? 1 })}
            error={shown.intervalo}
          />
          <Text size="sm" pb={8}>
            {UNIT_LABELS[draft.frequencia][draft.intervalo === 1 ? 0 : 1]}
          </Text>
        </Group>
        {draft.frequencia === 'semanal' && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Nos dias
            </Text>
            <Chip.Group
              multiple
              value={draft.dias_semana.map(String)}
              onChange={(v) => set({ dias_semana: v.map(Number) })}
            >
              <Group gap={6}>
                {WEEKDAYS.map(([value, label]) => (
                  <Chip key={value} value={String(value)} size="sm" variant="outline">
                    {label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {shown.dias_semana && (
              <Text size="xs" c="red">
                {shown.dias_semana}
              </Text>
            )}
          </Stack>
        )}
        {draft.frequencia === 'mensal' && (
          <NumberField
            label="No dia do mês"
            description="Nos meses mais curtos, usa o último dia (ex.: 31 vira 30/04 e 28/02)."
            min={1}
            max={31}
            w={{ base: '100%', xs: 220 }}
            value={draft.dia_mes}
            onChange={(v) => set({ dia_mes: v ?? 1 })}
            error={shown.dia_mes}
          />
        )}
        <DateField
          label="Primeira ocorrência (esta demanda)"
          value={draft.data_inicio}
          onChange={(v) => set({ data_inicio: v ?? '' })}
          error={shown.data_inicio}
        />
        <Radio.Group label="Termina" value={draft.fim} onChange={(v) => set({ fim: v })}>
          <Stack gap="xs" mt={6}>
            <Radio value="nunca" label="Nunca" />
            <Group gap="sm" wrap="nowrap" align="center">
              <Radio value="data" label="Em" />
              <DateField
                aria-label="Data final"
                value={draft.ate}
                onChange={(v) => set({ ate: v, fim: 'data' })}
                size="xs"
                w={170}
                error={shown.ate}
              />
            </Group>
            <Group gap="sm" wrap="nowrap" align="center">
              <Radio value="ocorrencias" label="Após" />
              <NumberField
                aria-label="Número de ocorrências"
                min={2}
                max={1000}
                size="xs"
                w={90}
                value={draft.ocorrencias}
                onChange={(v) => set({ ocorrencias: v ?? 2, fim: 'ocorrencias' })}
                error={shown.ocorrencias}
              />
              <Text size="sm">ocorrências</Text>
            </Group>
          </Stack>
        </Radio.Group>
        <RecurrencePreview draft={draft} valid={Object.keys(errors).length === 0} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancelar
          </Button>
          <Button type="submit" loading={create.isPending}>
            Criar recorrência
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** "Tornar recorrente": the rule, its end and a preview of the next dates. */
export function RecurrenceFormModal({
  mural,
  opened,
  onClose,
}: {
  mural: MuralLike;
  opened: boolean;
  onClose: () => void;
}) {
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={700}>Tornar recorrente</Text>}
      size="lg"
      fullScreen={phone}
      centered
    >
      <DatesProvider settings={{ locale: 'pt-br', firstDayOfWeek: 1 }}>
        {opened && <RecurrenceForm mural={mural} onDone={onClose} />}
      </DatesProvider>
    </Modal>
  );
}
