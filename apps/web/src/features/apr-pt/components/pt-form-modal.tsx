import '@mantine/dates/styles.css';
import '../../../lib/zod-locale.ts';

import {
  PT_TYPE_LABELS,
  PT_TYPES,
  type Apr,
  type Pt,
  type PtType,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

import { isValidDate } from '../../../components/date-field.tsx';
import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAprs } from '../api/get-aprs.ts';
import { useSavePt } from '../api/save-pt.ts';
import { toInstant } from '../utils/shift.ts';
import { Textarea } from '../../../components/text-fields.tsx';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What the form holds: one day and two times (a PT is valid for one shift). */
const ptForm = z
  .object({
    tipo: z.enum(PT_TYPES, { error: 'Escolha o tipo de PT.' }),
    apr_id: z.number({ error: 'Escolha a APR.' }).int().positive('Escolha a APR.'),
    data: z
      .string({ error: 'Informe a data do turno.' })
      .refine(isValidDate, 'Informe a data do turno.'),
    hora_inicio: z.string().regex(TIME, 'Informe a hora de início (hh:mm).'),
    hora_fim: z.string().regex(TIME, 'Informe a hora de fim (hh:mm).'),
    medidas: z
      .string()
      .refine(
        (v) => v.split('\n').some((l) => l.trim().length >= 3),
        'Informe pelo menos uma medida de segurança.',
      ),
    observacoes: z.string().max(1000, 'Observações: máximo de 1000 caracteres.'),
  })
  .refine(
    (v) => !TIME.test(v.hora_inicio) || !TIME.test(v.hora_fim) || v.hora_fim > v.hora_inicio,
    {
      message: 'O fim do turno deve ser depois do início.',
      path: ['hora_fim'],
    },
  );
type Values = z.input<typeof ptForm>;

function initial(pt: Pt | null, apr: Apr | null): Partial<Values> {
  if (pt) {
    return {
      tipo: pt.tipo,
      apr_id: pt.apr.id,
      data: dayjs(pt.inicio).format('YYYY-MM-DD'),
      hora_inicio: dayjs(pt.inicio).format('HH:mm'),
      hora_fim: dayjs(pt.fim).format('HH:mm'),
      medidas: pt.medidas.join('\n'),
      observacoes: pt.observacoes ?? '',
    };
  }
  return {
    apr_id: apr?.id,
    data: dayjs().format('YYYY-MM-DD'),
    hora_inicio: '07:00',
    hora_fim: '17:00',
    medidas: '',
    observacoes: '',
  };
}

/** "Emitir PT" / "Editar PT": kind, APR, the shift (one day), measures and notes. */
export function PtFormModal({
  pt,
  apr,
  onClose,
}: {
  pt: Pt | null;
  apr: Apr | null;
  onClose: () => void;
}) {
  const save = useSavePt();
  const aprs = useAprs({});
  const form = useForm<Values, unknown, z.output<typeof ptForm>>({
    resolver: zodResolver(ptForm),
    defaultValues: initial(pt, apr),
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(async (v) => {
    await save.mutateAsync({
      id: pt?.id ?? null,
      body: {
        tipo: v.tipo,
        apr_id: v.apr_id,
        inicio: toInstant(v.data, v.hora_inicio)!,
        fim: toInstant(v.data, v.hora_fim)!,
        medidas: v.medidas
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean),
        pessoas: pt?.equipe.map((p) => p.id) ?? [],
        observacoes: v.observacoes.trim() || null,
      },
    });
    onClose();
  });
  const aprOptions = (aprs.data?.items ?? [])
    .filter((a) => a.status !== 'rascunho')
    .map((a) => ({
      value: String(a.id),
      label: `APR nº ${a.id} — ${a.atividade}${a.os ? ` (${a.os.codigo})` : ''}`,
    }));
  if (apr && !aprOptions.some((o) => o.value === String(apr.id)))
    aprOptions.unshift({ value: String(apr.id), label: `APR nº ${apr.id} — ${apr.atividade}` });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={pt ? `Editar PT nº ${pt.id}` : 'Emitir permissão de trabalho'}
      label={pt ? 'Editar PT' : 'Emitir PT'}
      onSubmit={onSubmit}
      submitLabel={pt ? 'Salvar' : 'Emitir PT'}
      loading={save.isPending}
    >
      <FormSelect
        control={form.control}
        name="tipo"
        label="Tipo de trabalho"
        required
        allowDeselect={false}
        data={PT_TYPES.map((t: PtType) => ({ value: t, label: PT_TYPE_LABELS[t] }))}
        error={errors.tipo?.message}
      />
      <FormSelect
        control={form.control}
        name="apr_id"
        numeric
        label="APR vinculada"
        required
        searchable
        data={aprOptions}
        nothingFoundMessage="Nenhuma APR enviada para assinatura"
        error={errors.apr_id?.message}
      />
      <FormDateField
        control={form.control}
        name="data"
        label="Dia do turno"
        required
        emptyValue=""
        error={errors.data?.message}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TimeInput
          {...form.register('hora_inicio')}
          label="Início do turno"
          required
          error={errors.hora_inicio?.message}
        />
        <TimeInput
          {...form.register('hora_fim')}
          label="Fim do turno"
          required
          error={errors.hora_fim?.message}
        />
      </SimpleGrid>
      <Textarea
        {...form.register('medidas')}
        maxLength={textMaxLength(ptForm, 'medidas')}
        label="Medidas de segurança"
        description="Uma por linha."
        required
        autosize
        minRows={3}
        placeholder={'Linha de vida instalada e inspecionada\nÁrea isolada e sinalizada'}
        error={errors.medidas?.message}
      />
      <Textarea
        {...form.register('observacoes')}
        maxLength={textMaxLength(ptForm, 'observacoes')}
        label="Observações"
        autosize
        minRows={2}
        error={errors.observacoes?.message}
      />
    </FormModal>
  );
}
