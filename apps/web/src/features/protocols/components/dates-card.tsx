import type { Protocol } from '@eproto/domain';
import { countOf, diffDays } from '@eproto/domain';
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
      {/* planned and real side by side, one row per date: three narrow columns, so the dates
          never run together on a phone (the other way round needed four date-wide columns) */}
      <Table
        withRowBorders={false}
        verticalSpacing={6}
        horizontalSpacing="xs"
        fz="sm"
        styles={{ td: { whiteSpace: 'nowrap' } }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th />
            <Table.Th>Previsto</Table.Th>
            <Table.Th>Real</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td c="dimmed">Início</Table.Td>
            <Table.Td>{formatDate(task.inicio_previsto) || '—'}</Table.Td>
            <Table.Td>{formatDate(task.inicio_real) || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Fim</Table.Td>
            <Table.Td c={task.atrasada ? 'red' : undefined}>
              {formatDate(task.fim_previsto) || '—'}
            </Table.Td>
            <Table.Td>{formatDate(task.fim_real) || '—'}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td c="dimmed">Duração</Table.Td>
            <Table.Td>{days(task.inicio_previsto, task.fim_previsto)}</Table.Td>
            <Table.Td>{days(task.inicio_real, task.fim_real)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {slip !== null && slip !== 0 && (
        <Text size="xs" c={slip > 0 ? 'red' : 'teal'} mt="xs">
          {slip > 0
            ? `Concluída ${countOf(slip, 'dia', 'dias')} depois do previsto.`
            : `Concluída ${countOf(-slip, 'dia', 'dias')} antes do previsto.`}
        </Text>
      )}
    </Paper>
  );
}
