import { countOf } from '@eproto/domain';
import type { FinanceItem, FinanceStatus } from '@eproto/domain';
import { Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useFinanceCounters } from '../api/get-finance-counters.ts';
import { useFinanceMurals } from '../api/get-finance-murals.ts';
import { FinanceCounters } from './finance-counters.tsx';
import { FinanceItemDrawer } from './finance-item-drawer.tsx';
import { FinanceList } from './finance-list.tsx';
import { TextInput } from '../../../components/text-fields.tsx';

const PAGE_SIZE = 20;

/**
 * The finance view (finance/CFO): counters per state that filter the list, search, the demands
 * sent to finance (pending first) and the item drawer (opening marks it viewed).
 */
export function FinancePanel() {
  const [status, setStatus] = useState<FinanceStatus | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<FinanceItem | null>(null);
  const counters = useFinanceCounters();
  const list = useFinanceMurals({
    page,
    perPage: PAGE_SIZE,
    q: q || undefined,
    status: status ? [status] : undefined,
  });
  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <Stack gap="md">
      <FinanceCounters
        counters={counters.data}
        loading={counters.isPending}
        selected={status}
        onSelect={(s) => {
          setStatus(s);
          setPage(1);
        }}
      />
      <Paper withBorder radius="lg" p={{ base: 'xs', sm: 'lg' }}>
        <Stack gap="md">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder="Buscar pelo título da demanda"
            aria-label="Buscar no financeiro"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          {list.isPending ? (
            <ListLoading rows={5} height={72} />
          ) : list.isError ? (
            <ListError message={list.error.message} onRetry={() => void list.refetch()} />
          ) : list.data.items.length === 0 ? (
            <ListEmpty
              icon={<IconCash size={24} />}
              title={q || status ? 'Nada encontrado' : 'Nenhuma demanda no financeiro'}
              hint={
                q || status
                  ? 'Ajuste a busca ou escolha outra situação.'
                  : 'Quando alguém enviar uma demanda ao financeiro, ela aparece aqui.'
              }
            />
          ) : (
            <FinanceList items={list.data.items} onOpen={setOpen} />
          )}
          {total > 0 && (
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed">
                {countOf(total, 'demanda', 'demandas')}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={setPage}
                  size="sm"
                  siblings={1}
                  boundaries={1}
                />
              )}
            </Group>
          )}
        </Stack>
      </Paper>
      <FinanceItemDrawer item={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
