import type { ProtocolSummary } from '@eproto/domain';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';

import { formatDate } from '../../../lib/dates.ts';
import { LateBadge, PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import { PersonCell } from './person-cell.tsx';

function Due({ task }: { task: ProtocolSummary }) {
  return (
    <Text
      size="sm"
      c={task.atrasada ? 'red' : undefined}
      fw={task.atrasada ? 600 : undefined}
      title={task.atrasada ? 'Atrasada' : undefined}
    >
      {formatDate(task.fim_previsto) || '—'}
      {task.atrasada && (
        <Text span size="xs" c="red" display="block">
          Atrasada
        </Text>
      )}
    </Text>
  );
}

/** The task list: a table on wide screens, cards on phones. */
export function ProtocolsTable({ tasks }: { tasks: ProtocolSummary[] }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  if (phone) {
    return (
      <Stack gap="sm">
        {tasks.map((t) => (
          <Card key={t.id} withBorder radius="md" padding="sm" data-testid="protocol-row">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={`/eproto/protocols/${t.id}`} fw={600} lineClamp={2}>
                  {t.titulo}
                </Anchor>
                <StageBadge stage={t.stage} size="sm" style={{ flexShrink: 0 }} />
              </Group>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {t.mural_titulo}
                {t.contract_nome ? ` · ${t.contract_nome}` : ''}
              </Text>
              <Group justify="space-between" gap="xs">
                <PersonCell nome={t.responsavel_nome} avatar={t.responsavel_avatar} size={22} />
                <Group gap={6}>
                  {t.atrasada && <LateBadge size="xs" />}
                  <Text size="xs" c={t.atrasada ? 'red' : 'dimmed'}>
                    Prazo {formatDate(t.fim_previsto) || '—'}
                  </Text>
                </Group>
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tarefa</Table.Th>
            <Table.Th miw={140}>Etapa</Table.Th>
            <Table.Th miw={100}>Prioridade</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th miw={110}>Início previsto</Table.Th>
            <Table.Th miw={110}>Fim previsto</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tasks.map((t) => (
            <Table.Tr key={t.id} data-testid="protocol-row">
              <Table.Td maw={360}>
                <Anchor component={Link} to={`/eproto/protocols/${t.id}`} fw={600} size="sm">
                  {t.titulo}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {t.mural_titulo}
                  {t.contract_nome ? ` · ${t.contract_nome}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <StageBadge stage={t.stage} />
              </Table.Td>
              <Table.Td>
                <PriorityBadge prioridade={t.prioridade} />
              </Table.Td>
              <Table.Td maw={200}>
                <PersonCell nome={t.responsavel_nome} avatar={t.responsavel_avatar} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(t.inicio_previsto) || '—'}</Text>
              </Table.Td>
              <Table.Td>
                <Due task={t} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
