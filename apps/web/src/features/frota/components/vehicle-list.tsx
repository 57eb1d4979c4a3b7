import type { Vehicle } from '@eproto/domain';
import { countOf } from '@eproto/domain';
import { Badge, Card, Group, Stack, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconUser } from '@tabler/icons-react';

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

/** Vehicles as a table from tablets up, as cards on phones; a click opens the vehicle. */
export function VehicleList({
  vehicles,
  onOpen,
}: {
  vehicles: Vehicle[];
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Placa</Table.Th>
              <Table.Th>Veículo</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th ta="right">Odômetro</Table.Th>
              <Table.Th>Condutor</Table.Th>
              <Table.Th>Licenciamento</Table.Th>
              <Table.Th>Seguro</Table.Th>
              <Table.Th w={70}>Alertas</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {vehicles.map((v) => (
              <Table.Tr key={v.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(v.id)}>
                <Table.Td>
                  <UnstyledButton
                    onClick={() => onOpen(v.id)}
                    aria-label={`Abrir veículo ${v.placa_formatada}`}
                  >
                    <Text ff="monospace" fw={700} size="sm">
                      {v.placa_formatada}
                    </Text>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {v.marca} {v.modelo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {v.ano}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <VehicleStatusBadge status={v.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm">{formatKm(v.odometro_km)}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={v.condutor ? undefined : 'dimmed'}>
                    {v.condutor?.nome ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <DueDate
                    date={v.licenciamento_vencimento}
                    label="Licenciamento"
                    inactive={v.status === 'inativo'}
                  />
                </Table.Td>
                <Table.Td>
                  <DueDate
                    date={v.seguro_vencimento}
                    label="Seguro"
                    inactive={v.status === 'inativo'}
                  />
                </Table.Td>
                <Table.Td>
                  <AlertCount n={v.alertas} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="sm">
        {vehicles.map((v) => (
          <Card
            key={v.id}
            withBorder
            radius="md"
            padding="sm"
            component="button"
            type="button"
            onClick={() => onOpen(v.id)}
            style={{ textAlign: 'left', cursor: 'pointer' }}
            aria-label={`Abrir veículo ${v.placa_formatada}`}
          >
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
          </Card>
        ))}
      </Stack>
    </>
  );
}
