import { ITEM_NATURE_LABELS, ITEM_STATE_LABELS } from '@eproto/domain';
import { Badge, Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';

import { useState } from 'react';

import { MoneyField, NumberField } from '../../../components/number-field.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useInventoryItem } from '../api/get-inventory-item.ts';
import { useUpdateInventoryItem } from '../api/update-inventory-item.ts';
import { Quantity } from './inventory-list.tsx';
import { MovementForm } from './movement-form.tsx';
import { MovementList } from './movement-list.tsx';

/** One item: data, minimum stock, a movement form and the movement history. */
/**
 * Minimum stock edited in place: saved when the person settles on a whole number that changed
 * (blur or Enter, the field's commit), never from a keystroke.
 */
function MinimumStockField({ current, onSave }: { current: number; onSave: (n: number) => void }) {
  const [value, setValue] = useState<number | null>(current);
  return (
    <NumberField
      label="Estoque mínimo"
      size="xs"
      min={0}
      decimals={0}
      value={value}
      onChange={setValue}
      onCommit={(v) => {
        if (v !== null && v !== current) onSave(v);
      }}
    />
  );
}

/**
 * Unit cost edited in place, saved on commit (blur or Enter) when it changed; emptied, it
 * clears the cost. OSs keep the cost they had when the material was used.
 */
function UnitCostField({
  current,
  onSave,
}: {
  current: number | null;
  onSave: (v: number | null) => void;
}) {
  const [value, setValue] = useState<number | null>(current);
  return (
    <MoneyField
      label="Custo unitário"
      size="xs"
      max={1_000_000}
      value={value}
      onChange={setValue}
      onCommit={(v) => {
        if (v !== current) onSave(v);
      }}
    />
  );
}

export function ItemDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useInventoryItem(id);
  const update = useUpdateInventoryItem();
  const item = query.data?.item;

  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={item ? item.nome : 'Item'}
    >
      {query.isPending ? (
        <ListLoading rows={5} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        item && (
          <Stack gap="md">
            <Group gap="xs">
              <Badge
                variant="light"
                color={item.natureza === 'patrimonio' ? 'indigo' : 'cyan'}
                radius="sm"
              >
                {ITEM_NATURE_LABELS[item.natureza]}
              </Badge>
              <Text ff="monospace" size="sm">
                {item.codigo}
              </Text>
            </Group>
            <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
              <div>
                <Text size="xs" c="dimmed">
                  Categoria
                </Text>
                <Text size="sm">{item.categoria}</Text>
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  Localização
                </Text>
                <Text size="sm">{item.localizacao}</Text>
              </div>
              {item.natureza === 'patrimonio' ? (
                <>
                  <div>
                    <Text size="xs" c="dimmed">
                      Estado
                    </Text>
                    <Text size="sm">{item.estado ? ITEM_STATE_LABELS[item.estado] : '—'}</Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      Responsável
                    </Text>
                    <Text size="sm">{item.responsavel?.nome ?? 'Sem responsável'}</Text>
                  </div>
                </>
              ) : (
                <>
                  <div>
                    <Text size="xs" c="dimmed">
                      Em estoque
                    </Text>
                    <Quantity item={item} />
                  </div>
                  <MinimumStockField
                    key={`${item.id}-${item.estoque_minimo}`}
                    current={item.estoque_minimo}
                    onSave={(n) => update.mutate({ id: item.id, estoque_minimo: n })}
                  />
                  <UnitCostField
                    key={`${item.id}-custo-${item.custo_unitario ?? ''}`}
                    current={item.custo_unitario}
                    onSave={(v) => update.mutate({ id: item.id, custo_unitario: v })}
                  />
                </>
              )}
            </SimpleGrid>
            <Divider />
            <Title order={4}>Movimentar</Title>
            <MovementForm key={item.id} item={item} />
            <Divider />
            <Title order={4}>Histórico</Title>
            <MovementList items={query.data.movements} />
          </Stack>
        )
      )}
    </Drawer>
  );
}
