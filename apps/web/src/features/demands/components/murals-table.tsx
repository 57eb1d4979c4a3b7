import type { MuralSortField, MuralSummary } from '@eproto/domain';
import {
  Anchor,
  Avatar,
  Card,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconCalendarDue } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { formatDate, fromNow } from '../../../lib/dates.ts';
import { LateBadge, PriorityBadge, StageBadge } from '../../../components/work-badges.tsx';
import classes from './kanban.module.css';

interface Props {
  murals: MuralSummary[];
  sort: string;
  onSort: (field: MuralSortField) => void;
}

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

function Title({ m, withId }: { m: MuralSummary; withId?: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" miw={0}>
      {withId && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          #{m.id}
        </Text>
      )}
      {m.unread && (
        <Tooltip label="Há novidades desde a sua última visita">
          <span className={classes.unreadDot} role="status" aria-label="Não visualizada" />
        </Tooltip>
      )}
      <Anchor
        component={Link}
        to={`/eproto/murals/${m.id}`}
        fw={m.unread ? 700 : 600}
        size="sm"
        lineClamp={2}
        c="inherit"
      >
        {m.titulo}
      </Anchor>
    </Group>
  );
}

function Person({ m }: { m: MuralSummary }) {
  if (!m.responsavel_nome)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Avatar
        src={m.responsavel_avatar}
        name={m.responsavel_nome}
        color="initials"
        size={24}
        radius="xl"
      />
      <Text size="sm" truncate="end">
        {m.responsavel_nome}
      </Text>
    </Group>
  );
}

function Due({ m }: { m: MuralSummary }) {
  if (!m.fim_previsto)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" c={m.atrasada ? 'red' : undefined} fw={m.atrasada ? 700 : undefined}>
      {formatDate(m.fim_previsto)}
    </Text>
  );
}

/** Demands as a sortable table from tablets up, as cards on phones. */
export function MuralsTable({ murals, sort, onSort }: Props) {
  const h = { sort, onSort };
  return (
    <>
      <Table.ScrollContainer minWidth={1000} visibleFrom="md">
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
                  <Title m={m} withId />
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
                  <Person m={m} />
                </Table.Td>
                <Table.Td>
                  <Due m={m} />
                </Table.Td>
                <Table.Td>
                  <Tooltip label={formatDate(m.updated_at)}>
                    <Text size="sm" c="dimmed">
                      {fromNow(m.updated_at)}
                    </Text>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="md">
        {murals.map((m) => (
          <Card key={m.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" gap={6} wrap="nowrap" mb={6}>
              <Group gap={6}>
                <StageBadge stage={m.stage} size="sm" />
                <PriorityBadge prioridade={m.prioridade} size="sm" />
                {m.atrasada && <LateBadge size="sm" />}
              </Group>
              <Text size="xs" c="dimmed">
                #{m.id}
              </Text>
            </Group>
            <Title m={m} />
            <Text size="xs" c="dimmed" truncate="end" mt={2}>
              {m.board_nome}
              {m.contract_nome ? ` · ${m.contract_nome}` : ''}
            </Text>
            <Group justify="space-between" mt="xs" gap="xs" wrap="nowrap">
              <Person m={m} />
              {m.fim_previsto && (
                <Group gap={4} wrap="nowrap" c={m.atrasada ? 'red' : 'dimmed'}>
                  <IconCalendarDue size={14} />
                  <Due m={m} />
                </Group>
              )}
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
