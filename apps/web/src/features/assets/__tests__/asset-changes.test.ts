import {
  RT_EVENTS,
  type AssetDetail,
  type AssetListResponse,
  type RealtimeChange,
} from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchAssetsOnChange } = await import('../api/get-asset-changes.ts');
const { putSavedAsset } = await import('../api/save-asset.ts');
const { applyChange } = await import('../../../lib/changes/change-effects.ts');
const { assetKey } = await import('../api/keys.ts');

type AssetRow = AssetListResponse['items'][number];
type ListPage = { items: AssetRow[]; total: number };

const row = (id: number, updated_at = V1, extra: Partial<AssetRow> = {}) =>
  ({
    id,
    contrato: { id: 1, codigo: 'HSL', nome: 'Hospital' },
    tipo: { id: 3, nome: 'Split', categoria: 'climatizacao', campos: [] },
    tag: `AC-${id}`,
    status: 'ativo',
    sala: null,
    atrasadas: 2,
    updated_at,
    ...extra,
  }) as AssetRow;

const FILTER = { page: 1, perPage: 25 };
const listKey = (filter: object = FILTER) => ['assets', 'list', filter] as const;

/** An asset tab: one page of the list on screen (assets 1 and 2 of contract 1). */
function assetsTab(filter: object = FILTER) {
  const list = onScreen<ListPage>(listKey(filter), { items: [row(1), row(2)], total: 2 });
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, refetch };
}

const edit = (id: number, data: Record<string, unknown> = {}): RealtimeChange => ({
  type: RT_EVENTS.assetsChanged,
  id,
  version: V2,
  data: { id, contract_id: 1, ...data },
});

/** A change as a tab takes it: the map of what it touches, then its patch. */
async function receive(client: ReturnType<typeof assetsTab>['client'], change: RealtimeChange) {
  applyChange(client, change);
  await patchAssetsOnChange(client, change);
}

afterEach(() => vi.clearAllMocks());

describe('patchAssetsOnChange', () => {
  it('an edit in another tab: one small ask patches the row, nothing is read whole', async () => {
    const tab = assetsTab();
    get.mockResolvedValue(pageChanges([row(1, V2, { sala: 'Sala 12' })], [1, 2], 2));
    await receive(tab.client, edit(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/tatico/ativos/changes', {
      params: { ...FILTER, updated_since: V2 },
    });
    expect(tab.list.data().items.map((a) => [a.id, a.sala])).toEqual([
      [1, 'Sala 12'],
      [2, null],
    ]);
    expect(tab.list.full).not.toHaveBeenCalled();
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('a new asset comes into the page from the answer, with the new total', async () => {
    const tab = assetsTab();
    get.mockResolvedValue(pageChanges([row(3, V2)], [1, 3, 2], 3));
    await receive(tab.client, edit(3, { created: true }));
    expect(tab.list.data()).toMatchObject({ total: 3 });
    expect(tab.list.data().items.map((a) => a.id)).toEqual([1, 3, 2]);
    expect(tab.list.full).not.toHaveBeenCalled();
  });

  it('a page of another contract, or a file of an asset, asks nothing', async () => {
    const tab = assetsTab({ ...FILTER, contract_id: 7 });
    await receive(tab.client, edit(1));
    const files = assetsTab();
    await receive(files.client, edit(1, { part: 'files' }));
    expect(get).not.toHaveBeenCalled();
    expect(tab.list.full).not.toHaveBeenCalled();
    expect(files.list.full).not.toHaveBeenCalled();
  });

  it("the asset's page is read once when it holds an older version, not when it shows it", async () => {
    const tab = assetsTab();
    const older = onScreen<AssetDetail>(
      assetKey(1),
      { asset: row(1, V1), pode_editar: true },
      { client: tab.client },
    );
    const shown = onScreen<AssetDetail>(
      assetKey(2),
      { asset: row(2, V2), pode_editar: true },
      { client: tab.client },
    );
    get.mockResolvedValue(pageChanges([], [1, 2], 2));
    await receive(tab.client, edit(1));
    await receive(tab.client, edit(2));
    expect(older.full).toHaveBeenCalledTimes(1);
    expect(shown.full).not.toHaveBeenCalled();
  });

  it('the tab that saved asks nothing where the asset keeps its place; a search asks', async () => {
    const tab = assetsTab();
    const search = onScreen<ListPage>(
      listKey({ ...FILTER, q: 'AC' }),
      { items: [row(1)], total: 1 },
      { client: tab.client },
    );
    // The save's answer has no overdue count: the page keeps the one it holds (2).
    const saved = row(1, V2, { sala: 'Sala 12', atrasadas: 0 });
    putSavedAsset(tab.client, { asset: saved, pode_editar: true });
    get.mockResolvedValue(pageChanges([saved], [1], 1));
    await receive(tab.client, edit(1));
    // Only the search asks (the new text may leave it); the plain page holds the answer.
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]![1]!.params).toMatchObject({ q: 'AC' });
    expect(tab.list.data().items[0]).toMatchObject({ sala: 'Sala 12', atrasadas: 2 });
    expect(search.full).not.toHaveBeenCalled();
  });

  it('a type of asset changed (no version): the lists are read again', async () => {
    const tab = assetsTab();
    await receive(tab.client, { type: RT_EVENTS.assetsChanged, data: { part: 'types' } });
    expect(get).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(tab.list.full).toHaveBeenCalledTimes(1));
  });

  it('a refused or failed ask reads the page again', async () => {
    const tab = assetsTab();
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso.'));
    await receive(tab.client, edit(1));
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: listKey(), exact: true });
  });
});
