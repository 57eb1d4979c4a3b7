import '../../../lib/zod-locale.ts';

import { epiSizeShort, epiStockEntryBody, type EpiItem } from '@eproto/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconPackageImport, IconPencil, IconPlus, IconShield } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';

import { FormNumberField } from '../../../components/form-fields.tsx';
import { ListView } from '../../../components/list-page.tsx';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useAddEpiStock } from '../api/add-epi-stock.ts';
import { useEpiItems } from '../api/get-epi-items.ts';
import { CaBadge } from './epi-labels.tsx';
import { EpiItemModal } from './epi-item-modal.tsx';

function Stock({ i }: { i: EpiItem }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} c={i.abaixo_minimo ? 'red' : undefined}>
        {i.estoque}
      </Text>
      <Text size="xs" c="dimmed">
        mín. {i.estoque_minimo}
      </Text>
    </Group>
  );
}

type EntryIn = z.input<typeof epiStockEntryBody>;
type EntryOut = z.output<typeof epiStockEntryBody>;

/** "Entrada de estoque": the quantity received, checked by the domain's epiStockEntryBody. */
function StockEntryModal({ item, onClose }: { item: EpiItem | null; onClose: () => void }) {
  const add = useAddEpiStock();
  const form = useForm<EntryIn, unknown, EntryOut>({
    resolver: zodResolver(epiStockEntryBody),
    defaultValues: {},
  });
  const { reset } = form;
  useEffect(() => reset({}), [item, reset]);

  const submit = form.handleSubmit(({ quantidade }) => {
    if (!item) return;
    add.mutate({ id: item.id, quantidade }, { onSuccess: onClose });
  });

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={item ? `Entrada de estoque — ${item.nome} (${epiSizeShort(item.tamanho)})` : ''}
    >
      <form
        noValidate
        aria-label="Entrada de estoque"
        onSubmit={(e) => {
          e.preventDefault();
          void submit(e);
        }}
      >
        <Stack gap="sm">
          <FormNumberField
            control={form.control}
            name="quantidade"
            label="Quantidade recebida"
            min={1}
            decimals={0}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={add.isPending}>
              Registrar entrada
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

const FILTERS = ['inativos'] as const;

/** The EPI catalogue: CA situation, useful life, stock against minimum; add and edit items. */
export function CatalogueTab() {
  const filters = useListFilters(FILTERS);
  const all = filters.values.inativos === 'true';
  const query = useEpiItems(all);
  const [editing, setEditing] = useState<EpiItem | null>(null);
  const [creating, setCreating] = useState(false);
  const [entry, setEntry] = useState<EpiItem | null>(null);

  const actions = (i: EpiItem) => (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Entrada de estoque">
        <ActionIcon
          variant="subtle"
          onClick={() => setEntry(i)}
          aria-label={`Entrada de estoque de ${i.nome} ${i.tamanho}`}
        >
          <IconPackageImport size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Editar">
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={() => setEditing(i)}
          aria-label={`Editar ${i.nome} ${i.tamanho}`}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Switch
          label="Mostrar inativos"
          checked={all}
          onChange={(e) => filters.set({ inativos: e.currentTarget.checked ? 'true' : null })}
        />
        <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
          Novo EPI
        </Button>
      </Group>
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(i) => i.id}
        rowStyle={(i) => (i.ativo ? undefined : { opacity: 0.55 })}
        minWidth={760}
        columns={[
          {
            header: 'EPI',
            cell: (i) => (
              <>
                <Text size="sm" fw={500}>
                  {i.nome}
                </Text>
                {!i.ativo && (
                  <Badge size="xs" color="gray" variant="light">
                    Inativo
                  </Badge>
                )}
              </>
            ),
          },
          { header: 'Tamanho', cell: (i) => <Text size="sm">{i.tamanho}</Text> },
          { header: 'CA', cell: (i) => <CaBadge item={i} /> },
          { header: 'Vida útil', cell: (i) => <Text size="sm">{i.vida_util_dias} dias</Text> },
          { header: 'Estoque', cell: (i) => <Stock i={i} /> },
          { header: '', w: 90, cell: actions },
        ]}
        card={(i) => (
          <>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {i.nome} ({epiSizeShort(i.tamanho)})
              </Text>
              {actions(i)}
            </Group>
            <Group gap="sm" mt={4}>
              <CaBadge item={i} />
              <Stock i={i} />
              <Text size="xs" c="dimmed">
                {i.vida_util_dias} dias
              </Text>
            </Group>
          </>
        )}
        empty={{
          icon: <IconShield size={24} />,
          title: 'Catálogo vazio',
          hint: 'Cadastre os EPIs com o número e a validade do CA.',
        }}
      />
      <EpiItemModal opened={creating} onClose={() => setCreating(false)} />
      <EpiItemModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        item={editing ?? undefined}
      />
      <StockEntryModal item={entry} onClose={() => setEntry(null)} />
    </Stack>
  );
}
