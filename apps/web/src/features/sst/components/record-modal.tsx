import '../../../lib/zod-locale.ts';

import { textMaxLength, trainingRecordBody } from '@eproto/domain';
import { FileInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAddRecord } from '../api/add-record.ts';
import { useTrainings } from '../api/get-trainings.ts';

type FormIn = z.input<typeof trainingRecordBody>;
type FormOut = z.output<typeof trainingRecordBody>;

/**
 * "Registrar treinamento": training, date (not in the future), hours, instructor, checked by the
 * domain's trainingRecordBody (its messages under the fields, nothing sent while one is wrong),
 * and the certificate file sent beside it.
 */
export function RecordModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const trainings = useTrainings();
  const add = useAddRecord();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(trainingRecordBody),
    defaultValues: { user_id: userId, instrutor: '' },
    // the first field is a searchable select: focused, its list would cover the messages
    shouldFocusError: false,
  });
  const { control } = form;

  const submit = form.handleSubmit((body) => add.mutate({ body, file }, { onSuccess: onClose }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title="Registrar treinamento"
      submitLabel="Registrar"
      loading={add.isPending}
      onSubmit={submit}
    >
      <FormSelect
        control={control}
        name="training_id"
        numeric
        label="Treinamento"
        required
        searchable
        data={(trainings.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.codigo} — ${t.nome} (${t.validade_meses} meses)`,
        }))}
      />
      <FormDateField
        control={control}
        name="data"
        label="Data de conclusão"
        required
        maxDate={dayjs().format('YYYY-MM-DD')}
      />
      <FormNumberField
        control={control}
        name="carga_horaria"
        label="Carga horária (horas)"
        required
        decimals={1}
        min={0.5}
      />
      <TextInput
        label="Instrutor ou entidade"
        required
        maxLength={textMaxLength(trainingRecordBody, 'instrutor')}
        {...form.register('instrutor')}
        error={form.formState.errors.instrutor?.message}
      />
      <FileInput
        label="Certificado (PDF ou imagem)"
        clearable
        accept="application/pdf,image/*"
        value={file}
        onChange={setFile}
      />
    </FormModal>
  );
}
