import { clockHours, formatDateBr, type TimesheetWeek } from '@eproto/domain';
import { ActionIcon, Badge, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

const WEEKDAYS = ['Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb', 'Dom'];
const cell = (min: number) => (min > 0 ? clockHours(min) : '—');
const shortDate = (d: string) => formatDateBr(d).slice(0, 5);

/** Mon–Sun × lines on tablets and up; one card per day on phones (only one is shown). */
export function TimesheetGrid({ week }: { week: TimesheetWeek }) {
  if (week.linhas.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        Nenhuma hora nesta semana.
      </Text>
    );
  }
  return (
    <>
      <Box visibleFrom="sm" style={{ overflowX: 'auto' }}>
        <Table striped withTableBorder aria-label="Horas da semana" miw={760}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Origem</Table.Th>
              {week.dias.map((d, i) => (
                <Table.Th key={d} ta="right">
                  {WEEKDAYS[i]} {shortDate(d)}
                </Table.Th>
              ))}
              <Table.Th ta="right">Total</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {week.linhas.map((l) => (
              <Table.Tr key={`${l.origem}:${l.tipo}:${l.ref_id}`}>
                <Table.Td>
                  <Text size="sm" fw={500} lineClamp={1}>
                    {l.rotulo}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {l.origem === 'os' ? 'Check-in/out da OS' : 'Lançamento manual'}
                    {l.contrato ? ` · ${l.contrato.codigo}` : ''}
                  </Text>
                </Table.Td>
                {l.minutos.map((m, i) => (
                  <Table.Td key={week.dias[i]} ta="right" ff="monospace">
                    {cell(m)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" ff="monospace" fw={600}>
                  {clockHours(l.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total do dia</Table.Th>
              {week.totais.map((m, i) => (
                <Table.Th key={week.dias[i]} ta="right" ff="monospace">
                  {cell(m)}
                </Table.Th>
              ))}
              <Table.Th ta="right" ff="monospace" data-testid="total-semana-tabela">
                {clockHours(week.total)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Box>
      <Stack gap="xs" hiddenFrom="sm" aria-label="Horas por dia">
        {week.dias.map((d, i) => {
          const lines = week.linhas.filter((l) => l.minutos[i]! > 0);
          return (
            <Paper key={d} withBorder radius="md" p="xs">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" fw={600}>
                  {WEEKDAYS[i]}, {shortDate(d)}
                </Text>
                <Text size="sm" ff="monospace" fw={600} c={lines.length ? undefined : 'dimmed'}>
                  {cell(week.totais[i]!)}
                </Text>
              </Group>
              {lines.map((l) => (
                <Group
                  key={`${l.origem}:${l.tipo}:${l.ref_id}`}
                  justify="space-between"
                  wrap="nowrap"
                >
                  <Text size="xs" c="dimmed" lineClamp={1}>
                    {l.rotulo}
                  </Text>
                  <Text size="xs" ff="monospace">
                    {clockHours(l.minutos[i]!)}
                  </Text>
                </Group>
              ))}
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}

/** The manual entries of the week, each removable while the week is open. */
export function TimesheetEntries({
  week,
  onRemove,
  removing,
}: {
  week: TimesheetWeek;
  onRemove: (id: number) => void;
  removing: boolean;
}) {
  if (week.lancamentos.length === 0) return null;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Lançamentos manuais
      </Text>
      {week.lancamentos.map((e) => (
        <Group key={e.id} justify="space-between" wrap="nowrap" gap="xs">
          <Box miw={0}>
            <Text size="sm" lineClamp={1}>
              {shortDate(e.data)} · {e.rotulo}
            </Text>
            {e.nota && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {e.nota}
              </Text>
            )}
          </Box>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <Badge variant="light" ff="monospace" style={{ overflow: 'visible' }}>
              {clockHours(e.minutos)}
            </Badge>
            {week.pode_lancar && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Excluir lançamento de ${shortDate(e.data)}`}
                disabled={removing}
                onClick={() => onRemove(e.id)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        </Group>
      ))}
    </Stack>
  );
}
