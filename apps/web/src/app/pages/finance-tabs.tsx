import { Badge, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconCash, IconList, IconReceipt } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';

import { PageLoader } from '../../components/page-loader.tsx';
import MuralsPage from '../../features/demands/pages/murals-page.tsx';
import { useFinanceCounters } from '../../features/finance/api/get-finance-counters.ts';

const FinancePanel = lazy(() =>
  import('../../features/finance/components/finance-panel.tsx').then((m) => ({
    default: m.FinancePanel,
  })),
);

// The cost dashboard (list, charts, tables, rates) loads when its tab opens.
const ContractCostsTab = lazy(
  () => import('../../features/contracts/costs/contract-costs-tab.tsx'),
);

type View = 'financeiro' | 'custos' | 'demandas';

const viewOf = (v: string | null): View =>
  v === 'demandas' ? 'demandas' : v === 'custos' ? 'custos' : 'financeiro';

/**
 * /eproto/murals for finance people (murals-page-route.tsx). Finance/CFO land here: the
 * "Financeiro" view first, with the pending count on its tab, then "Custos" (the contracts in
 * reach with budget and actual cost, each opening its cost dashboard, ?visao=custos&contrato=id)
 * and "Demandas". Every finance title is financeiro or diretoria (normalizeRole), both holding
 * contracts.cost, so the tab is there for all of them.
 */
export default function FinanceTabs() {
  const [params, setParams] = useSearchParams();
  const view = viewOf(params.get('visao'));
  const costContract = Number(params.get('contrato')) || null;
  const counters = useFinanceCounters();
  const pending = counters.data?.find((c) => c.status === 'enviado')?.total ?? 0;

  return (
    <Tabs
      value={view}
      onChange={(v) => setParams(v === 'financeiro' || !v ? {} : { visao: v }, { replace: true })}
      keepMounted={false}
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="financeiro" leftSection={<IconCash size={16} />}>
          <Group gap={6} wrap="nowrap">
            Financeiro
            {pending > 0 && (
              <Badge size="xs" color="orange" circle={pending < 10} aria-label={`${pending} novas`}>
                {pending > 9 ? '9+' : pending}
              </Badge>
            )}
          </Group>
        </Tabs.Tab>
        <Tabs.Tab value="custos" leftSection={<IconReceipt size={16} />}>
          Custos
        </Tabs.Tab>
        <Tabs.Tab value="demandas" leftSection={<IconList size={16} />}>
          Demandas
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="financeiro">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Financeiro
            </Title>
            <Text c="dimmed" size="sm">
              Demandas enviadas ao financeiro. Abra uma para marcá-la como visualizada e conclua
              quando estiver resolvida.
            </Text>
          </div>
          <Suspense fallback={<PageLoader />}>
            <FinancePanel />
          </Suspense>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="custos">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Custos dos contratos
            </Title>
            <Text c="dimmed" size="sm">
              Orçamento contra o custo real de cada contrato. Abra um para ver os gráficos, as
              pessoas e os atrasados, ou baixe a planilha.
            </Text>
          </div>
          <Suspense fallback={<PageLoader />}>
            <ContractCostsTab
              contractId={costContract}
              onContract={(id) =>
                // Pushed: the back button returns from a dashboard to the list.
                setParams(
                  id === null ? { visao: 'custos' } : { visao: 'custos', contrato: String(id) },
                )
              }
            />
          </Suspense>
        </Stack>
      </Tabs.Panel>
      <Tabs.Panel value="demandas">
        <MuralsPage />
      </Tabs.Panel>
    </Tabs>
  );
}
