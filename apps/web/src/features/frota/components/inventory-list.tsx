import type { InventoryItem } from '@eproto/domain';
import { ITEM_NATURE_LABELS, ITEM_STATE_LABELS, quantityOf } from '@eproto/domain';
import { Badge, Group, Text } from '@mantine/core';

import type { ListColumn } from '../../../components/list-page.tsx';
import { formatInt, formatMoney } from '../utils/format.ts';

/** "R$ 1.234,50" a unit; "—" for tools and consumables without a cost. */
export function UnitCost({ item }: { item: InventoryItem }) {
  return item.custo_unitario === null ? (
    <Text size="sm" c="dimmed">
      —
    </Text>
  ) : (
    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatMoney(item.custo_unitario)}
    </Text>
  );
}

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

/** The inventory table's columns. */
export const inventoryColumns: ListColumn<InventoryItem>[] = [
  {
    header: 'Código',
    cell: (i) => (
      <Text size="sm" ff="monospace">
        {i.codigo}
      </Text>
    ),
  },
  {
    header: 'Item',
    maw: 300,
    cell: (i) => (
      <>
        <Text size="sm" fw={500} truncate="end">
          {i.nome}
        </Text>
        <Text size="xs" c="dimmed">
          {i.categoria}
        </Text>
      </>
    ),
  },
  {
    header: 'Natureza',
    cell: (i) => (
      <Badge variant="light" color={i.natureza === 'patrimonio' ? 'indigo' : 'cyan'} radius="sm">
        {ITEM_NATURE_LABELS[i.natureza]}
      </Badge>
    ),
  },
  { header: 'Localização', cell: (i) => <Text size="sm">{i.localizacao}</Text> },
  {
    header: 'Estado',
    cell: (i) => <Text size="sm">{i.estado ? ITEM_STATE_LABELS[i.estado] : '—'}</Text>,
  },
  { header: 'Responsável', cell: (i) => <Holder item={i} /> },
  { header: 'Quantidade', right: true, cell: (i) => <Quantity item={i} /> },
  { header: 'Custo unitário', right: true, nowrap: true, cell: (i) => <UnitCost item={i} /> },
];

/** An item on a phone: name, quantity, code, nature, place and holder. */
export function InventoryCard({ i }: { i: InventoryItem }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} truncate="end">
          {i.nome}
        </Text>
        <Quantity item={i} />
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        {i.codigo} · {ITEM_NATURE_LABELS[i.natureza]} · {i.localizacao}
        {i.responsavel ? ` · ${i.responsavel.nome}` : ''}
        {i.custo_unitario !== null ? ` · ${formatMoney(i.custo_unitario)} a unidade` : ''}
      </Text>
    </>
  );
}
