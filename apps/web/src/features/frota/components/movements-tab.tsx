import { Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange } from '@tabler/icons-react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useMovements } from '../api/get-movements.ts';
import { ExportMenu } from './export-menu.tsx';
import { MovementList } from './movement-list.tsx';

/** Latest movements of the whole inventory, with who and when; exportable. */
export function MovementsTab() {
  const query = useMovements();
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
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <ListEmpty icon={<IconArrowsExchange size={24} />} title="Nenhuma movimentação ainda" />
      ) : (
        <MovementList items={query.data.items} showItem />
      )}
    </Stack>
  );
}
