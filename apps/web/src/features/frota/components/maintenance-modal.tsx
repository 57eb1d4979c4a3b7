import '../../../lib/zod-locale.ts';

import {
  MAINTENANCE_TYPE_LABELS,
  MAINTENANCE_TYPES,
  maintenanceBody,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SegmentedControl, SimpleGrid, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  FormDateField,
  FormMoneyField,
  FormNumberField,
} from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useAddMaintenance } from '../api/add-maintenance.ts';
import { CostContractField } from './cost-contract-field.tsx';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof maintenanceBody>;
type FormOut = z.output<typeof maintenanceBody>;
const EMPTY: FormIn = {
  tipo: 'preventiva',
  descricao: '',
  prevista_data: null,
  prevista_km: null,
  fornecedor: '',
  custo: null,
  contract_id: null,
};

/** Schedules a preventive (by date and/or km) or records a corrective maintenance. */
export function MaintenanceModal({
  vehicleId,
  opened,
  onClose,
}: {
  vehicleId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddMaintenance();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(maintenanceBody),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const { errors } = form.formState;
  const tipo = form.watch('tipo');

  useEffect(() => {
    if (opened) form.reset(EMPTY);
  }, [opened, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await add.mutateAsync({ vehicleId, ...values }).catch(() => null)) onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Manutenção"
      size="lg"
      label="Nova manutenção"
      onSubmit={onSubmit}
      submitLabel="Salvar"
      loading={add.isPending}
    >
      <SegmentedControl
        aria-label="Tipo de manutenção"
        data={MAINTENANCE_TYPES.map((t) => ({ value: t, label: MAINTENANCE_TYPE_LABELS[t] }))}
        value={tipo}
        onChange={(v) => form.setValue('tipo', v)}
      />
      <Textarea
        {...form.register('descricao')}
        maxLength={textMaxLength(maintenanceBody, 'descricao')}
        label="Descrição"
        placeholder="Ex.: Troca de óleo e filtros"
        required
        autosize
        minRows={2}
        error={errors.descricao?.message}
        data-autofocus
      />
      {tipo === 'preventiva' && (
        <Text size="xs" c="dimmed">
          Informe a data prevista, a quilometragem prevista ou as duas: o alerta vem pelo que chegar
          primeiro.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormDateField control={control} name="prevista_data" label="Data prevista" clearable />
        <FormNumberField
          control={control}
          name="prevista_km"
          label="Quilometragem prevista"
          min={0}
          decimals={0}
        />
        <TextInput
          {...form.register('fornecedor')}
          maxLength={textMaxLength(maintenanceBody, 'fornecedor')}
          label="Fornecedor / oficina"
          error={errors.fornecedor?.message}
        />
        <FormMoneyField control={control} name="custo" label="Custo estimado" />
      </SimpleGrid>
      <CostContractField control={control} name="contract_id" opened={opened} />
    </FormModal>
  );
}
