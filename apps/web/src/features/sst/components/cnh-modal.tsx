import { CNH_CATEGORIES, type Cnh, type CnhCategory } from '@eproto/domain';
import { Checkbox, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useSaveCnh } from '../api/save-cnh.ts';
import { TextInput } from '../../../components/text-fields.tsx';

/** CNH of a worker: number, category, validity, EAR, toxicological exam (C/D/E). */
export function CnhModal({
  userId,
  cnh,
  onClose,
}: {
  userId: number;
  cnh: Cnh | null;
  onClose: () => void;
}) {
  const save = useSaveCnh();
  const [numero, setNumero] = useState(cnh?.numero ?? '');
  const [categoria, setCategoria] = useState<CnhCategory>(cnh?.categoria ?? 'B');
  const [validade, setValidade] = useState<string | null>(cnh?.validade ?? null);
  const [ear, setEar] = useState(cnh?.ear ?? false);
  const [tox, setTox] = useState<string | null>(cnh?.toxicologico_data ?? null);
  return (
    <FormModal
      opened
      onClose={onClose}
      title="CNH"
      submitLabel="Salvar"
      disabled={numero.length !== 11 || !isValidDate(validade)}
      loading={save.isPending}
      onSubmit={() =>
        save.mutate(
          {
            userId,
            body: {
              numero,
              categoria,
              validade: validade!,
              ear,
              toxicologico_data: isValidDate(tox) ? tox : null,
            },
          },
          { onSuccess: onClose },
        )
      }
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Número (registro)"
          required
          inputMode="numeric"
          maxLength={11}
          value={numero}
          onChange={(e) => setNumero(e.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label="Categoria"
          required
          data={[...CNH_CATEGORIES]}
          value={categoria}
          onChange={(v) => v && setCategoria(v)}
          allowDeselect={false}
        />
        <DateField label="Validade" required value={validade} onChange={setValidade} />
        <DateField label="Exame toxicológico (C, D, E)" clearable value={tox} onChange={setTox} />
      </SimpleGrid>
      <Checkbox
        label="Exerce atividade remunerada (EAR)"
        checked={ear}
        onChange={(e) => setEar(e.currentTarget.checked)}
      />
    </FormModal>
  );
}
