import type { VehicleStatus } from '@eproto/domain';
import { VEHICLE_STATUS_LABELS, VEHICLE_STATUSES } from '@eproto/domain';
import { Button, Select, Stack } from '@mantine/core';
import { IconCar, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AlertsPanel } from '../../../components/alerts-panel.tsx';
import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useFleetAlerts } from '../api/get-fleet-alerts.ts';
import { useVehicles } from '../api/get-vehicles.ts';
import { ExportMenu } from './export-menu.tsx';
import { VehicleDrawer } from './vehicle-drawer.tsx';
import { VehicleFormModal } from './vehicle-form-modal.tsx';
import { VehicleCard, vehicleColumns } from './vehicle-list.tsx';

const FILTERS = ['status'] as const;

/** Fleet: filters (in the URL), alerts, list, new vehicle, export; a vehicle opens in a drawer. */
export function VehiclesTab() {
  const filters = useListFilters(FILTERS);
  const status = (filters.values.status as VehicleStatus | undefined) ?? null;
  const [open, setOpen] = useIdParam('veiculo');
  const [creating, setCreating] = useState(false);
  const query = useVehicles({ status: status ?? undefined, q: filters.search.value || undefined });
  const alerts = useFleetAlerts();

  return (
    <Stack gap="md">
      <AlertsPanel
        title="Alertas da frota"
        alerts={alerts.data?.items ?? []}
        onOpen={(a) => setOpen(a.ref_id)}
      />
      <FilterBar
        search={filters.search}
        searchLabel="Buscar veículos"
        placeholder="Buscar por placa, marca ou modelo"
        actions={
          <>
            <ExportMenu path="/tatico/frota/veiculos/export" />
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Novo veículo
            </Button>
          </>
        }
      >
        <Select
          aria-label="Filtrar por status"
          placeholder="Todos os status"
          data={VEHICLE_STATUSES.map((s) => ({ value: s, label: VEHICLE_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => filters.set({ status: v })}
          clearable
          w={{ base: '100%', xs: 190 }}
        />
      </FilterBar>
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(v) => v.id}
        columns={vehicleColumns(setOpen)}
        card={(v) => <VehicleCard v={v} />}
        onOpen={(v) => setOpen(v.id)}
        cardLabel={(v) => `Abrir veículo ${v.placa_formatada}`}
        minWidth={860}
        empty={{
          icon: <IconCar size={24} />,
          title: 'Nenhum veículo encontrado',
          hint: filters.active
            ? 'Ajuste a busca ou o filtro de status.'
            : 'Cadastre o primeiro veículo da frota.',
        }}
      />
      <VehicleDrawer id={open} onClose={() => setOpen(null)} />
      <VehicleFormModal opened={creating} onClose={() => setCreating(false)} onSaved={setOpen} />
    </Stack>
  );
}
