import type { VehicleStatus } from '@eproto/domain';
import { VEHICLE_STATUS_LABELS, VEHICLE_STATUSES } from '@eproto/domain';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCar, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { useIdParam } from '../utils/id-param.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useFleetAlerts } from '../api/get-fleet-alerts.ts';
import { useVehicles } from '../api/get-vehicles.ts';
import { AlertsPanel } from '../../../components/alerts-panel.tsx';
import { ExportMenu } from './export-menu.tsx';
import { VehicleDrawer } from './vehicle-drawer.tsx';
import { VehicleFormModal } from './vehicle-form-modal.tsx';
import { VehicleList } from './vehicle-list.tsx';

/** Fleet: filters, alerts, list, new vehicle, export; a vehicle opens in a drawer. */
export function VehiclesTab() {
  const [status, setStatus] = useState<VehicleStatus | null>(null);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [open, setOpen] = useIdParam('veiculo');
  const [creating, setCreating] = useState(false);
  const query = useVehicles({ status: status ?? undefined, q: q || undefined });
  const alerts = useFleetAlerts();

  return (
    <Stack gap="md">
      <AlertsPanel
        title="Alertas da frota"
        alerts={alerts.data?.items ?? []}
        onOpen={(a) => setOpen(a.ref_id)}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          placeholder="Buscar por placa, marca ou modelo"
          aria-label="Buscar veículos"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 220px"
        />
        <Select
          aria-label="Filtrar por status"
          placeholder="Todos os status"
          data={VEHICLE_STATUSES.map((s) => ({ value: s, label: VEHICLE_STATUS_LABELS[s] }))}
          value={status}
          onChange={(v) => setStatus(v)}
          clearable
          w={{ base: '100%', xs: 190 }}
        />
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path="/tatico/frota/veiculos/export" />
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Novo veículo
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <ListEmpty
          icon={<IconCar size={24} />}
          title="Nenhum veículo encontrado"
          hint={
            q || status
              ? 'Ajuste a busca ou o filtro de status.'
              : 'Cadastre o primeiro veículo da frota.'
          }
        />
      ) : (
        <VehicleList vehicles={query.data.items} onOpen={setOpen} />
      )}
      <VehicleDrawer id={open} onClose={() => setOpen(null)} />
      <VehicleFormModal opened={creating} onClose={() => setCreating(false)} onSaved={setOpen} />
    </Stack>
  );
}
