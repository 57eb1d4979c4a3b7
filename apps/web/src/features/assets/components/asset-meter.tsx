import { formatBrNumber, formatDateBr } from '@eproto/domain';
import { Skeleton, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useAssetMeter } from '../api/asset-meter.ts';
import { Section } from './asset-orders.tsx';

// The form validates with zod: its own chunk, so the asset page (a QR opened on the phone)
// paints without it; the download starts with the readings' request.
const loadForm = () => import('./asset-meter-form.tsx');
const AssetMeterForm = lazy(loadForm);

const hours = (h: number) => `${formatBrNumber(h, { decimals: 1 })} h`;

/** The asset's hour meter: the last readings, the average use per day and a new reading. */
export function AssetMeterSection({ assetId }: { assetId: number }) {
  const query = useAssetMeter(assetId);
  useEffect(() => void loadForm().catch(() => undefined), []);
  if (query.isPending) return <ListLoading rows={1} height={72} />;
  if (query.isError) {
    return <ListError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  const { leituras, uso_medio_dia } = query.data;
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
      <Suspense fallback={<Skeleton height={132} radius="md" />}>
        <AssetMeterForm assetId={assetId} />
      </Suspense>
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
