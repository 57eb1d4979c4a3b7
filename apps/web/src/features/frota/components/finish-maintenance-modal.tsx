import '../../../lib/zod-locale.ts';

import { maintenanceFinishBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DateField } from '../../../components/date-field.tsx';
import { MoneyField, NumberField } from '../../../components/number-field.tsx';
import { useFinishMaintenance } from '../api/finish-maintenance.ts';
import { today } from './fleet-badges.tsx';

type FormIn = z.input<typeof maintenanceFinishBody>;
type FormOut = z.output<typeof maintenanceFinishBody>;

/** Concludes a maintenance with the date, km and cost actually done. */
export function FinishMaintenanceModal({
  vehicleId,
  maintenanceId,
  odometer,
  onClose,
}: {
  vehicleId: number;
  maintenanceId: number | null;
  odometer: number;
  onClose: () => void;
}) {
  const finish = useFinishMaintenance();
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(maintenanceFinishBody) });
  const { errors } = form.formState;

  useEffect(() => {
    if (maintenanceId !== null)
      form.reset({ realizada_data: today(), realizada_km: odometer, custo: null, observacao: '' });
  }, [maintenanceId, odometer, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (maintenanceId === null) return;
    if (await finish.mutateAsync({ vehicleId, id: maintenanceId, ...values }).catch(() => null))
      onClose();
  });

  return (
    <Modal opened={maintenanceId !== null} onClose={onClose} title="Concluir manutenção">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Concluir manutenção">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="realizada_data"
              render={({ field }) => (
                <DateField
                  label="Data de realização"
                  required
                  maxDate={today()}
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.realizada_data?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="realizada_km"
              render={({ field }) => (
                <NumberField
                  label="Quilometragem"
                  required
                  min={0}
                  decimals={0}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.realizada_km?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="custo"
              render={({ field }) => (
                <MoneyField
                  label="Custo"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.custo?.message}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            {...form.register('observacao')}
            label="Observação"
            autosize
            minRows={2}
            error={errors.observacao?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={finish.isPending}>
              Concluir
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
