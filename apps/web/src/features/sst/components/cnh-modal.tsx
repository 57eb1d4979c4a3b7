import '../../../lib/zod-locale.ts';

import { CNH_CATEGORIES, cnhBody, textMaxLength, type Cnh } from '@eproto/domain';
import { Checkbox, SimpleGrid } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { TextInput } from '../../../components/text-fields.tsx';
import { useSaveCnh } from '../api/save-cnh.ts';

type FormIn = z.input<typeof cnhBody>;
type FormOut = z.output<typeof cnhBody>;

/**
 * CNH of a worker: number, category, validity, EAR, toxicological exam (C/D/E), checked by the
 * domain's cnhBody (its messages under the fields, nothing saved while one is wrong).
 */
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
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(cnhBody),
    defaultValues: {
      numero: cnh?.numero ?? '',
      categoria: cnh?.categoria ?? 'B',
      validade: cnh?.validade,
      ear: cnh?.ear ?? false,
      toxicologico_data: cnh?.toxicologico_data ?? null,
    },
  });
  const { control, formState } = form;
  const numero = form.register('numero');

  const submit = form.handleSubmit((body) => save.mutate({ userId, body }, { onSuccess: onClose }));

  return (
    <FormModal
      opened
      onClose={onClose}
      title="CNH"
      submitLabel="Salvar"
      loading={save.isPending}
      onSubmit={submit}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Número (registro)"
          required
          inputMode="numeric"
          maxLength={textMaxLength(cnhBody, 'numero')}
          {...numero}
          // digits only, as printed on the card: a dot or dash typed is dropped at once
          onChange={(e) => {
            e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '');
            return numero.onChange(e);
          }}
          error={formState.errors.numero?.message}
        />
        <FormSelect
          control={control}
          name="categoria"
          label="Categoria"
          required
          data={[...CNH_CATEGORIES]}
          allowDeselect={false}
        />
        <FormDateField control={control} name="validade" label="Validade" required />
        <FormDateField
          control={control}
          name="toxicologico_data"
          label="Exame toxicológico (C, D, E)"
          clearable
        />
      </SimpleGrid>
      <Checkbox label="Exerce atividade remunerada (EAR)" {...form.register('ear')} />
    </FormModal>
  );
}
