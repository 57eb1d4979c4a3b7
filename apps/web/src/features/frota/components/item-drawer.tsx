import '../../../lib/zod-locale.ts';

import { ITEM_NATURE_LABELS, ITEM_STATE_LABELS, inventoryItemPatchBody } from '@eproto/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Divider, Drawer, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormMoneyField, FormNumberField } from '../../../components/form-fields.tsx';
import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useInventoryItem } from '../api/get-inventory-item.ts';
import { useUpdateInventoryItem } from '../api/update-inventory-item.ts';
import { Quantity } from './inventory-list.tsx';
import { MovementForm } from './movement-form.tsx';
import { MovementList } from './movement-list.tsx';

/** The two numbers of a consumable edited in place, as the domain's patch body checks them. */
const minimumBody = inventoryItemPatchBody.pick({ estoque_minimo: true }).required();
const costBody = inventoryItemPatchBody.pick({ custo_unitario: true }).required();

/**
 * Minimum stock edited in place: saved when the person settles on a whole number that changed
 * (blur or Enter, the field's commit), never from a keystroke. The domain's limits show under
 * the field and nothing is saved while one is broken.
 */
function MinimumStockField({ current, onSave }: { current: number; onSave: (n: number) => void }) {
  const form = useForm<z.input<typeof minimumBody>, unknown, z.output<typeof minimumBody>>({
    resolver: zodResolver(minimumBody),
    defaultValues: { estoque_minimo: current },
    shouldFocusError: false, // checked on blur: focus stays where the person moved it
  });
  const save = form.handleSubmit(({ estoque_minimo }) => {
    if (estoque_minimo !== current) onSave(estoque_minimo);
  });
  return (
    <FormNumberField
      control={form.control}
      name="estoque_minimo"
      label="Estoque mínimo"
      size="xs"
      min={0}
      decimals={0}
      onCommit={(v) => {
        if (v !== null) void save();
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
  const form = useForm<z.input<typeof costBody>, unknown, z.output<typeof costBody>>({
    resolver: zodResolver(costBody),
    defaultValues: { custo_unitario: current },
    shouldFocusError: false,
  });
  const save = form.handleSubmit(({ custo_unitario }) => {
    if (custo_unitario !== current) onSave(custo_unitario);
  });
  return (
    <FormMoneyField
      control={form.control}
      name="custo_unitario"
      label="Custo unitário"
      size="xs"
      onCommit={() => void save()}
    />
  );
}

/** One item: data, minimum stock, a movement form and the movement history. */
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
