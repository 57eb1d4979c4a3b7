import type { OsSummary } from '@eproto/domain';
import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';

import { plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from './os-status-badge.tsx';

const pageOf = (item: OsSummary) => `/tatico/agenda/os/${item.id}`;

/** The list: a table on wide screens, cards on a phone. */
export function OsList({ items }: { items: readonly OsSummary[] }) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (phone) {
    return (
      <Stack gap="sm">
        {items.map((os) => (
          <Card
            key={os.id}
            withBorder
            radius="md"
            padding="sm"
            component={Link}
            to={pageOf(os)}
            data-testid="os-row"
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={700}>{os.codigo}</Text>
              <Group gap={4} wrap="nowrap">
                {os.atrasada && <LateBadge />}
                <OsStatusBadge status={os.status} />
              </Group>
            </Group>
            <Text size="sm" fw={500}>
              {os.tipo.nome}
            </Text>
            <Text size="sm" c="dimmed">
              {plannedPeriod(os.previsto_inicio, os.previsto_fim)}
            </Text>
            <Text size="sm" c="dimmed" lineClamp={1}>
              {os.local} · {os.contrato.codigo}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {os.pessoas.map((p) => p.nome).join(', ')}
            </Text>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>OS</Table.Th>
            <Table.Th>Situação</Table.Th>
            <Table.Th>Tipo de serviço</Table.Th>
            <Table.Th>Contrato</Table.Th>
            <Table.Th>Local</Table.Th>
            <Table.Th>Previsto</Table.Th>
            <Table.Th>Equipe</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((os) => (
            <Table.Tr key={os.id} data-testid="os-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor component={Link} to={pageOf(os)} fw={700}>
                  {os.codigo}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Group gap={4} wrap="nowrap">
                  <OsStatusBadge status={os.status} />
                  {os.atrasada && <LateBadge />}
                </Group>
              </Table.Td>
              <Table.Td>{os.tipo.nome}</Table.Td>
              <Table.Td>
                <Text size="sm" title={os.contrato.nome}>
                  {os.contrato.codigo}
                </Text>
              </Table.Td>
              <Table.Td maw={240}>
                <Text size="sm" lineClamp={1} title={os.local}>
                  {os.local}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {plannedPeriod(os.previsto_inicio, os.previsto_fim)}
              </Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" lineClamp={1}>
                  {os.pessoas.map((p) => p.nome).join(', ')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
