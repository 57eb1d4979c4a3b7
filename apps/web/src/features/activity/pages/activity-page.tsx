import type { ActivityFilterQuery } from '@eproto/domain';
import { Button, Group, Paper, Stack, Tabs } from '@mantine/core';
import { IconActivity, IconFileSpreadsheet, IconFileTypeCsv, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

import { ListView } from '../../../components/list-page.tsx';
import { loadMoreOf } from '../../../components/load-more.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useActivity } from '../api/get-activity.ts';
import { useExportActivity, type ExportFormat } from '../api/export-activity.ts';
import { ActivityFilters, type ActivityFilterValues } from '../components/activity-filters.tsx';
import { ActivityCard, activityColumns } from '../components/activity-table.tsx';
import { DeliveriesTab } from '../components/deliveries-tab.tsx';

const NO_FILTER: ActivityFilterValues = { userId: null, action: null, period: [null, null] };

function toQuery(f: ActivityFilterValues): ActivityFilterQuery {
  const [from, to] = f.period;
  return {
    userId: f.userId ? Number(f.userId) : undefined,
    action: f.action ?? undefined,
    from: from ?? undefined,
    to: to ?? from ?? undefined,
  };
}

/** The log's filters and rows (tab "Atividade"). */
function ActivityLog({ filters, setFilters }: LogState) {
  const filter = toQuery(filters);
  const query = useActivity(filter);
  const items = query.data?.pages.flatMap((p) => p.items);
  return (
    <Stack gap="md">
      <ActivityFilters value={filters} onChange={setFilters} />
      <ListView
        // A failed "Carregar mais" keeps the rows shown (LoadMore shows that error).
        query={{ ...query, isError: query.isError && !query.isFetchNextPageError }}
        items={items}
        rowKey={(e) => e.id}
        columns={activityColumns}
        card={(e) => <ActivityCard e={e} />}
        minWidth={860}
        compact
        loadingRows={8}
        empty={{
          icon: <IconActivity size={24} />,
          title: 'Nenhuma atividade encontrada para estes filtros.',
        }}
        more={loadMoreOf(query, items?.length ?? 0, ['registro', 'registros'])}
      />
    </Stack>
  );
}

interface LogState {
  filters: ActivityFilterValues;
  setFilters: (f: ActivityFilterValues) => void;
}

/**
 * /users/activity — who did what, on which object, when and from where; and, in the tab
 * "Envios" (`?aba=envios`), the e-mails and pushes of the job queue (ti only).
 */
export default function ActivityPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('aba') === 'envios' ? 'envios' : 'atividade';
  const [filters, setFilters] = useState<ActivityFilterValues>(NO_FILTER);
  const exporter = useExportActivity();
  const download = (format: ExportFormat) => exporter.mutate({ filter: toQuery(filters), format });
  const busy = (format: ExportFormat) => exporter.isPending && exporter.variables.format === format;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Atividade de Usuários"
        description="Logins, falhas de login, logouts e todas as alterações feitas no E-Proto; e-mails e pushes enviados."
      >
        {tab === 'atividade' && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={18} />}
              onClick={() => download('csv')}
              loading={busy('csv')}
            >
              Exportar CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={18} />}
              onClick={() => download('xlsx')}
              loading={busy('xlsx')}
            >
              Exportar XLSX
            </Button>
          </Group>
        )}
      </PageHeader>

      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          // Switching tabs drops the other tab's URL filters (?estado=, ?tipo=).
          onChange={(v) => setParams(v === 'envios' ? { aba: 'envios' } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="atividade" leftSection={<IconActivity size={16} />}>
              Atividade
            </Tabs.Tab>
            <Tabs.Tab value="envios" leftSection={<IconSend size={16} />}>
              Envios
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="atividade">
            <ActivityLog filters={filters} setFilters={setFilters} />
          </Tabs.Panel>
          <Tabs.Panel value="envios">
            <DeliveriesTab />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
