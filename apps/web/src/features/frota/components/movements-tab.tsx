import { countOf } from '@eproto/domain';
import { Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { useMovements } from '../api/get-movements.ts';
import { ExportMenu } from './export-menu.tsx';
import { MovementList } from './movement-list.tsx';

/** Latest movements of the whole inventory, with who and when, older ones on demand; exportable. */
export function MovementsTab() {
  const query = useMovements();
  const items = query.data?.pages.flatMap((p) => p.items);
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed">
          Últimas movimentações de todos os itens (entradas, saídas, transferências e baixas).
        </Text>
        <ExportMenu path="/tatico/inventario/movimentacoes/export" />
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : !items || (query.isError && !query.isFetchNextPageError) ? (
        <ListError
          message={query.error?.message ?? 'Tente novamente.'}
          onRetry={() => void query.refetch()}
        />
      ) : items.length === 0 ? (
        <ListEmpty icon={<IconArrowsExchange size={24} />} title="Nenhuma movimentação ainda" />
      ) : (
        <>
          <MovementList items={items} showItem />
          <LoadMore
            hasMore={query.hasNextPage}
            loading={query.isFetchingNextPage}
            error={query.isFetchNextPageError ? query.error : null}
            onMore={() => void query.fetchNextPage()}
            count={
              query.hasNextPage
                ? countOf(items.length, 'movimentação carregada', 'movimentações carregadas')
                : undefined
            }
          />
        </>
      )}
    </Stack>
  );
}
