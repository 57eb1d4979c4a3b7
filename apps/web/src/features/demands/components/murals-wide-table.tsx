import type { MuralSortField } from '@eproto/domain';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { HintTooltip } from '../../../components/hint-tooltip.tsx';
import { PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import { formatDate, fromNow } from '../../../lib/dates.ts';
import { MuralDue, MuralPerson, MuralTitle } from './murals-cells.tsx';
import type { MuralsTableProps } from './murals-table.tsx';

function SortHeader({
  field,
  sort,
  onSort,
  children,
  w,
}: {
  field: MuralSortField;
  sort: string;
  onSort: (f: MuralSortField) => void;
  children: ReactNode;
  w?: number;
}) {
  const active = sort.replace(/^-/, '') === field;
  const desc = sort.startsWith('-');
  const Icon = !active ? IconArrowsSort : desc ? IconArrowDown : IconArrowUp;
  return (
    <Table.Th w={w} aria-sort={active ? (desc ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(field)}
        aria-label={`Ordenar por ${children as string}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {children}
          </Text>
          <Icon size={14} opacity={active ? 1 : 0.4} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * The demands as a sortable table, on screens from 62em (md) up: its own chunk, which a phone
 * never downloads (issue 33).
 */
export default function MuralsWideTable({ murals, sort, onSort }: MuralsTableProps) {
  const h = { sort, onSort };
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="titulo" {...h}>
              Título
            </SortHeader>
            <Table.Th w={190}>Quadro / contrato</Table.Th>
            <SortHeader field="stage" w={130} {...h}>
              Etapa
            </SortHeader>
            <SortHeader field="prioridade" w={104} {...h}>
              Prioridade
            </SortHeader>
            <Table.Th>Responsável</Table.Th>
            <SortHeader field="fim_previsto" w={110} {...h}>
              Prazo
            </SortHeader>
            <SortHeader field="updated_at" w={110} {...h}>
              Atualizada
            </SortHeader>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {murals.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td miw={240}>
                <MuralTitle m={m} withId />
              </Table.Td>
              <Table.Td maw={190}>
                <Text size="sm" truncate="end">
                  {m.board_nome}
                </Text>
                {m.contract_nome && (
                  <Text size="xs" c="dimmed" truncate="end">
                    {m.contract_nome}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <StageBadge stage={m.stage} miw="max-content" />
              </Table.Td>
              <Table.Td>
                <PriorityBadge prioridade={m.prioridade} miw="max-content" />
              </Table.Td>
              <Table.Td maw={170}>
                <MuralPerson m={m} />
              </Table.Td>
              <Table.Td>
                <MuralDue m={m} />
              </Table.Td>
              <Table.Td>
                <HintTooltip label={formatDate(m.updated_at)}>
                  <Text size="sm" c="dimmed">
                    {fromNow(m.updated_at)}
                  </Text>
                </HintTooltip>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
