import '@mantine/dates/styles.css';
import '../../../lib/zod-locale.ts';

import { maintenanceFinishBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, NumberInput, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DateInput, DatesProvider } from '@mantine/dates';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

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
      <DatesProvider settings={{ locale: 'pt-br' }}>
        <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Concluir manutenção">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <Controller
                control={form.control}
                name="realizada_data"
                render={({ field }) => (
                  <DateInput
                    label="Data de realização"
                    required
                    valueFormat="DD/MM/YYYY"
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
                  <NumberInput
                    label="Quilometragem"
                    required
                    min={0}
                    thousandSeparator="."
                    decimalSeparator=","
                    allowDecimal={false}
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : undefined)}
                    error={errors.realizada_km?.message}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="custo"
                render={({ field }) => (
                  <NumberInput
                    label="Custo"
                    prefix="R$ "
                    min={0}
                    decimalScale={2}
                    thousandSeparator="."
                    decimalSeparator=","
                    value={field.value ?? ''}
                    onChange={(v) => field.onChange(typeof v === 'number' ? v : null)}
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
      </DatesProvider>
    </Modal>
  );
}
