import type { Vehicle } from '@eproto/domain';
import { countOf } from '@eproto/domain';
import { Badge, Group, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconUser } from '@tabler/icons-react';

import type { ListColumn } from '../../../components/list-page.tsx';
import { formatKm } from '../utils/format.ts';
import { DueDate, VehicleStatusBadge } from './fleet-badges.tsx';

function AlertCount({ n }: { n: number }) {
  if (n === 0) return null;
  return (
    <Tooltip label={countOf(n, 'alerta', 'alertas')}>
      <Badge color="red" variant="light" leftSection={<IconAlertTriangle size={12} />} radius="sm">
        {n}
      </Badge>
    </Tooltip>
  );
}

/** The vehicle table's columns; `onOpen` also makes the plate a button for keyboards. */
export function vehicleColumns(onOpen: (id: number) => void): ListColumn<Vehicle>[] {
  return [
    {
      header: 'Placa',
      cell: (v) => (
        <UnstyledButton
          onClick={() => onOpen(v.id)}
          aria-label={`Abrir veículo ${v.placa_formatada}`}
        >
          <Text ff="monospace" fw={700} size="sm">
            {v.placa_formatada}
          </Text>
        </UnstyledButton>
      ),
    },
    {
      header: 'Veículo',
      cell: (v) => (
        <>
          <Text size="sm" fw={500}>
            {v.marca} {v.modelo}
          </Text>
          <Text size="xs" c="dimmed">
            {v.ano}
          </Text>
        </>
      ),
    },
    { header: 'Status', cell: (v) => <VehicleStatusBadge status={v.status} /> },
    {
      header: 'Odômetro',
      right: true,
      cell: (v) => <Text size="sm">{formatKm(v.odometro_km)}</Text>,
    },
    {
      header: 'Condutor',
      cell: (v) => (
        <Text size="sm" c={v.condutor ? undefined : 'dimmed'}>
          {v.condutor?.nome ?? '—'}
        </Text>
      ),
    },
    {
      header: 'Licenciamento',
      cell: (v) => (
        <DueDate
          date={v.licenciamento_vencimento}
          label="Licenciamento"
          inactive={v.status === 'inativo'}
        />
      ),
    },
    {
      header: 'Seguro',
      cell: (v) => (
        <DueDate date={v.seguro_vencimento} label="Seguro" inactive={v.status === 'inativo'} />
      ),
    },
    { header: 'Alertas', w: 70, cell: (v) => <AlertCount n={v.alertas} /> },
  ];
}

/** A vehicle on a phone: plate, alerts and status, model, odometer and driver. */
export function VehicleCard({ v }: { v: Vehicle }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text ff="monospace" fw={700}>
          {v.placa_formatada}
        </Text>
        <Group gap={6} wrap="nowrap">
          <AlertCount n={v.alertas} />
          <VehicleStatusBadge status={v.status} />
        </Group>
      </Group>
      <Text size="sm" mt={4}>
        {v.marca} {v.modelo} · {v.ano}
      </Text>
      <Group gap="md" mt={6}>
        <Text size="xs" c="dimmed">
          {formatKm(v.odometro_km)}
        </Text>
        {v.condutor && (
          <Group gap={4}>
            <IconUser size={12} />
            <Text size="xs">{v.condutor.nome}</Text>
          </Group>
        )}
      </Group>
    </>
  );
}
