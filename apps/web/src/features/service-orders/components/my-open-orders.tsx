import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconClipboardCheck } from '@tabler/icons-react';
import { Link } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { myOpenOrdersFilters, useServiceOrders } from '../api/get-service-orders.ts';
import { plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from '../../../components/os-status-badge.tsx';

/**
 * "Minhas OS abertas": every OS with the signed-in person on its team that is neither concluded
 * nor cancelled, whatever its day (kept offline by the week's prefetch).
 */
export default function MyOpenOrders() {
  const { user } = useSession();
  const query = useServiceOrders(myOpenOrdersFilters(user?.id ?? 0));
  const items = query.data?.items ?? [];
  return (
    <Stack gap="sm" data-testid="minhas-os-abertas">
      <Title order={3} fz={16}>
        Minhas OS abertas{query.data ? ` (${items.length})` : ''}
      </Title>
      {query.isPending ? (
        <ListLoading rows={2} height={72} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconClipboardCheck size={24} />}
          title="Nenhuma OS aberta com você"
          hint="As ordens de serviço em que você estiver na equipe aparecem aqui até serem concluídas."
        />
      ) : (
        items.map((os) => (
          <Card key={os.id} withBorder radius="md" padding={0}>
            <UnstyledButton
              component={Link}
              to={`/tatico/agenda/os/${os.id}`}
              p="md"
              mih={64}
              style={{ display: 'block' }}
              data-testid="minha-os-aberta"
            >
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6} wrap="wrap">
                    <Text fw={700}>{os.codigo}</Text>
                    <OsStatusBadge status={os.status} size="sm" />
                    {os.atrasada && <LateBadge />}
                  </Group>
                  <Text size="sm" lineClamp={1}>
                    {os.tipo.nome} · {os.local}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {plannedPeriod(os.previsto_inicio, os.previsto_fim)}
                  </Text>
                </Stack>
                <IconChevronRight size={20} style={{ flexShrink: 0 }} aria-hidden />
              </Group>
            </UnstyledButton>
          </Card>
        ))
      )}
    </Stack>
  );
}
