import {
  ASO_RESULT_LABELS,
  ASO_RESULTS,
  ASO_TYPE_LABELS,
  ASO_TYPES,
  asoBody,
  textMaxLength,
  type AsoResult,
  type AsoType,
} from '@eproto/domain';
import { Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAddAso } from '../api/add-aso.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

/** "Registrar ASO" (NR-7): type, date, result (+ restrictions), doctor, CRM, periodicity. */
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
  const [tipo, setTipo] = useState<AsoType>('periodico');
  const [data, setData] = useState<string | null>(null);
  const [resultado, setResultado] = useState<AsoResult>('apto');
  const [restricoes, setRestricoes] = useState('');
  const [medico, setMedico] = useState('');
  const [crm, setCrm] = useState('');
  const [meses, setMeses] = useState(String(periodicity));
  return (
    <FormModal
      opened
      onClose={onClose}
      title="Registrar ASO"
      submitLabel="Registrar"
      disabled={!isValidDate(data) || !medico.trim() || !crm.trim()}
      loading={add.isPending}
      onSubmit={() =>
        add.mutate(
          {
            user_id: userId,
            tipo,
            data: data!,
            resultado,
            restricoes: resultado === 'apto' ? null : restricoes,
            medico: medico.trim(),
            crm: crm.trim(),
            periodicidade_meses: meses === '24' ? 24 : 12,
          },
          { onSuccess: onClose },
        )
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Tipo"
          required
          data={ASO_TYPES.map((t) => ({ value: t, label: ASO_TYPE_LABELS[t] }))}
          value={tipo}
          onChange={(v) => v && setTipo(v)}
          allowDeselect={false}
        />
        <DateField
          label="Data do exame"
          required
          maxDate={dayjs().format('YYYY-MM-DD')}
          value={data}
          onChange={setData}
        />
      </SimpleGrid>
      <Select
        label="Resultado"
        required
        data={ASO_RESULTS.map((r) => ({ value: r, label: ASO_RESULT_LABELS[r] }))}
        value={resultado}
        onChange={(v) => v && setResultado(v)}
        allowDeselect={false}
      />
      {resultado !== 'apto' && (
        <Textarea
          label="Restrições"
          required={resultado === 'apto_restricoes'}
          autosize
          minRows={2}
          maxLength={textMaxLength(asoBody, 'restricoes')}
          value={restricoes}
          onChange={(e) => setRestricoes(e.currentTarget.value)}
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Médico"
          required
          maxLength={textMaxLength(asoBody, 'medico')}
          value={medico}
          onChange={(e) => setMedico(e.currentTarget.value)}
        />
        <TextInput
          label="CRM"
          required
          maxLength={textMaxLength(asoBody, 'crm')}
          placeholder="123456/SP"
          value={crm}
          onChange={(e) => setCrm(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Select
        label="Periodicidade do ASO desta pessoa"
        data={[
          { value: '12', label: '12 meses' },
          { value: '24', label: '24 meses' },
        ]}
        value={meses}
        onChange={(v) => v && setMeses(v)}
        allowDeselect={false}
      />
    </FormModal>
  );
}
