import type { OsDetail } from '@eproto/domain';
import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { VisitFacts } from '../../../components/visit-facts.tsx';
import { useOsPending } from '../api/use-os-with-pending.ts';
import { plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from '../../../components/os-status-badge.tsx';

/** Number, status, service type and the visit: when, where, who, vehicle, contract. */
export function OsHeader({ os, actions }: { os: OsDetail; actions?: ReactNode }) {
  const pending = useOsPending();
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap={8} wrap="wrap">
              <Title order={1} fz={{ base: 20, sm: 24 }} data-testid="os-codigo">
                {os.codigo}
              </Title>
              <OsStatusBadge status={os.status} size="lg" />
              {pending.status && <PendingBadge />}
              {os.atrasada && <LateBadge />}
            </Group>
            <Text fw={600} mt={2}>
              {os.tipo.nome}
            </Text>
          </div>
          {actions}
        </Group>
        <Stack gap={6}>
          <VisitFacts visit={os} period={plannedPeriod(os.previsto_inicio, os.previsto_fim)} />
          {os.descricao && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {os.descricao}
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
