import type { ItemNature } from '@eproto/domain';
import { Button, SegmentedControl, Stack, Switch } from '@mantine/core';
import { IconBox, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { AlertsPanel } from '../../../components/alerts-panel.tsx';
import { FilterBar, ListView } from '../../../components/list-page.tsx';
import { useIdParam } from '../../../lib/use-id-param.ts';
import { useListFilters } from '../../../lib/use-list-filters.ts';
import { useInventoryAlerts } from '../api/get-fleet-alerts.ts';
import { useInventory } from '../api/get-inventory.ts';
import { ExportMenu } from './export-menu.tsx';
import { InventoryCard, inventoryColumns } from './inventory-list.tsx';
import { ItemDrawer } from './item-drawer.tsx';
import { ItemFormModal } from './item-form-modal.tsx';

const FILTERS = ['natureza', 'abaixo_minimo'] as const;

/** Inventory: patrimony and consumables, minimum-stock alerts, new item, export. */
export function InventoryTab() {
  const filters = useListFilters(FILTERS);
  const natureza = filters.values.natureza as ItemNature | undefined;
  const below = filters.values.abaixo_minimo === 'true';
  const [open, setOpen] = useIdParam('item');
  const [creating, setCreating] = useState(false);
  const query = useInventory({
    natureza,
    q: filters.search.value || undefined,
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
      <FilterBar
        search={filters.search}
        searchLabel="Buscar itens"
        placeholder="Buscar por código, nome, categoria ou local"
        actions={
          <>
            <ExportMenu path="/tatico/inventario/itens/export" />
            <Button leftSection={<IconPlus size={18} />} onClick={() => setCreating(true)}>
              Novo item
            </Button>
          </>
        }
      >
        <SegmentedControl
          aria-label="Natureza"
          data={[
            { value: 'todos', label: 'Todos' },
            { value: 'patrimonio', label: 'Patrimônio' },
            { value: 'consumivel', label: 'Consumíveis' },
          ]}
          value={natureza ?? 'todos'}
          onChange={(v) => filters.set({ natureza: v === 'todos' ? null : v })}
        />
        <Switch
          label="Abaixo do mínimo"
          checked={below}
          onChange={(e) => filters.set({ abaixo_minimo: e.currentTarget.checked ? 'true' : null })}
        />
      </FilterBar>
      <ListView
        query={query}
        items={query.data?.items}
        rowKey={(i) => i.id}
        columns={inventoryColumns}
        card={(i) => <InventoryCard i={i} />}
        onOpen={(i) => setOpen(i.id)}
        minWidth={860}
        empty={{
          icon: <IconBox size={24} />,
          title: 'Nenhum item encontrado',
          hint: filters.active
            ? 'Ajuste a busca ou os filtros.'
            : 'Cadastre ferramentas, equipamentos e consumíveis.',
        }}
      />
      <ItemDrawer id={open} onClose={() => setOpen(null)} />
      <ItemFormModal opened={creating} onClose={() => setCreating(false)} onSaved={setOpen} />
    </Stack>
  );
}
