import { formatBrNumber, formatDateBr } from '@eproto/domain';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';

import { DateField, isValidDate } from '../../../components/date-field.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { NumberField } from '../../../components/number-field.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAssetMeter, useRecordMeter } from '../api/asset-meter.ts';
import { Section } from './asset-orders.tsx';

const hours = (h: number) => `${formatBrNumber(h, { decimals: 1 })} h`;

/** The asset's hour meter: the last readings, the average use per day and a new reading. */
export function AssetMeterSection({ assetId }: { assetId: number }) {
  const query = useAssetMeter(assetId);
  const record = useRecordMeter(assetId);
  const [horas, setHoras] = useState<number | null>(null);
  const [data, setData] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [error, setError] = useState<string | null>(null);
  if (query.isPending) return <ListLoading rows={1} height={72} />;
  if (query.isError) {
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { leituras, uso_medio_dia } = query.data;
  const send = () => {
    setError(null);
    if (horas === null || !Number.isFinite(horas)) {
      setError('Informe a leitura do horímetro (horas).');
      return;
    }
    if (!isValidDate(data)) {
      setError('Informe a data da leitura.');
      return;
    }
    record.mutate(
      { horas, data },
      {
        onSuccess: () => setHoras(null),
        onError: (e) => setError(e.message),
      },
    );
  };
  return (
    <Section title="Horímetro" empty={false} testId="asset-meter">
      <Text size="sm" c="dimmed">
        {leituras[0]
          ? `Última leitura: ${hours(leituras[0].horas)} em ${formatDateBr(leituras[0].data)}` +
            (uso_medio_dia !== null
              ? ` · uso médio de ${formatBrNumber(uso_medio_dia, { decimals: 1 })} h por dia`
              : '')
          : 'Nenhuma leitura ainda. Registre a leitura do horímetro do equipamento.'}
      </Text>
      <Paper withBorder p="sm">
        <Stack gap="xs">
          <Group grow align="flex-start" gap="xs">
            <NumberField
              label="Leitura (h)"
              value={horas}
              onChange={setHoras}
              decimals={1}
              min={0}
              inputMode="decimal"
            />
            <DateField label="Data" value={data} onChange={setData} />
          </Group>
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Button onClick={send} loading={record.isPending} variant="light">
            Registrar leitura
          </Button>
        </Stack>
      </Paper>
      {leituras.length > 0 && (
        <Stack gap={2} data-testid="asset-meter-readings">
          {leituras.slice(0, 5).map((r) => (
            <Text key={r.id} size="sm">
              {formatDateBr(r.data)}: <b>{hours(r.horas)}</b>
              {r.registrado_por ? ` · ${r.registrado_por.nome}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Section>
  );
}
