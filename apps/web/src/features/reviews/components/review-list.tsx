import type { ReviewItem } from '@eproto/domain';
import { Anchor, Avatar, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';

import { formatDate, fromNow } from '../../../lib/dates.ts';

interface Props {
  items: ReviewItem[];
  busyId: number | null;
  onApprove: (item: ReviewItem) => void;
  onReject: (item: ReviewItem) => void;
}

function Person({ item }: { item: ReviewItem }) {
  if (!item.responsavel)
    return (
      <Text size="sm" c="dimmed">
        Sem responsável
      </Text>
    );
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar
        src={item.responsavel.avatar}
        name={item.responsavel.nome}
        size={26}
        color="initials"
      />
      <Text size="sm" truncate>
        {item.responsavel.nome}
      </Text>
    </Group>
  );
}

function Actions({
  item,
  busy,
  onApprove,
  onReject,
}: { item: ReviewItem; busy: boolean } & Pick<Props, 'onApprove' | 'onReject'>) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <Button
        size="xs"
        color="teal"
        leftSection={<IconCheck size={14} />}
        loading={busy}
        onClick={() => onApprove(item)}
        aria-label={`Aprovar ${item.titulo}`}
      >
        Aprovar
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconX size={14} />}
        disabled={busy}
        onClick={() => onReject(item)}
        aria-label={`Rejeitar ${item.titulo}`}
      >
        Rejeitar
      </Button>
    </Group>
  );
}

const late = (item: ReviewItem) =>
  item.fim_previsto !== null && item.fim_previsto < new Date().toISOString().slice(0, 10);

/** Pending reviews: a table on wide screens, cards on phones. */
export function ReviewList({ items, busyId, onApprove, onReject }: Props) {
  const phone = useMediaQuery('(max-width: 48em)') ?? false;

  if (phone) {
    return (
      <Stack gap="sm">
        {items.map((item) => (
          <Card key={item.id} withBorder radius="md" padding="sm" data-testid="review-item">
            <Stack gap={6}>
              <Anchor component={Link} to={`/eproto/protocols/${item.id}`} fw={600}>
                {item.titulo}
              </Anchor>
              <Text size="xs" c="dimmed">
                {item.mural_titulo}
                {item.contract_nome ? ` · ${item.contract_nome}` : ''}
              </Text>
              <Group justify="space-between" gap="xs">
                <Person item={item} />
                <Text size="xs" c={late(item) ? 'red' : 'dimmed'}>
                  Prazo {formatDate(item.fim_previsto) || '—'}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Enviada {fromNow(item.since)}
              </Text>
              <Actions
                item={item}
                busy={busyId === item.id}
                onApprove={onApprove}
                onReject={onReject}
              />
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Tarefa</Table.Th>
            <Table.Th>Contrato</Table.Th>
            <Table.Th>Responsável</Table.Th>
            <Table.Th>Prazo</Table.Th>
            <Table.Th>Enviada</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.id} data-testid="review-item">
              <Table.Td maw={320}>
                <Anchor component={Link} to={`/eproto/protocols/${item.id}`} fw={600} size="sm">
                  {item.titulo}
                </Anchor>
                <Anchor
                  component={Link}
                  to={`/eproto/murals/${item.mural_id}`}
                  size="xs"
                  c="dimmed"
                  display="block"
                  truncate
                >
                  {item.mural_titulo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2} maw={220}>
                  {item.contract_nome ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Person item={item} />
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c={late(item) ? 'red' : undefined}
                  fw={late(item) ? 600 : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {formatDate(item.fim_previsto) || '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text
                  size="sm"
                  c="dimmed"
                  title={formatDate(item.since)}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {fromNow(item.since)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Actions
                  item={item}
                  busy={busyId === item.id}
                  onApprove={onApprove}
                  onReject={onReject}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
