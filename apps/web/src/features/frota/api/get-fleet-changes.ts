import type {
  InventoryItem,
  InventoryListChanges,
  RealtimeChange,
  Vehicle,
  VehicleDetail,
  VehicleListChanges,
} from '@eproto/domain';
import type { QueryClient, QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { itemsView } from '../../../lib/changes/own-row.ts';
import {
  patchPages,
  refreshRowPage,
  showsVersion,
  type PageDelta,
} from '../../../lib/changes/page-delta.ts';
import { itemKey, type ItemDetail } from './get-inventory-item.ts';
import { INVENTORY_KEY, type InventoryFilter } from './get-inventory.ts';
import { vehicleKey } from './get-vehicle.ts';
import { FLEET_KEY, type VehicleFilter } from './get-vehicles.ts';

/**
 * One list of rows (vehicles, inventory items) after a change of one of them with a version:
 * its page is read once unless it holds that version (refreshRowPage), and each list on screen
 * (cached as `{ items }`, every row) asks only what changed on it since (`ask`, page-delta.ts
 * patchPages) and merges it; a list that already shows the row at that version (the tab that
 * wrote it) asks nothing. Without a version change-effects.ts reads them again.
 */
async function patchListedRow<T extends { id: number; updated_at: string }>(
  queryClient: QueryClient,
  change: RealtimeChange,
  options: {
    lists: QueryKey;
    page: (id: number) => QueryKey;
    versionOf: (data: unknown) => string;
    ask: (queryKey: QueryKey, since: string) => Promise<PageDelta<T>>;
  },
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  await Promise.all([
    refreshRowPage(queryClient, options.page(id), version, options.versionOf),
    patchPages<T>(queryClient, {
      prefix: options.lists,
      since: version,
      shows: showsVersion([id], version),
      view: itemsView<T>(),
      ask: options.ask,
    }),
  ]);
}

/** GET /tatico/frota/veiculos/changes — the list's ids now, its vehicles changed since. */
function getVehicleChanges(filter: VehicleFilter, since: string): Promise<VehicleListChanges> {
  return api.get<VehicleListChanges>('/tatico/frota/veiculos/changes', {
    params: { ...filter, updated_since: since },
  });
}

/** GET /tatico/inventario/itens/changes — the list's ids now, its items changed since. */
function getItemChanges(filter: InventoryFilter, since: string): Promise<InventoryListChanges> {
  return api.get<InventoryListChanges>('/tatico/inventario/itens/changes', {
    params: { ...filter, updated_since: since },
  });
}

/** 'fleet.changed' with a version: the vehicle lists and the vehicle's page (patchListedRow). */
export function patchVehiclesOnChange(queryClient: QueryClient, change: RealtimeChange) {
  return patchListedRow<Vehicle>(queryClient, change, {
    lists: [...FLEET_KEY, 'vehicles'],
    page: vehicleKey,
    versionOf: (data) => (data as VehicleDetail).vehicle.updated_at,
    ask: (queryKey, since) => getVehicleChanges(queryKey[2] as VehicleFilter, since),
  });
}

/** 'inventory.changed' with a version: the item lists and the item's page (patchListedRow). */
export function patchInventoryOnChange(queryClient: QueryClient, change: RealtimeChange) {
  return patchListedRow<InventoryItem>(queryClient, change, {
    lists: [...INVENTORY_KEY, 'items'],
    page: itemKey,
    versionOf: (data) => (data as ItemDetail).item.updated_at,
    ask: (queryKey, since) => getItemChanges(queryKey[2] as InventoryFilter, since),
  });
}
