import '../../../lib/zod-locale.ts';
import '@mantine/dates/styles.css';

import type { RecurrenceFrequency } from '@eproto/domain';
import { DEFAULT_TIME_ZONE, todayIn } from '@eproto/domain';
import { Button, Chip, Group, Modal, Radio, SegmentedControl, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverResult } from 'react-hook-form';
import { Controller, useForm, useWatch } from 'react-hook-form';

import { DateField } from '../../../components/date-field.tsx';
import { FormDateField, FormNumberField } from '../../../components/form-fields.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useCreateRecurrence } from '../api/create-recurrence.ts';
import type { RecurrenceDraft, RecurrenceFormValues } from '../utils/recurrence-draft.ts';
import {
  draftToValues,
  initialDraft,
  recurrenceFormSchema,
  UNIT_LABELS,
} from '../utils/recurrence-draft.ts';
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

/** The domain's check on the body the draft sends (ends and frequencies not chosen left out). */
const resolverFor =
  (muralId: number): Resolver<RecurrenceDraft, unknown, RecurrenceFormValues> =>
  async (values, ctx, opts) =>
    (await zodResolver(recurrenceFormSchema)(
      draftToValues(muralId, values),
      ctx,
      opts as never,
    )) as ResolverResult<RecurrenceDraft, RecurrenceFormValues>;

function RecurrenceForm({ mural, onDone }: { mural: MuralLike; onDone: () => void }) {
  const create = useCreateRecurrence();
  const form = useForm<RecurrenceDraft, unknown, RecurrenceFormValues>({
    resolver: resolverFor(mural.id),
    defaultValues: initialDraft(
      mural.inicio_previsto ?? mural.fim_previsto ?? todayIn(DEFAULT_TIME_ZONE),
    ),
  });
  const { control } = form;
  const errors = form.formState.errors;
  const draft = useWatch({ control }) as RecurrenceDraft;
  const valid = recurrenceFormSchema.safeParse(draftToValues(mural.id, draft)).success;

  const onSubmit = form.handleSubmit(({ fim: _fim, ...body }) => {
    create.mutate(body, { onSuccess: onDone });
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <Stack gap="md">
        <Controller
          control={control}
          name="frequencia"
          render={({ field }) => (
            <SegmentedControl
              fullWidth
              data={FREQUENCIES}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              aria-label="Frequência"
            />
          )}
        />
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <FormNumberField
            control={control}
            name="intervalo"
            emptyValue={1}
            label="Repetir a cada"
            min={1}
            max={99}
            w={120}
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
            <Controller
              control={control}
              name="dias_semana"
              render={({ field }) => (
                <Chip.Group
                  multiple
                  value={field.value.map(String)}
                  onChange={(v) => field.onChange(v.map(Number))}
                >
                  <Group gap={6}>
                    {WEEKDAYS.map(([value, label]) => (
                      <Chip key={value} value={String(value)} size="sm" variant="outline">
                        {label}
                      </Chip>
                    ))}
                  </Group>
                </Chip.Group>
              )}
            />
            {errors.dias_semana && (
              <Text size="xs" c="red">
                {errors.dias_semana.message}
              </Text>
            )}
          </Stack>
        )}
        {draft.frequencia === 'mensal' && (
          <FormNumberField
            control={control}
            name="dia_mes"
            emptyValue={1}
            label="No dia do mês"
            description="Nos meses mais curtos, usa o último dia (ex.: 31 vira 30/04 e 28/02)."
            min={1}
            max={31}
            w={{ base: '100%', xs: 220 }}
          />
        )}
        <FormDateField
          control={control}
          name="data_inicio"
          emptyValue=""
          label="Primeira ocorrência (esta demanda)"
        />
        <Controller
          control={control}
          name="fim"
          render={({ field }) => (
            <Radio.Group label="Termina" value={field.value} onChange={field.onChange}>
              <Stack gap="xs" mt={6}>
                <Radio value="nunca" label="Nunca" />
                <Group gap="sm" wrap="nowrap" align="center">
                  <Radio value="data" label="Em" />
                  <DateField
                    aria-label="Data final"
                    value={draft.ate}
                    onChange={(v) => {
                      form.setValue('ate', v);
                      field.onChange('data');
                    }}
                    size="xs"
                    w={170}
                    error={errors.ate?.message}
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
                    onChange={(v) => {
                      form.setValue('ocorrencias', v ?? 2);
                      field.onChange('ocorrencias');
                    }}
                    error={errors.ocorrencias?.message}
                  />
                  <Text size="sm">ocorrências</Text>
                </Group>
              </Stack>
            </Radio.Group>
          )}
        />
        <RecurrencePreview draft={draft} valid={valid} />
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
