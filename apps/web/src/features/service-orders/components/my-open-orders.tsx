import type { OsListResponse } from '@eproto/domain';
import { Card, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconClipboardCheck } from '@tabler/icons-react';
import { memo, useDeferredValue } from 'react';
import { Link } from 'react-router';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { myOpenOrdersFilters, useServiceOrders } from '../api/get-service-orders.ts';
import { plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from '../../../components/os-status-badge.tsx';

/** One open OS; memoised, so a refetch of the list leaves the rows that did not change. */
const OpenOrderRow = memo(function OpenOrderRow({ os }: { os: OsListResponse['items'][number] }) {
  return (
    <Card withBorder radius="md" padding={0}>
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
  );
});

/**
 * "Minhas OS abertas": every OS with the signed-in person on its team that is neither concluded
 * nor cancelled, whatever its day (kept offline by the week's prefetch).
 */
export default function MyOpenOrders() {
  const { user } = useSession();
  const query = useServiceOrders(myOpenOrdersFilters(user?.id ?? 0));
  // Its own answer, apart from the agenda's: rendered deferred, in 5 ms slices, not in the one
  // task TanStack Query's external store update gets (issue 33). Kept data renders at once.
  const data = useDeferredValue(query.data);
  const items = data?.items ?? [];
  const waiting = query.isPending || (data === undefined && !query.isError);
  return (
    <Stack gap="sm" data-testid="minhas-os-abertas">
      <Title order={3} fz={16}>
        Minhas OS abertas{data ? ` (${items.length})` : ''}
      </Title>
      {waiting ? (
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
        items.map((os) => <OpenOrderRow key={os.id} os={os} />)
      )}
    </Stack>
  );
}
