import { countOf } from '@eproto/domain';
import type { Contract } from '@eproto/domain';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPencil, IconUsers } from '@tabler/icons-react';

import { formatMoney, formatTerm } from '../utils/format.ts';
import { ContractStatusBadge } from './contract-status-badge.tsx';

interface Props {
  contracts: Contract[];
  onEdit: (c: Contract) => void;
  onPeople: (c: Contract) => void;
}

function Actions({ c, onEdit, onPeople }: { c: Contract } & Omit<Props, 'contracts'>) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Pessoas vinculadas">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onPeople(c)}
          aria-label={`Pessoas do contrato ${c.codigo}`}
        >
          <IconUsers size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Editar">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => onEdit(c)}
          aria-label={`Editar contrato ${c.codigo}`}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Mantine's `md`: the table from there up, cards below. */
const TABLE_QUERY = '(min-width: 62em)';

/**
 * Contracts as a table from tablets up, as cards on phones (ti administration). Only the layout
 * of the viewport is drawn (read before the first paint, so no flash of the other one).
 */
export function ContractsAdminTable({ contracts, onEdit, onPeople }: Props) {
  const table = useMediaQuery(TABLE_QUERY, undefined, { getInitialValueInEffect: false });
  if (table) {
    return (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover aria-label="Contratos">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={130}>Código</Table.Th>
              <Table.Th>Contrato</Table.Th>
              <Table.Th w={210}>Vigência</Table.Th>
              <Table.Th w={100}>Status</Table.Th>
              <Table.Th w={150} ta="right">
                Valor
              </Table.Th>
              <Table.Th w={120}>Pessoas</Table.Th>
              <Table.Th w={90}>Demandas</Table.Th>
              <Table.Th w={84} aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contracts.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Text size="sm" fw={600} ff="monospace">
                    {c.codigo}
                  </Text>
                </Table.Td>
                <Table.Td maw={340}>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {c.nome}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {c.cliente}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{formatTerm(c)}</Text>
                </Table.Td>
                <Table.Td>
                  <ContractStatusBadge status={c.status} />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(c.valor)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => onPeople(c)}
                    leftSection={<IconUsers size={14} />}
                  >
                    {c.usuarios}
                  </Button>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{c.demandas}</Text>
                </Table.Td>
                <Table.Td>
                  <Actions c={c} onEdit={onEdit} onPeople={onPeople} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  return (
    <Stack gap="sm">
      {contracts.map((c) => (
        <Card key={c.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap={6}>
              <Text size="sm" fw={600} ff="monospace">
                {c.codigo}
              </Text>
              <ContractStatusBadge status={c.status} size="sm" />
            </Group>
            <Actions c={c} onEdit={onEdit} onPeople={onPeople} />
          </Group>
          <Text size="sm" fw={600} mt={4}>
            {c.nome}
          </Text>
          <Text size="xs" c="dimmed">
            {c.cliente}
          </Text>
          <Group justify="space-between" mt="xs" gap="xs">
            <Text size="xs">{formatTerm(c)}</Text>
            <Text size="xs" fw={600}>
              {formatMoney(c.valor)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {countOf(c.usuarios, 'pessoa vinculada', 'pessoas vinculadas')} ·{' '}
            {countOf(c.demandas, 'demanda', 'demandas')}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
