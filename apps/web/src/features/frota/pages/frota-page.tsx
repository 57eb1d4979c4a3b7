import { Badge, Paper, Stack, Tabs } from '@mantine/core';
import { IconArrowsExchange, IconBox, IconCar } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useFleetAlerts, useInventoryAlerts } from '../api/get-fleet-alerts.ts';
import { InventoryTab } from '../components/inventory-tab.tsx';
import { MovementsTab } from '../components/movements-tab.tsx';
import { VehiclesTab } from '../components/vehicles-tab.tsx';

const TABS = ['veiculos', 'inventario', 'movimentacoes'] as const;
type Tab = (typeof TABS)[number];

function Count({ n }: { n: number | undefined }) {
  if (!n) return null;
  return (
    <Badge size="xs" color="red" variant="filled" circle={n < 10}>
      {n > 99 ? '99+' : n}
    </Badge>
  );
}

/** /tatico/frota — vehicles (documents, maintenance, fuel, check-out/in) and inventory. */
export default function FrotaPage() {
  const [params, setParams] = useSearchParams();
  const current = params.get('aba');
  const tab: Tab = (TABS as readonly string[]).includes(current ?? '')
    ? (current as Tab)
    : 'veiculos';
  const fleetAlerts = useFleetAlerts();
  const stockAlerts = useInventoryAlerts();

  return (
    <Stack gap="lg">
      <PageHeader
        title="Frota e Inventário"
        description="Veículos, manutenção, abastecimento e uso; ferramentas, equipamentos e consumíveis."
      />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        <Tabs
          value={tab}
          onChange={(v) => setParams(v && v !== 'veiculos' ? { aba: v } : {}, { replace: true })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab
              value="veiculos"
              leftSection={<IconCar size={16} />}
              rightSection={<Count n={fleetAlerts.data?.total} />}
            >
              Veículos
            </Tabs.Tab>
            <Tabs.Tab
              value="inventario"
              leftSection={<IconBox size={16} />}
              rightSection={<Count n={stockAlerts.data?.total} />}
            >
              Inventário
            </Tabs.Tab>
            <Tabs.Tab value="movimentacoes" leftSection={<IconArrowsExchange size={16} />}>
              Movimentações
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="veiculos">
            <VehiclesTab />
          </Tabs.Panel>
          <Tabs.Panel value="inventario">
            <InventoryTab />
          </Tabs.Panel>
          <Tabs.Panel value="movimentacoes">
            <MovementsTab />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Stack>
  );
}
