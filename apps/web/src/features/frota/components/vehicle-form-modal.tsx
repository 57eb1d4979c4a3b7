import '../../../lib/zod-locale.ts';

import type { Vehicle } from '@eproto/domain';
import {
  formatPlate,
  vehicleBody,
  VEHICLE_CNH_CATEGORIES,
  VEHICLE_STATUS_LABELS,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid } from '@mantine/core';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField, FormSelect } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { useCreateVehicle } from '../api/create-vehicle.ts';
import { useUpdateVehicle } from '../api/update-vehicle.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

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
  categoria_cnh: null,
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
    categoria_cnh: v.categoria_cnh,
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
  const { control } = form;
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
    <FormModal
      opened={opened}
      onClose={onClose}
      title={vehicle ? `Editar ${formatPlate(vehicle.placa)}` : 'Novo veículo'}
      size="lg"
      label={vehicle ? 'Editar veículo' : 'Novo veículo'}
      onSubmit={onSubmit}
      submitLabel={vehicle ? 'Salvar' : 'Cadastrar'}
      loading={create.isPending || update.isPending}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          {...form.register('placa')}
          maxLength={textMaxLength(vehicleBody, 'placa')}
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
          maxLength={textMaxLength(vehicleBody, 'renavam')}
          label="RENAVAM"
          placeholder="11 dígitos"
          inputMode="numeric"
          error={errors.renavam?.message}
        />
        <TextInput
          {...form.register('marca')}
          maxLength={textMaxLength(vehicleBody, 'marca')}
          label="Marca"
          required
          error={errors.marca?.message}
        />
        <TextInput
          {...form.register('modelo')}
          maxLength={textMaxLength(vehicleBody, 'modelo')}
          label="Modelo"
          required
          error={errors.modelo?.message}
        />
        <FormNumberField
          control={control}
          name="ano"
          label="Ano"
          required
          min={1950}
          max={2100}
          decimals={0}
          grouping={false}
        />
        <FormNumberField
          control={control}
          name="odometro_km"
          label="Odômetro (km)"
          required
          min={0}
          decimals={0}
        />
        <FormDateField
          control={control}
          name="licenciamento_vencimento"
          label="Vencimento do licenciamento"
          clearable
        />
        <FormDateField
          control={control}
          name="seguro_vencimento"
          label="Vencimento do seguro"
          clearable
        />
        <FormSelect
          control={control}
          name="status"
          label="Status"
          disabled={inUse}
          description={inUse ? 'Em uso: faça o check-in para mudar' : undefined}
          data={(['disponivel', 'manutencao', 'inativo'] as const).map((s) => ({
            value: s,
            label: VEHICLE_STATUS_LABELS[s],
          }))}
          allowDeselect={false}
        />
        <FormSelect
          control={control}
          name="categoria_cnh"
          label="Categoria CNH exigida"
          description="O check-out recusa condutor sem esta categoria."
          clearable
          data={[...VEHICLE_CNH_CATEGORIES]}
        />
      </SimpleGrid>
      <Textarea
        {...form.register('observacoes')}
        maxLength={textMaxLength(vehicleBody, 'observacoes')}
        label="Observações"
        autosize
        minRows={2}
        maxRows={5}
        error={errors.observacoes?.message}
      />
    </FormModal>
  );
}
