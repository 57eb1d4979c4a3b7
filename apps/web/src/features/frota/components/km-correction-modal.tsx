import '../../../lib/zod-locale.ts';

import { kmCorrectionBody, type VehicleDetail, textMaxLength } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Select, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { formatDate, formatDateTime } from '../../../lib/dates.ts';
import { useCorrectKm } from '../api/correct-km.ts';
import { formatKm } from '../utils/format.ts';
import { FormNumberField } from '../../../components/form-fields.tsx';
import { FormModal } from '../../../components/form-modal.tsx';
import { Textarea } from '../../../components/text-fields.tsx';

type FormIn = z.input<typeof kmCorrectionBody>;
type FormOut = z.output<typeof kmCorrectionBody>;

interface Reading {
  value: string;
  label: string;
  km: number;
}

/** Every km reading of the vehicle that can be corrected, the odometer first. */
export function kmReadings(d: VehicleDetail): Reading[] {
  const out: Reading[] = [
    {
      value: 'odometro',
      label: `Odômetro do veículo (${formatKm(d.vehicle.odometro_km)})`,
      km: d.vehicle.odometro_km,
    },
  ];
  for (const c of d.checkouts) {
    if (c.km_retorno !== null)
      out.push({
        value: `retorno:${c.id}`,
        label: `Retorno de ${c.condutor.nome} em ${formatDateTime(c.retorno_em)} (${formatKm(c.km_retorno)})`,
        km: c.km_retorno,
      });
    out.push({
      value: `saida:${c.id}`,
      label: `Saída de ${c.condutor.nome} em ${formatDateTime(c.saida_em)} (${formatKm(c.km_saida)})`,
      km: c.km_saida,
    });
  }
  for (const f of d.fuel)
    out.push({
      value: `abastecimento:${f.id}`,
      label: `Abastecimento de ${formatDate(f.data)} (${formatKm(f.km)})`,
      km: f.km,
    });
  return out;
}

function parseReading(value: string): Pick<FormIn, 'leitura' | 'ref_id'> {
  const [leitura, id] = value.split(':');
  return { leitura: leitura as FormIn['leitura'], ref_id: id ? Number(id) : null };
}

/** "Corrigir km" (gerente/diretoria): pick a reading, type the right km and say why. */
export function KmCorrectionModal({
  detail,
  opened,
  onClose,
}: {
  detail: VehicleDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const correct = useCorrectKm();
  const readings = useMemo(() => kmReadings(detail), [detail]);
  const form = useForm<FormIn, unknown, FormOut>({ resolver: zodResolver(kmCorrectionBody) });
  const [leitura, refId] = useWatch({ control: form.control, name: ['leitura', 'ref_id'] });
  const selected = leitura ? (refId ? `${leitura}:${refId}` : leitura) : null;
  const current = readings.find((r) => r.value === selected);

  const wasOpen = useRef(false);
  useEffect(() => {
    // reset on opening only: a refetch while typing must not wipe the form
    if (opened && !wasOpen.current) {
      // the latest check-in is what a typo usually hits
      const first = readings.find((r) => r.value.startsWith('retorno:')) ?? readings[0]!;
      form.reset({ ...parseReading(first.value), km: undefined, motivo: '' });
    }
    wasOpen.current = opened;
  }, [opened, readings, form]);

  const submit = form.handleSubmit(async (v) => {
    const ok = await correct.mutateAsync({ vehicleId: detail.vehicle.id, ...v }).catch(() => null);
    if (ok) onClose();
  });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Corrigir quilometragem"
      onSubmit={submit}
      submitLabel="Corrigir"
      loading={correct.isPending}
    >
      <Text size="sm" c="dimmed">
        A leitura errada é substituída; o histórico guarda o valor anterior, o novo e o motivo. O
        odômetro e os alertas de manutenção por km acompanham.
      </Text>
      <Select
        label="Leitura"
        required
        data={readings.map(({ value, label }) => ({ value, label }))}
        value={selected}
        allowDeselect={false}
        onChange={(v) => {
          if (!v) return;
          const parsed = parseReading(v);
          form.setValue('leitura', parsed.leitura);
          form.setValue('ref_id', parsed.ref_id);
        }}
        error={form.formState.errors.ref_id?.message ?? form.formState.errors.leitura?.message}
      />
      {current && (
        <Text size="sm">
          Valor registrado: <b>{formatKm(current.km)}</b>
        </Text>
      )}
      <FormNumberField
        control={form.control}
        name="km"
        label="Km correto"
        required
        min={0}
        decimals={0}
      />
      <Textarea
        {...form.register('motivo')}
        maxLength={textMaxLength(kmCorrectionBody, 'motivo')}
        label="Motivo da correção"
        required
        placeholder="Ex.: digitado 950.300 em vez de 50.300"
        autosize
        minRows={2}
        error={form.formState.errors.motivo?.message}
      />
    </FormModal>
  );
}
