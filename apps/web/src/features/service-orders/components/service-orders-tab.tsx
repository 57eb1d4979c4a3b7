import type { OsStatus } from '@eproto/domain';
import { Button, Collapse, Group, SegmentedControl, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconAdjustments,
  IconClipboardList,
  IconFileSpreadsheet,
  IconFileTypeCsv,
  IconPlus,
} from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { ListView } from '../../../components/list-page.tsx';
import { ListLoading } from '../../../components/list-states.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import type { OsFilters } from '../api/get-service-orders.ts';
import { serviceOrdersExportUrl, useServiceOrders } from '../api/get-service-orders.ts';
import { OsCreateModal } from './os-create-modal.tsx';
import { OsFiltersBar } from './os-filters.tsx';
import { OsCard, osColumns, osPagePath } from './os-list.tsx';
import { OsStatusCounts } from './os-status-counts.tsx';

const ServiceTypesPanel = lazy(() => import('./service-types-panel.tsx'));

const PER_PAGE = 50;
/** The list's filters, kept in the URL (the search is ?busca=, the page ?pagina=). */
const FILTERS = [
  'status',
  'contract_id',
  'pessoa_id',
  'service_type_id',
  'de',
  'ate',
  'atrasadas',
] as const;
const num = (v: string | undefined) => (v && Number(v) > 0 ? Number(v) : undefined);
const text = (v: number | string | undefined) => (v === undefined ? null : String(v));

function OrdersPanel() {
  const f = useListFilters(FILTERS);
  const v = f.values;
  const filters: OsFilters = {
    status: v.status as OsStatus | undefined,
    contract_id: num(v.contract_id),
    pessoa_id: num(v.pessoa_id),
    service_type_id: num(v.service_type_id),
    de: v.de,
    ate: v.ate,
    atrasadas: v.atrasadas === 'true' ? 'true' : undefined,
    q: f.search.value || undefined,
    page: f.page,
    perPage: PER_PAGE,
  };
  const query = useServiceOrders(filters);
  const [creating, setCreating] = useState(false);
  const [showFilters, { toggle }] = useDisclosure(f.active && !v.status);
  const data = query.data;

  /** The filter bar edits a whole OsFilters; the search goes to the box, the rest to the URL. */
  const change = (next: OsFilters) => {
    if ((next.q ?? '') !== f.search.text) f.search.setText(next.q ?? '');
    const patch: Partial<Record<(typeof FILTERS)[number], string | null>> = {};
    for (const k of FILTERS) {
      if (text(next[k]) !== text(filters[k])) patch[k] = text(next[k]);
    }
    if (Object.keys(patch).length > 0) f.set(patch);
  };

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
          <Button
            variant="default"
            component="a"
            href={serviceOrdersExportUrl(filters, 'csv')}
            download
            leftSection={<IconFileTypeCsv size={18} />}
          >
            Exportar CSV
          </Button>
        </Group>
        <Button variant="subtle" leftSection={<IconAdjustments size={18} />} onClick={toggle}>
          {showFilters ? 'Ocultar filtros' : 'Filtros'}
        </Button>
      </Group>
      <Collapse expanded={showFilters}>
        <OsFiltersBar value={{ ...filters, q: f.search.text || undefined }} onChange={change} />
      </Collapse>
      {data && (
        <OsStatusCounts
          counts={data.contagem}
          late={data.atrasadas}
          status={filters.status}
          onStatus={(status) => f.set({ status })}
        />
      )}
      <ListView
        query={query}
        items={data?.items}
        rowKey={(os) => os.id}
        columns={osColumns}
        card={(os) => <OsCard os={os} />}
        cardLink={osPagePath}
        minWidth={1000}
        loadingRows={5}
        testId="os-row"
        empty={{
          icon: <IconClipboardList size={24} />,
          title: 'Nenhuma ordem de serviço',
          hint: f.active
            ? 'Ajuste a busca ou os filtros.'
            : 'Crie uma OS aqui ou a partir de um agendamento (botão Criar OS).',
        }}
        pagination={{
          page: f.page,
          perPage: PER_PAGE,
          total: data?.total ?? 0,
          onPage: f.setPage,
          count: (n) => `${n} ${n === 1 ? 'OS' : 'OSs'}`,
        }}
      />
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
