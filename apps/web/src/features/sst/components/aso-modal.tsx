import '../../../lib/zod-locale.ts';

import {
  ASO_RESULT_LABELS,
  ASO_RESULTS,
  ASO_TYPE_LABELS,
  ASO_TYPES,
  asoBody,
  textMaxLength,
} from '@eproto/domain';
import { SimpleGrid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAddAso } from '../api/add-aso.ts';

type FormIn = z.input<typeof asoBody>;
type FormOut = z.output<typeof asoBody>;

/** An "Apto" ASO has no restrictions: what was typed before choosing it is neither checked nor sent. */
const resolver: Resolver<FormIn, unknown, FormOut> = (values, ctx, opts) =>
  zodResolver(asoBody)(
    values.resultado === 'apto' ? { ...values, restricoes: null } : values,
    ctx,
    opts,
  );

/**
 * "Registrar ASO" (NR-7): type, date, result (+ restrictions), doctor, CRM, periodicity, checked
 * by the domain's asoBody (its messages under the fields, nothing sent while one is wrong).
 */
export function AsoModal({
  userId,
  periodicity,
  onClose,
}: {
  userId: number;
  periodicity: number;
  onClose: () => void;
}) {
  const add = useAddAso();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
    defaultValues: {
      user_id: userId,
      tipo: 'periodico',
      resultado: 'apto',
      restricoes: '',
      medico: '',
      crm: '',
      periodicidade_meses: periodicity === 24 ? 24 : 12,
    },
  });
  const { control, formState } = form;
  const resultado = useWatch({ control, name: 'resultado' });
  const errors = formState.errors;

  const submit = form.handleSubmit((body) => add.mutate(body, { onSuccess: onClose }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Registrar ASO"
      submitLabel="Registrar"
      loading={add.isPending}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name="tipo"
          label="Tipo"
          required
          data={ASO_TYPES.map((t) => ({ value: t, label: ASO_TYPE_LABELS[t] }))}
          allowDeselect={false}
        />
        <FormDateField
          control={control}
          name="data"
          label="Data do exame"
          required
          maxDate={dayjs().format('YYYY-MM-DD')}
        />
      </SimpleGrid>
      <FormSelect
        control={control}
        name="resultado"
        label="Resultado"
        required
        data={ASO_RESULTS.map((r) => ({ value: r, label: ASO_RESULT_LABELS[r] }))}
        allowDeselect={false}
      />
      {resultado !== 'apto' && (
        <Textarea
          label="Restrições"
          required={resultado === 'apto_restricoes'}
          autosize
          minRows={2}
          maxLength={textMaxLength(asoBody, 'restricoes')}
          {...form.register('restricoes')}
          error={errors.restricoes?.message}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Médico"
          required
          maxLength={textMaxLength(asoBody, 'medico')}
          {...form.register('medico')}
          error={errors.medico?.message}
        />
        <TextInput
          label="CRM"
          required
          maxLength={textMaxLength(asoBody, 'crm')}
          placeholder="123456/SP"
          {...form.register('crm')}
          error={errors.crm?.message}
        />
      </SimpleGrid>
      <FormSelect
        control={control}
        name="periodicidade_meses"
        numeric
        label="Periodicidade do ASO desta pessoa"
        data={[
          { value: '12', label: '12 meses' },
          { value: '24', label: '24 meses' },
        ]}
        allowDeselect={false}
      />
    </FormModal>
  );
}
