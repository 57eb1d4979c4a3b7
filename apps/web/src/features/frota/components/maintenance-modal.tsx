import '../../../lib/zod-locale.ts';

import { MAINTENANCE_TYPE_LABELS, MAINTENANCE_TYPES, maintenanceBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DateField } from '../../../components/date-field.tsx';
import { MoneyField, NumberField } from '../../../components/number-field.tsx';
import { useAddMaintenance } from '../api/add-maintenance.ts';

type FormIn = z.input<typeof maintenanceBody>;
type FormOut = z.output<typeof maintenanceBody>;
const EMPTY: FormIn = {
  tipo: 'preventiva',
  descricao: '',
  prevista_data: null,
  prevista_km: null,
  fornecedor: '',
  custo: null,
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
  const { errors } = form.formState;
  const tipo = form.watch('tipo');

  useEffect(() => {
    if (opened) form.reset(EMPTY);
  }, [opened, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (await add.mutateAsync({ vehicleId, ...values }).catch(() => null)) onClose();
  });

  return (
    <Modal opened={opened} onClose={onClose} title="Manutenção" size="lg">
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Nova manutenção">
        <Stack gap="sm">
          <Controller
            control={form.control}
            name="tipo"
            render={({ field }) => (
              <SegmentedControl
                aria-label="Tipo de manutenção"
                data={MAINTENANCE_TYPES.map((t) => ({
                  value: t,
                  label: MAINTENANCE_TYPE_LABELS[t],
                }))}
                value={field.value}
                onChange={field.onChange}
              />
            )}
          />
          <Textarea
            {...form.register('descricao')}
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
              Informe a data prevista, a quilometragem prevista ou as duas: o alerta vem pelo que
              chegar primeiro.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Controller
              control={form.control}
              name="prevista_data"
              render={({ field }) => (
                <DateField
                  label="Data prevista"
                  clearable
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.prevista_data?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="prevista_km"
              render={({ field }) => (
                <NumberField
                  label="Quilometragem prevista"
                  min={0}
                  decimals={0}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.prevista_km?.message}
                />
              )}
            />
            <TextInput
              {...form.register('fornecedor')}
              label="Fornecedor / oficina"
              error={errors.fornecedor?.message}
            />
            <Controller
              control={form.control}
              name="custo"
              render={({ field }) => (
                <MoneyField
                  label="Custo estimado"
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.custo?.message}
                />
              )}
            />
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
