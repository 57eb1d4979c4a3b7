import { Button, Collapse, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconClipboardList,
  IconFileSpreadsheet,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import type { OsFilters } from '../api/get-service-orders.ts';
import { serviceOrdersExportUrl, useServiceOrders } from '../api/get-service-orders.ts';
import { OsCreateModal } from './os-create-modal.tsx';
import { OsFiltersBar } from './os-filters.tsx';
import { OsList } from './os-list.tsx';
import { OsStatusCounts } from './os-status-counts.tsx';

const ServiceTypesPanel = lazy(() => import('./service-types-panel.tsx'));

const PER_PAGE = 50;

function OrdersPanel() {
  const [filters, setFilters] = useState<OsFilters>({ page: 1, perPage: PER_PAGE });
  const [debounced] = useDebouncedValue(filters, 300);
  const query = useServiceOrders(debounced);
  const [creating, setCreating] = useState(false);
  const [showFilters, { toggle }] = useDisclosure(false);
  const data = query.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Nova OS
          </Button>
          <Button
            variant="default"
            component="a"
            href={serviceOrdersExportUrl(filters)}
            download
            leftSection={<IconFileSpreadsheet size={18} />}
          >
            Exportar XLSX
          </Button>
        </Group>
        <Button variant="subtle" leftSection={<IconAdjustments size={18} />} onClick={toggle}>
          {showFilters ? 'Ocultar filtros' : 'Filtros'}
        </Button>
      </Group>
      <Collapse expanded={showFilters}>
        <OsFiltersBar value={filters} onChange={setFilters} />
      </Collapse>
      {data && (
        <OsStatusCounts
          counts={data.contagem}
          late={data.atrasadas}
          status={filters.status}
          onStatus={(status) => setFilters((f) => ({ ...f, status, page: 1 }))}
        />
      )}
      {query.isPending ? (
        <ListLoading rows={5} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : data && data.items.length === 0 ? (
        <ListEmpty
          icon={<IconClipboardList size={24} />}
          title="Nenhuma ordem de serviço"
          hint="Crie uma OS aqui ou a partir de um agendamento (botão Criar OS)."
        />
      ) : (
        data && (
          <>
            <OsList items={data.items} />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {data.total} {data.total === 1 ? 'OS' : 'OSs'}
              </Text>
              {data.total > PER_PAGE && (
                <Pagination
                  total={Math.ceil(data.total / PER_PAGE)}
                  value={filters.page ?? 1}
                  onChange={(page) => setFilters((f) => ({ ...f, page }))}
                />
              )}
            </Group>
          </>
        )
      )}
      <OsCreateModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

/** /tatico/agenda?aba=os — the office side: the OS list and the service types. */
export default function ServiceOrdersTab() {
  const [view, setView] = useState<'ordens' | 'tipos'>('ordens');
  return (
    <Stack gap="md">
      <SegmentedControl
        w={{ base: '100%', xs: 360 }}
        value={view}
        onChange={(v) => setView(v)}
        data={[
          { value: 'ordens', label: 'Ordens' },
          { value: 'tipos', label: 'Tipos de serviço' },
        ]}
      />
      {view === 'ordens' ? (
        <OrdersPanel />
      ) : (
        <Suspense fallback={<ListLoading rows={3} />}>
          <ServiceTypesPanel />
        </Suspense>
      )}
    </Stack>
  );
}
