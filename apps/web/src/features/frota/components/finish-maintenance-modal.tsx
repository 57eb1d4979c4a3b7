import '../../../lib/zod-locale.ts';

import { maintenanceFinishBody, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import {
  FormDateField,
  FormMoneyField,
  FormNumberField,
} from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useFinishMaintenance } from '../api/finish-maintenance.ts';
import { today } from './fleet-badges.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

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
  const { control } = form;
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
    <FormModal
      opened={maintenanceId !== null}
      onClose={onClose}
      title="Concluir manutenção"
      label="Concluir manutenção"
      onSubmit={onSubmit}
      submitLabel="Concluir"
      loading={finish.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <FormDateField
          control={control}
          name="realizada_data"
          label="Data de realização"
          required
          maxDate={today()}
        />
        <FormNumberField
          control={control}
          name="realizada_km"
          label="Quilometragem"
          required
          min={0}
          decimals={0}
        />
        <FormMoneyField control={control} name="custo" label="Custo" />
      </SimpleGrid>
      <Textarea
        {...form.register('observacao')}
        maxLength={textMaxLength(maintenanceFinishBody, 'observacao')}
        label="Observação"
        autosize
        minRows={2}
        error={errors.observacao?.message}
      />
    </FormModal>
  );
}
