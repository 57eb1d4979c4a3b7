import type { RequestStatus, RequestType } from '@eproto/domain';
import {
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  REQUEST_TYPE_LABELS,
  REQUEST_TYPES,
} from '@eproto/domain';
import { Badge, Button, Paper, ScrollArea, Select, Stack, Switch, Tabs } from '@mantine/core';
import { IconInbox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { PageHeader } from '../../../components/page-header.tsx';
import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useRequests } from '../api/get-requests.ts';
import { NewRequestModal } from '../components/new-request-modal.tsx';
import { RequestDrawer } from '../components/request-drawer.tsx';
import { RequestCard, requestColumns } from '../components/requests-list.tsx';

const FILTERS = ['situacao', 'tipo', 'minhas'] as const;

/** /solicitacoes — staff requests through aberta → em análise → aprovada/recusada → atendida. */
export default function SolicitacoesPage() {
  const filters = useListFilters(FILTERS);
  const status = filters.values.situacao as RequestStatus | undefined;
  const tipo = (filters.values.tipo as RequestType | undefined) ?? null;
  const mine = filters.values.minhas === 'true';
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useIdParam('id');
  const query = useRequests({
    status,
    tipo: tipo ?? undefined,
    minhas: mine ? 'true' : undefined,
    q: filters.search.value || undefined,
  });
  const counts = query.data?.contagem;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Solicitações"
        description="Material, EPI, veículo, manutenção, reembolso e outros pedidos da equipe."
      >
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Nova solicitação
        </Button>
      </PageHeader>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Stack gap="md">
          <ScrollArea type="never" offsetScrollbars={false}>
            <Tabs
              value={status ?? 'todas'}
              onChange={(v) => filters.set({ situacao: v === 'todas' ? null : v })}
            >
              {/* max-content: the tabs scroll instead of squeezing their count badges away */}
              <Tabs.List style={{ flexWrap: 'nowrap', minWidth: 'max-content' }}>
                <Tabs.Tab
                  value="todas"
                  rightSection={
                    <Badge size="sm" variant="light" color="brand" radius="sm">
                      {total}
                    </Badge>
                  }
                >
                  Todas
                </Tabs.Tab>
                {REQUEST_STATUSES.map((s) => (
                  <Tabs.Tab
                    key={s}
                    value={s}
                    rightSection={
                      <Badge size="sm" variant="light" color="brand" radius="sm">
                        {counts?.[s] ?? 0}
                      </Badge>
                    }
                  >
                    {REQUEST_STATUS_LABELS[s]}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
            </Tabs>
          </ScrollArea>
          <FilterBar
            search={filters.search}
            searchLabel="Buscar solicitações"
            placeholder="Buscar na descrição ou pelo solicitante"
          >
            <Select
              aria-label="Tipo"
              placeholder="Todos os tipos"
              clearable
              data={REQUEST_TYPES.map((t) => ({ value: t, label: REQUEST_TYPE_LABELS[t] }))}
              value={tipo}
              onChange={(v) => filters.set({ tipo: v })}
              w={{ base: '100%', xs: 190 }}
            />
            <Switch
              label="Só as minhas"
              checked={mine}
              onChange={(e) => filters.set({ minhas: e.currentTarget.checked ? 'true' : null })}
            />
          </FilterBar>
          <ListView
            query={query}
            items={query.data?.items}
            rowKey={(r) => r.id}
            columns={requestColumns}
            card={(r) => <RequestCard r={r} />}
            onOpen={(r) => setOpen(r.id)}
            cardLabel={(r) => `Abrir solicitação ${r.id}`}
            minWidth={880}
            empty={{
              icon: <IconInbox size={24} />,
              title: 'Nenhuma solicitação encontrada',
              hint: filters.active
                ? 'Ajuste os filtros.'
                : 'Abra uma solicitação de material, EPI, veículo ou reembolso.',
            }}
          />
        </Stack>
      </Paper>
      <RequestDrawer id={open} onClose={() => setOpen(null)} />
      <NewRequestModal opened={creating} onClose={() => setCreating(false)} onCreated={setOpen} />
    </Stack>
  );
}
