import '../../../lib/zod-locale.ts';

import { FUEL_TYPE_LABELS, FUEL_TYPES, fuelBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  FormDateField,
  FormMoneyField,
  FormNumberField,
  FormSelect,
} from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useAddFuel } from '../api/add-fuel.ts';
import { CostContractField } from './cost-contract-field.tsx';
import { today } from './fleet-badges.tsx';
import { TextInput } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof fuelBody>;
type FormOut = z.output<typeof fuelBody>;

/** Records a fuel stop (date, fuel, liters, total, km, station). */
export function FuelModal({
  vehicleId,
  odometer,
  opened,
  onClose,
}: {
  vehicleId: number;
  odometer: number;
  opened: boolean;
  onClose: () => void;
}) {
  const add = useAddFuel();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(fuelBody) });
  const { control } = form;

  useEffect(() => {
    if (opened)
      form.reset({
        data: today(),
        combustivel: 'diesel',
        litros: undefined,
        valor_total: undefined,
        km: odometer,
        posto: '',
        contract_id: null,
      });
  }, [opened, odometer, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await add.mutateAsync({ vehicleId, ...values }).catch(() => null)) onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Abastecimento"
      label="Novo abastecimento"
      onSubmit={onSubmit}
      submitLabel="Salvar"
      loading={add.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormDateField control={control} name="data" label="Data" required maxDate={today()} />
        <FormSelect
          control={control}
          name="combustivel"
          label="Combustível"
          data={FUEL_TYPES.map((f) => ({ value: f, label: FUEL_TYPE_LABELS[f] }))}
          allowDeselect={false}
        />
        <FormNumberField
          control={control}
          name="litros"
          label="Litros"
          required
          min={0}
          decimals={2}
          data-autofocus
        />
        <FormMoneyField control={control} name="valor_total" label="Valor total" required />
        <FormNumberField
          control={control}
          name="km"
          label="Quilometragem"
          required
          min={0}
          decimals={0}
        />
        <TextInput
          {...form.register('posto')}
          maxLength={textMaxLength(fuelBody, 'posto')}
          label="Posto"
          error={form.formState.errors.posto?.message}
        />
      </SimpleGrid>
      <CostContractField control={control} name="contract_id" opened={opened} />
    </FormModal>
  );
}
