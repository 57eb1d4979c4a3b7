import { Badge, Paper, Stack, Tabs } from '@mantine/core';
import { IconFileText, IconShield, IconTruckDelivery, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

import { ListLoading } from '../../../components/list-states.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useEpiAlerts } from '../api/get-epi-alerts.ts';
import type { EpiExtraTab } from '../pages/epi-page.tsx';
import { AlertsList } from './alerts-list.tsx';
import { MyEpiView } from './my-epi-view.tsx';

// The gestores' tabs download with their first use: a technician opening "Meus EPIs" on the
// phone does not pay for them (issue 33).
const CatalogueTab = lazy(() =>
  import('./catalogue-tab.tsx').then((m) => ({ default: m.CatalogueTab })),
);
const DeliveriesTab = lazy(() =>
  import('./deliveries-tab.tsx').then((m) => ({ default: m.DeliveriesTab })),
);
const FichasTab = lazy(() => import('./fichas-tab.tsx').then((m) => ({ default: m.FichasTab })));
const loading = <ListLoading rows={5} />;

const TABS = ['entregas', 'catalogo', 'fichas', 'meus'] as const;

function AlertCount({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <Badge size="xs" color="red" variant="filled">
      {n}
    </Badge>
  );
}

/**
 * /tatico/epi for a gestor: alerts and the tabs (deliveries, catalogue, fichas, the SST tabs
 * plugged in from app/pages, their own EPIs). Its own chunk: the field roles see only their own
 * EPIs, without Mantine's Tabs (issue 33, scripts/check-bundle.mjs).
 */
export default function EpiManagerView({
  extraTabs,
  mineExtra,
}: {
  extraTabs: EpiExtraTab[];
  mineExtra?: ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const alerts = useEpiAlerts(true);
  const current = params.get('aba');
  const values: string[] = [...TABS, ...extraTabs.map((t) => t.value)];
  const tab = values.includes(current ?? '') ? current! : 'entregas';
  const items = alerts.data?.items ?? [];
  const catalogueAlerts = items.filter((a) => a.kind !== 'troca_epi').length;
  const replacementAlerts = items.length - catalogueAlerts;

  return (
    <Stack gap="lg">
      <PageHeader
        title="EPI"
        description="Equipamentos de proteção individual (NR-6): catálogo com CA, entregas com assinatura, devoluções e fichas."
      />
      <AlertsList alerts={alerts.data?.items ?? []} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'entregas' ? { aba: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab
              value="entregas"
              leftSection={<IconTruckDelivery size={16} />}
              rightSection={<AlertCount n={replacementAlerts} />}
            >
              Entregas
            </Tabs.Tab>
            <Tabs.Tab
              value="catalogo"
              leftSection={<IconShield size={16} />}
              rightSection={<AlertCount n={catalogueAlerts} />}
            >
              Catálogo
            </Tabs.Tab>
            <Tabs.Tab value="fichas" leftSection={<IconFileText size={16} />}>
              Fichas
            </Tabs.Tab>
            {extraTabs.map((t) => (
              <Tabs.Tab key={t.value} value={t.value} leftSection={t.icon}>
                {t.label}
              </Tabs.Tab>
            ))}
            <Tabs.Tab value="meus" leftSection={<IconUser size={16} />}>
              Meus EPIs
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="entregas">
            <Suspense fallback={loading}>
              <DeliveriesTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="catalogo">
            <Suspense fallback={loading}>
              <CatalogueTab />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="fichas">
            <Suspense fallback={loading}>
              <FichasTab />
            </Suspense>
          </Tabs.Panel>
          {extraTabs.map((t) => (
            <Tabs.Panel key={t.value} value={t.value}>
              {t.render()}
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="meus">
            <MyEpiView showTitle={false}>{mineExtra}</MyEpiView>
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
