import '../../../lib/zod-locale.ts';

import {
  checkinBody,
  checkoutBody,
  formatPlate,
  KM_JUMP_WARN,
  textMaxLength,
} from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Checkbox, Select, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { useCheckinVehicle } from '../api/checkin-vehicle.ts';
import { useCheckoutVehicle } from '../api/checkout-vehicle.ts';
import { usePeopleOptions } from '../../../components/pickers/people.ts';
import { formatKm } from '../utils/format.ts';
import { TextInput, Textarea } from '../../../components/text-fields.tsx';

interface Props {
  vehicle: { id: number; placa: string; odometro_km: number };
  mode: 'checkout' | 'checkin' | null;
  onClose: () => void;
}

type OutIn = z.input<typeof checkoutBody>;
type OutOut = z.output<typeof checkoutBody>;
type BackIn = z.input<typeof checkinBody>;
type BackOut = z.output<typeof checkinBody>;

/** Check-out to a driver (km at departure) or check-in (km at return). */
export function CheckoutModal({ vehicle, mode, onClose }: Props) {
  const people = usePeopleOptions();
  const checkout = useCheckoutVehicle();
  const checkin = useCheckinVehicle();
  const out = useForm<OutIn, unknown, OutOut>({ resolver: zodResolver(checkoutBody) });
  const back = useForm<BackIn, unknown, BackOut>({ resolver: zodResolver(checkinBody) });

  useEffect(() => {
    if (mode === 'checkout')
      out.reset({ condutor_id: undefined, km_saida: vehicle.odometro_km, destino: '' });
    if (mode === 'checkin')
      back.reset({ km_retorno: vehicle.odometro_km, observacao: '', confirmar_km_alto: false });
  }, [mode, vehicle.odometro_km, out, back]);

  // A refusal about a field (an expired CNH names the driver) shows under that field too.
  const submitOut = out.handleSubmit(async (v) => {
    const done = await checkout.mutateAsync({ vehicleId: vehicle.id, ...v }).catch((e: Error) => {
      const field = refusedField(e, ['condutor_id', 'km_saida', 'destino'] as const);
      if (field) out.setError(field, { type: 'server', message: e.message });
      return null;
    });
    if (done) onClose();
  });
  // The odometer is the check-out km while the vehicle is out.
  const kmBack = useWatch({ control: back.control, name: 'km_retorno' });
  const trip = typeof kmBack === 'number' ? kmBack - vehicle.odometro_km : 0;
  const jump = trip > KM_JUMP_WARN;
  const submitBack = back.handleSubmit(async (v) => {
    if (jump && !v.confirmar_km_alto) {
      back.setError('confirmar_km_alto', {
        message: 'Confira o km ou confirme que está certo.',
      });
      return;
    }
    const done = await checkin.mutateAsync({ vehicleId: vehicle.id, ...v }).catch((e: Error) => {
      const field = refusedField(e, ['km_retorno', 'observacao'] as const);
      if (field) back.setError(field, { type: 'server', message: e.message });
      return null;
    });
    if (done) onClose();
  });
  const plate = formatPlate(vehicle.placa);

  const checkingIn = mode === 'checkin';
  return (
    <FormModal
      opened={mode !== null}
      onClose={onClose}
      title={checkingIn ? `Check-in de ${plate}` : `Check-out de ${plate}`}
      label={checkingIn ? 'Check-in' : 'Check-out'}
      onSubmit={checkingIn ? submitBack : submitOut}
      submitLabel={checkingIn ? 'Registrar retorno' : 'Registrar saída'}
      loading={checkingIn ? checkin.isPending : checkout.isPending}
    >
      <Text size="sm" c="dimmed">
        Odômetro atual: {formatKm(vehicle.odometro_km)}
      </Text>
      {checkingIn ? (
        <>
          <FormNumberField
            control={back.control}
            name="km_retorno"
            label="Km de retorno"
            required
            min={0}
            decimals={0}
            data-autofocus
          />
          {jump && (
            <Alert color="yellow" title="Quilometragem improvável" role="alert">
              <Stack gap="xs">
                <Text size="sm">
                  {formatKm(trip)} rodados desde a saída ({formatKm(vehicle.odometro_km)}). Confira
                  o valor digitado.
                </Text>
                <Checkbox
                  {...back.register('confirmar_km_alto')}
                  label="O valor está certo: registrar mesmo assim"
                  error={back.formState.errors.confirmar_km_alto?.message}
                />
              </Stack>
            </Alert>
          )}
          <Textarea
            {...back.register('observacao')}
            maxLength={textMaxLength(checkinBody, 'observacao')}
            label="Observação"
            placeholder="Avarias, nível de combustível..."
            autosize
            minRows={2}
            error={back.formState.errors.observacao?.message}
          />
        </>
      ) : (
        <>
          <Controller
            control={out.control}
            name="condutor_id"
            render={({ field }) => (
              <Select
                label="Condutor"
                required
                searchable
                placeholder="Quem vai usar o veículo"
                data={people.data ?? []}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : undefined)}
                error={out.formState.errors.condutor_id?.message}
                nothingFoundMessage="Ninguém encontrado"
                // no autofocus: a searchable select opens its list on focus
              />
            )}
          />
          <FormNumberField
            control={out.control}
            name="km_saida"
            label="Km de saída"
            required
            min={0}
            decimals={0}
          />
          <TextInput
            {...out.register('destino')}
            maxLength={textMaxLength(checkoutBody, 'destino')}
            label="Destino / finalidade"
            error={out.formState.errors.destino?.message}
          />
        </>
      )}
    </FormModal>
  );
}
