import '../../../lib/zod-locale.ts';

import { FUEL_TYPE_LABELS, FUEL_TYPES, fuelBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DateField } from '../../../components/date-field.tsx';
import { MoneyField, NumberField } from '../../../components/number-field.tsx';
import { useAddFuel } from '../api/add-fuel.ts';
import { today } from './fleet-badges.tsx';

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
  const { errors } = form.formState;

  useEffect(() => {
    if (opened)
      form.reset({
        data: today(),
        combustivel: 'diesel',
        litros: undefined,
        valor_total: undefined,
        km: odometer,
        posto: '',
      });
  }, [opened, odometer, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await add.mutateAsync({ vehicleId, ...values }).catch(() => null)) onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Abastecimento">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Novo abastecimento">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="data"
              render={({ field }) => (
                <DateField
                  label="Data"
                  required
                  maxDate={today()}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.data?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="combustivel"
              render={({ field }) => (
                <Select
                  label="Combustível"
                  data={FUEL_TYPES.map((f) => ({ value: f, label: FUEL_TYPE_LABELS[f] }))}
                  value={field.value}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="litros"
              render={({ field }) => (
                <NumberField
                  label="Litros"
                  required
                  min={0}
                  decimals={2}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.litros?.message}
                  data-autofocus
                />
              )}
            />
            <Controller
              control={form.control}
              name="valor_total"
              render={({ field }) => (
                <MoneyField
                  label="Valor total"
                  required
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.valor_total?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="km"
              render={({ field }) => (
                <NumberField
                  label="Quilometragem"
                  required
                  min={0}
                  decimals={0}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.km?.message}
                />
              )}
            />
            <TextInput {...form.register('posto')} label="Posto" error={errors.posto?.message} />
          </SimpleGrid>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={add.isPending}>
              Salvar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
