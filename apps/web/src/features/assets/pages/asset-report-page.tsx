import { Badge, Group, Stack, Text } from '@mantine/core';
import { useParams } from 'react-router';

import { PublicCard } from '../../../components/public-card.tsx';
import { formatDateTime } from '../../../lib/dates.ts';
import { useAssetReportStatus } from '../api/report-asset-problem.ts';

/**
 * /ativo/relato/:token — public: the state of a problem reported on an asset's page (protocol,
 * tag, state in plain words, dates); nothing internal.
 */
export default function AssetReportPage() {
  const { token = '' } = useParams();
  const query = useAssetReportStatus(token);

  return (
    <PublicCard
      title="Acompanhar relato"
      query={query}
      notFound="Relato não encontrado: confira o link."
    >
      {(r) => (
        <Stack gap="sm" data-testid="report-status">
          <Group justify="space-between" wrap="wrap">
            <Text fw={600}>Protocolo {r.protocolo}</Text>
            <Badge size="lg" color={r.concluido ? 'teal' : 'blue'} variant="light">
              {r.situacao}
            </Badge>
          </Group>
          <Text size="sm">Equipamento {r.tag}</Text>
          <Text size="sm" c="dimmed">
            Enviado em {formatDateTime(r.enviado_em)} · atualizado em{' '}
            {formatDateTime(r.atualizado_em)}
          </Text>
        </Stack>
      )}
    </PublicCard>
  );
}
