import type { ItemNature } from '@eproto/domain';
import { Button, Group, SegmentedControl, Stack, Switch, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBox, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

import { useIdParam } from '../utils/id-param.ts';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { useInventoryAlerts } from '../api/get-fleet-alerts.ts';
import { useInventory } from '../api/get-inventory.ts';
import { AlertsPanel } from '../../../components/alerts-panel.tsx';
import { ExportMenu } from './export-menu.tsx';
import { InventoryList } from './inventory-list.tsx';
import { ItemDrawer } from './item-drawer.tsx';
import { ItemFormModal } from './item-form-modal.tsx';

/** Inventory: patrimony and consumables, minimum-stock alerts, new item, export. */
export function InventoryTab() {
  const [natureza, setNatureza] = useState<ItemNature | 'todos'>('todos');
  const [below, setBelow] = useState(false);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [open, setOpen] = useIdParam('item');
  const [creating, setCreating] = useState(false);
  const query = useInventory({
    natureza: natureza === 'todos' ? undefined : natureza,
    q: q || undefined,
    abaixo_minimo: below ? 'true' : undefined,
  });
  const alerts = useInventoryAlerts();

  return (
    <Stack gap="md">
      <AlertsPanel
        title="Estoque abaixo do mínimo"
        alerts={alerts.data?.items ?? []}
        onOpen={(a) => setOpen(a.ref_id)}
      />
      <Group gap="sm" wrap="wrap" align="center">
        <TextInput
          placeholder="Buscar por código, nome, categoria ou local"
          aria-label="Buscar itens"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          flex="1 1 240px"
        />
        <SegmentedControl
          aria-label="Natureza"
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'patrimonio', label: 'Patrimônio' },
            { value: 'consumivel', label: 'Consumíveis' },
          ]}
          value={natureza}
          onChange={(v) => setNatureza(v)}
        />
        <Switch
          label="Abaixo do mínimo"
          checked={below}
          onChange={(e) => setBelow(e.currentTarget.checked)}
        />
        <Group gap="sm" wrap="nowrap">
          <ExportMenu path="/tatico/inventario/itens/export" />
          <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
            Novo item
          </Button>
        </Group>
      </Group>
      {query.isPending ? (
        <ListLoading />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <ListEmpty
          icon={<IconBox size={24} />}
          title="Nenhum item encontrado"
          hint={
            q || below || natureza !== 'todos'
              ? 'Ajuste a busca ou os filtros.'
              : 'Cadastre ferramentas, equipamentos e consumíveis.'
          }
        />
      ) : (
        <InventoryList items={query.data.items} onOpen={setOpen} />
      )}
      <ItemDrawer id={open} onClose={() => setOpen(null)} />
      <ItemFormModal opened={creating} onClose={() => setCreating(false)} onSaved={setOpen} />
    </Stack>
  );
}
