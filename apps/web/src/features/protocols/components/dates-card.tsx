import type { Protocol } from '@eproto/domain';
import { diffDays } from '@eproto/domain';
import { Group, Paper, Table, Text, Title } from '@mantine/core';

import { formatDate } from '../../../lib/dates.ts';

const days = (a: string | null, b: string | null) =>
  a && b ? `${diffDays(a, b) + 1} ${diffDays(a, b) === 0 ? 'dia' : 'dias'}` : '—';

const hours = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** Planned against real dates, with durations and the deviation at the end. */
export function DatesCard({ task }: { task: Protocol }) {
  const slip =
    task.fim_previsto && task.fim_real ? diffDays(task.fim_previsto, task.fim_real) : null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="md">
          Datas
        </Title>
        {task.horas_estimadas !== null && (
          <Text size="sm" c="dimmed">
            {hours.format(task.horas_estimadas)} h estimadas
          </Text>
        )}
      </Group>
      <Table
        withRowBorders={false}
        verticalSpacing={6}
        horizontalSpacing={6}
        fz="sm"
        layout="fixed"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Início</Table.Th>
            <Table.Th>Fim</Table.Th>
            <Table.Th>Duração</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td c="dimmed">Previsto</Table.Td>
            <Table.Td>{formatDate(task.inicio_previsto) || '—'}</Table.Td>
            <Table.Td c={task.atrasada ? 'red' : undefined}>
              {formatDate(task.fim_previsto) || '—'}
            </Table.Td>
            <Table.Td>{days(task.inicio_previsto, task.fim_previsto)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Real</Table.Td>
            <Table.Td>{formatDate(task.inicio_real) || '—'}</Table.Td>
            <Table.Td>{formatDate(task.fim_real) || '—'}</Table.Td>
            <Table.Td>{days(task.inicio_real, task.fim_real)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {slip !== null && slip !== 0 && (
        <Text size="xs" c={slip > 0 ? 'red' : 'teal'} mt="xs">
          {slip > 0
            ? `Concluída ${slip} ${slip === 1 ? 'dia' : 'dias'} depois do previsto.`
            : `Concluída ${-slip} ${slip === -1 ? 'dia' : 'dias'} antes do previsto.`}
        </Text>
      )}
    </Paper>
  );
}
