import '../../../lib/zod-locale.ts';

import type { Vehicle } from '@eproto/domain';
import { formatPlate, vehicleBody, VEHICLE_STATUS_LABELS } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

import { DateField } from '../../../components/date-field.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { useCreateVehicle } from '../api/create-vehicle.ts';
import { useUpdateVehicle } from '../api/update-vehicle.ts';

type FormIn = z.input<typeof vehicleBody>;
type FormOut = z.output<typeof vehicleBody>;

const EMPTY: FormIn = {
  placa: '',
  marca: '',
  modelo: '',
  ano: new Date().getFullYear(),
  renavam: '',
  odometro_km: 0,
  status: 'disponivel',
  licenciamento_vencimento: null,
  seguro_vencimento: null,
  observacoes: '',
};

function fromVehicle(v: Vehicle): FormIn {
  return {
    placa: v.placa_formatada,
    marca: v.marca,
    modelo: v.modelo,
    ano: v.ano,
    renavam: v.renavam ?? '',
    odometro_km: v.odometro_km,
    status: v.status === 'em_uso' ? 'disponivel' : v.status,
    licenciamento_vencimento: v.licenciamento_vencimento,
    seguro_vencimento: v.seguro_vencimento,
    observacoes: v.observacoes ?? '',
  };
}

/** Registers a vehicle or edits one (plate in the old or Mercosul format). */
export function VehicleFormModal({
  opened,
  onClose,
  vehicle,
  onSaved,
}: {
  opened: boolean;
  onClose: () => void;
  vehicle?: Vehicle;
  onSaved?: (id: number) => void;
}) {
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(vehicleBody),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const inUse = vehicle?.status === 'em_uso';

  useEffect(() => {
    if (opened) form.reset(vehicle ? fromVehicle(vehicle) : EMPTY);
  }, [opened, vehicle, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const { status, ...rest } = values;
    const body = inUse ? rest : { ...rest, status };
    const saved = vehicle
      ? await update.mutateAsync({ id: vehicle.id, ...body }).catch(() => null)
      : await create.mutateAsync(values).catch(() => null);
    if (!saved) return;
    onSaved?.(saved.vehicle.id);
    onClose();
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={vehicle ? `Editar ${formatPlate(vehicle.placa)}` : 'Novo veículo'}
      size="lg"
    >
      <form
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        aria-label={vehicle ? 'Editar veículo' : 'Novo veículo'}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              {...form.register('placa')}
              label="Placa"
              placeholder="ABC-1234 ou ABC1D23"
              description="Formato antigo ou Mercosul"
              required
              error={errors.placa?.message}
              data-autofocus
              styles={{ input: { textTransform: 'uppercase', fontFamily: 'monospace' } }}
            />
            <TextInput
              {...form.register('renavam')}
              label="RENAVAM"
              placeholder="11 dígitos"
              inputMode="numeric"
              error={errors.renavam?.message}
            />
            <TextInput
              {...form.register('marca')}
              label="Marca"
              required
              error={errors.marca?.message}
            />
            <TextInput
              {...form.register('modelo')}
              label="Modelo"
              required
              error={errors.modelo?.message}
            />
            <Controller
              control={form.control}
              name="ano"
              render={({ field }) => (
                <NumberField
                  label="Ano"
                  required
                  min={1950}
                  max={2100}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.ano?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="odometro_km"
              render={({ field }) => (
                <NumberField
                  label="Odômetro (km)"
                  required
                  min={0}
                  decimals={0}
                  value={field.value}
                  onChange={field.onChange}
                  error={errors.odometro_km?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="licenciamento_vencimento"
              render={({ field }) => (
                <DateField
                  label="Vencimento do licenciamento"
                  clearable
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.licenciamento_vencimento?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="seguro_vencimento"
              render={({ field }) => (
                <DateField
                  label="Vencimento do seguro"
                  clearable
                  value={field.value ?? null}
                  onChange={field.onChange}
                  error={errors.seguro_vencimento?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  disabled={inUse}
                  description={inUse ? 'Em uso: faça o check-in para mudar' : undefined}
                  data={(['disponivel', 'manutencao', 'inativo'] as const).map((s) => ({
                    value: s,
                    label: VEHICLE_STATUS_LABELS[s],
                  }))}
                  value={field.value ?? 'disponivel'}
                  onChange={(v) => v && field.onChange(v)}
                  allowDeselect={false}
                />
              )}
            />
          </SimpleGrid>
          <Textarea
            {...form.register('observacoes')}
            label="Observações"
            autosize
            minRows={2}
            maxRows={5}
            error={errors.observacoes?.message}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {vehicle ? 'Salvar' : 'Cadastrar'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
