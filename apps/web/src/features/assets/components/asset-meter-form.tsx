import '../../../lib/zod-locale.ts';

import { meterReadingBody, type MeterReadingBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

import { FormDateField, FormNumberField } from '../../../components/form-fields.tsx';
import { refusedField } from '../../../lib/api-error.ts';
import { dayjs } from '../../../lib/dates.ts';
import { useRecordMeter } from '../api/asset-meter.ts';

interface Values {
  horas: number | null;
  data: string | null;
}

type Body = z.output<typeof meterReadingBody>;

/** An empty field is null here, missing for the schema (its "Informe ..." message). */
const resolver: Resolver<Values, unknown, Body> = (v, ctx, opts) =>
  zodResolver(meterReadingBody)(v as MeterReadingBody, ctx, opts as never);

/**
 * "Registrar leitura" of the asset page's hour meter, checked by the domain's meterReadingBody.
 * Its own module: the asset page (opened from a QR on the phone) paints without zod, and this
 * form arrives right after.
 */
export default function AssetMeterForm({ assetId }: { assetId: number }) {
  const record = useRecordMeter(assetId);
  const form = useForm<Values, unknown, Body>({
    resolver,
    defaultValues: { horas: null, data: dayjs().format('YYYY-MM-DD') },
  });
  const { control } = form;
  const refused = form.formState.errors.root?.server?.message;

  const send = form.handleSubmit((body) =>
    record.mutate(body, {
      onSuccess: () => form.reset({ horas: null, data: body.data }),
      onError: (e) => {
        const field = refusedField(e, ['horas', 'data'] as const);
        form.setError(field ?? 'root.server', { message: e.message });
      },
    }),
  );

  return (
    <Paper withBorder p="sm">
      <form
        noValidate
        aria-label="Registrar leitura do horímetro"
        onSubmit={(e) => {
          e.preventDefault();
          void send(e);
        }}
      >
        <Stack gap="xs">
          <Group grow align="flex-start" gap="xs">
            <FormNumberField
              control={control}
              name="horas"
              label="Leitura (h)"
              decimals={1}
              min={0}
              inputMode="decimal"
            />
            <FormDateField control={control} name="data" label="Data" />
          </Group>
          {refused && (
            <Text size="sm" c="red" role="alert">
              {refused}
            </Text>
          )}
          <Button type="submit" loading={record.isPending} variant="light">
            Registrar leitura
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
