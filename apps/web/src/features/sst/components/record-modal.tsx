import { textMaxLength, trainingRecordBody } from '@eproto/domain';
import { FileInput, Select } from '@mantine/core';
import { useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAddRecord } from '../api/add-record.ts';
import { useTrainings } from '../api/get-trainings.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** "Registrar treinamento": training, date (not in the future), hours, instructor, certificate. */
export function RecordModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const trainings = useTrainings();
  const add = useAddRecord();
  const [training, setTraining] = useState<string | null>(null);
  const [data, setData] = useState<string | null>(null);
  const [horas, setHoras] = useState<number | null>(null);
  const [instrutor, setInstrutor] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const ok = training && isValidDate(data) && horas && instrutor.trim().length >= 2;
  return (
    <FormModal
      opened
      onClose={onClose}
      title="Registrar treinamento"
      submitLabel="Registrar"
      disabled={!ok}
      loading={add.isPending}
      onSubmit={() =>
        add.mutate(
          {
            body: {
              user_id: userId,
              training_id: Number(training),
              data: data!,
              carga_horaria: horas!,
              instrutor: instrutor.trim(),
            },
            file,
          },
          { onSuccess: onClose },
        )
      }
    >
      <Select
        label="Treinamento"
        required
        searchable
        data={(trainings.data ?? []).map((t) => ({
          value: String(t.id),
          label: `${t.codigo} — ${t.nome} (${t.validade_meses} meses)`,
        }))}
        value={training}
        onChange={setTraining}
      />
      <DateField
        label="Data de conclusão"
        required
        maxDate={dayjs().format('YYYY-MM-DD')}
        value={data}
        onChange={setData}
      />
      <NumberField
        label="Carga horária (horas)"
        required
        decimals={1}
        min={0.5}
        value={horas}
        onChange={setHoras}
      />
      <TextInput
        label="Instrutor ou entidade"
        required
        maxLength={textMaxLength(trainingRecordBody, 'instrutor')}
        value={instrutor}
        onChange={(e) => setInstrutor(e.currentTarget.value)}
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
