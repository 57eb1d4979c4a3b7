import {
  RT_EVENTS,
  type InventoryItem,
  type RealtimeChange,
  type Vehicle,
  type VehicleDetail,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, readAgain, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchInventoryOnChange, patchVehiclesOnChange } =
  await import('../api/get-fleet-changes.ts');
const { putSavedVehicle } = await import('../api/vehicle-mutation.ts');
const { applyChange } = await import('../../../lib/changes/change-effects.ts');
const { vehicleKey } = await import('../api/get-vehicle.ts');

const vehicle = (id: number, updated_at = V1, extra: Partial<Vehicle> = {}) =>
  ({
    id,
    placa: `ABC${1000 + id}`,
    modelo: 'Strada',
    status: 'disponivel',
    odometro_km: 10_000,
    alertas: 0,
    updated_at,
    ...extra,
  }) as Vehicle;

const item = (id: number, updated_at = V1, extra: Partial<InventoryItem> = {}) =>
  ({
    id,
    natureza: 'consumivel',
    nome: `Item ${id}`,
    quantidade: 10,
    abaixo_minimo: false,
    updated_at,
    ...extra,
  }) as InventoryItem;

type Vehicles = { items: Vehicle[] };

/** A fleet tab: the vehicle list on screen, and the fleet's alerts. */
function fleetTab(filter: object = {}) {
  const list = onScreen<Vehicles>(['fleet', 'vehicles', filter], {
    items: [vehicle(1), vehicle(2)],
  });
  const alerts = onScreen(['fleet', 'alerts'], { items: [], total: 0 }, { client: list.client });
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, alerts, refetch };
}

const fleetChange = (id: number): RealtimeChange => ({
  type: RT_EVENTS.fleetChanged,
  id,
  version: V2,
  data: { id },
});

async function receive(
  client: QueryClient,
  change: RealtimeChange,
  patch: (c: QueryClient, ch: RealtimeChange) => Promise<void>,
) {
  applyChange(client, change);
  await patch(client, change);
}

afterEach(() => vi.clearAllMocks());

describe('patchVehiclesOnChange', () => {
  it('a check-out in another tab: one small ask patches the vehicle, the list is not read', async () => {
    const tab = fleetTab();
    get.mockResolvedValue(pageChanges([vehicle(2, V2, { status: 'em_uso' })], [1, 2]));
    await receive(tab.client, fleetChange(2), patchVehiclesOnChange);
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/tatico/frota/veiculos/changes', {
      params: { updated_since: V2 },
    });
    expect(tab.list.data()).toEqual({ items: [vehicle(1), vehicle(2, V2, { status: 'em_uso' })] });
    expect(tab.list.full).not.toHaveBeenCalled();
    expect(readAgain(tab.refetch.mock.calls, tab.client, ['fleet', 'vehicles', {}])).toBe(false);
    // The alerts count open maintenances and dates: read again, as before.
    await vi.waitFor(() => expect(tab.alerts.full).toHaveBeenCalledTimes(1));
  });

  it('a vehicle gone from a filtered list leaves it from the ids', async () => {
    const tab = fleetTab({ status: 'disponivel' });
    get.mockResolvedValue(pageChanges([], [1]));
    await receive(tab.client, fleetChange(2), patchVehiclesOnChange);
    expect(tab.list.data().items.map((v) => v.id)).toEqual([1]);
    expect(tab.list.full).not.toHaveBeenCalled();
  });

  it("the vehicle's page is read once when older; the tab that wrote asks nothing", async () => {
    const tab = fleetTab();
    const page = onScreen<VehicleDetail>(vehicleKey(1), { vehicle: vehicle(1) } as VehicleDetail, {
      client: tab.client,
    });
    get.mockResolvedValue(pageChanges([], [1, 2]));
    await receive(tab.client, fleetChange(1), patchVehiclesOnChange);
    expect(page.full).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledTimes(1);

    // The writing tab: its answer is in the page and the list row, nothing is asked.
    get.mockClear();
    const writer = fleetTab();
    const saved = vehicle(2, V2, { modelo: 'Strada Freedom' });
    writer.client.setQueryData(vehicleKey(2), { vehicle: saved });
    putSavedVehicle(writer.client, saved);
    await receive(writer.client, fleetChange(2), patchVehiclesOnChange);
    expect(get).not.toHaveBeenCalled();
    expect(writer.list.data().items[1]).toEqual(saved);
    expect(writer.list.full).not.toHaveBeenCalled();
  });
});

describe('patchInventoryOnChange', () => {
  it('a movement in another tab: one small ask patches the item, the list is not read', async () => {
    const list = onScreen<{ items: InventoryItem[] }>(['inventory', 'items', {}], {
      items: [item(1), item(2)],
    });
    const refetch = vi.spyOn(list.client, 'invalidateQueries');
    get.mockResolvedValue(
      pageChanges([item(1, V2, { quantidade: 3, abaixo_minimo: true })], [1, 2]),
    );
    await receive(
      list.client,
      { type: RT_EVENTS.inventoryChanged, id: 1, version: V2, data: { id: 1 } },
      patchInventoryOnChange,
    );
    expect(get).toHaveBeenCalledWith('/tatico/inventario/itens/changes', {
      params: { updated_since: V2 },
    });
    expect(list.data().items[0]).toMatchObject({ quantidade: 3, abaixo_minimo: true });
    expect(list.full).not.toHaveBeenCalled();
    expect(readAgain(refetch.mock.calls, list.client, ['inventory', 'items', {}])).toBe(false);
  });

  it('without a version (an older server) the lists are read again', async () => {
    const list = onScreen<{ items: InventoryItem[] }>(['inventory', 'items', {}], {
      items: [item(1)],
    });
    await receive(list.client, { type: RT_EVENTS.inventoryChanged }, patchInventoryOnChange);
    expect(get).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(list.full).toHaveBeenCalledTimes(1));
  });
});
