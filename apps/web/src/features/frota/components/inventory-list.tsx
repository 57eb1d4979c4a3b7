import type { InventoryItem } from '@eproto/domain';
import { ITEM_NATURE_LABELS, ITEM_STATE_LABELS, quantityOf } from '@eproto/domain';
import { Badge, Card, Group, Stack, Table, Text } from '@mantine/core';

import { formatInt } from '../utils/format.ts';

export function Quantity({ item }: { item: InventoryItem }) {
  if (item.natureza === 'patrimonio') {
    return item.estado === 'baixado' ? (
      <Badge color="gray" variant="light" radius="sm">
        Baixado
      </Badge>
    ) : (
      <Text size="sm">1 un</Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Text size="sm" fw={600} c={item.abaixo_minimo ? 'red' : undefined}>
        {quantityOf(item.quantidade, item.unidade)}
      </Text>
      {item.abaixo_minimo && (
        <Badge color="red" variant="light" size="sm" radius="sm">
          mín. {formatInt(item.estoque_minimo)}
        </Badge>
      )}
    </Group>
  );
}

function Holder({ item }: { item: InventoryItem }) {
  if (item.natureza === 'consumivel')
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Text size="sm" c={item.responsavel ? undefined : 'dimmed'}>
      {item.responsavel?.nome ?? 'Sem responsável'}
    </Text>
  );
}

/** Items as a table from tablets up and cards on phones; a click opens the item. */
export function InventoryList({
  items,
  onOpen,
}: {
  items: InventoryItem[];
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Código</Table.Th>
              <Table.Th>Item</Table.Th>
              <Table.Th>Natureza</Table.Th>
              <Table.Th>Localização</Table.Th>
              <Table.Th>Estado</Table.Th>
              <Table.Th>Responsável</Table.Th>
              <Table.Th ta="right">Quantidade</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((i) => (
              <Table.Tr key={i.id} style={{ cursor: 'pointer' }} onClick={() => onOpen(i.id)}>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {i.codigo}
                  </Text>
                </Table.Td>
                <Table.Td maw={300}>
                  <Text size="sm" fw={500} truncate="end">
                    {i.nome}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i.categoria}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={i.natureza === 'patrimonio' ? 'indigo' : 'cyan'}
                    radius="sm"
                  >
                    {ITEM_NATURE_LABELS[i.natureza]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.localizacao}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.estado ? ITEM_STATE_LABELS[i.estado] : '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Holder item={i} />
                </Table.Td>
                <Table.Td ta="right">
                  <Quantity item={i} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {items.map((i) => (
          <Card
            key={i.id}
            withBorder
            radius="md"
            padding="sm"
            component="button"
            type="button"
            onClick={() => onOpen(i.id)}
            style={{ textAlign: 'left', cursor: 'pointer' }}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600} truncate="end">
                {i.nome}
              </Text>
              <Quantity item={i} />
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {i.codigo} · {ITEM_NATURE_LABELS[i.natureza]} · {i.localizacao}
              {i.responsavel ? ` · ${i.responsavel.nome}` : ''}
            </Text>
          </Card>
        ))}
      </Stack>
    </>
  );
}
