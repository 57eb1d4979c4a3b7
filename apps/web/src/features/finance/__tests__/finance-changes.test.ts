import { RT_EVENTS, type FinanceCounter, type FinanceItem } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';
import type { FinancePage } from '../api/get-finance-murals.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchFinanceOnChange } = await import('../api/get-finance-changes.ts');
const { financeKeys } = await import('../api/keys.ts');
const { effectsOf } = await import('../../../lib/changes/change-effects.ts');

const row = (id: number, status: FinanceItem['finance_status'], updated_at = V1) =>
  ({ id, titulo: `Demanda ${id}`, finance_status: status, updated_at }) as FinanceItem;

const counter = (status: FinanceCounter['status'], total: number) =>
  ({ status, label: status, total }) as FinanceCounter;

const QUERY = { page: 1, perPage: 20 };

/** A finance tab: the list's first page and the counters on screen. */
function financeTab(query: { page: number; perPage: number; q?: string } = QUERY) {
  const list = onScreen<FinancePage>(financeKeys.list(query), {
    items: [row(1, 'enviado'), row(2, 'visualizado')],
    total: 2,
  });
  const counters = onScreen<FinanceCounter[]>(
    financeKeys.counters,
    [counter('enviado', 1), counter('visualizado', 1), counter('concluido', 0)],
    { client: list.client },
  );
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, counters, refetch };
}

const step = (id: number) => ({ type: RT_EVENTS.financeChanged, id, version: V2, data: { id } });

afterEach(() => vi.clearAllMocks());

describe('patchFinanceOnChange', () => {
  it('a finance step: one small ask patches the row and the counters, nothing read whole', async () => {
    const tab = financeTab();
    get.mockResolvedValue({
      ...pageChanges([row(1, 'concluido', V2)], [2, 1]),
      counters: [counter('enviado', 0), counter('visualizado', 1), counter('concluido', 1)],
    });
    expect(effectsOf(step(1))).toEqual([{ queryKey: ['finance'], keep: expect.any(Function) }]);
    await patchFinanceOnChange(tab.client, step(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/eproto/financeiro/murals/changes', {
      params: { page: 1, perPage: 20, q: undefined, status: undefined, updated_since: V2 },
    });
    expect(tab.list.data().items.map((i) => [i.id, i.finance_status])).toEqual([
      [2, 'visualizado'],
      [1, 'concluido'],
    ]);
    expect(tab.counters.data().map((c) => c.total)).toEqual([0, 1, 1]);
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.list.full).not.toHaveBeenCalled();
    expect(tab.counters.full).not.toHaveBeenCalled();
  });

  it('a demand sent to finance comes into the page from the answer', async () => {
    const tab = financeTab();
    get.mockResolvedValue({
      ...pageChanges([row(3, 'enviado', V2)], [3, 1, 2], 3),
      counters: [counter('enviado', 2), counter('visualizado', 1), counter('concluido', 0)],
    });
    await patchFinanceOnChange(tab.client, step(3));
    expect(tab.list.data()).toMatchObject({ total: 3 });
    expect(tab.list.data().items.map((i) => i.id)).toEqual([3, 1, 2]);
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('another change of a demand the page does not show asks nothing; of one it shows, asks', async () => {
    const tab = financeTab();
    const edit = { type: RT_EVENTS.muralChanged, id: 9, version: V2, data: { id: 9 } };
    await patchFinanceOnChange(tab.client, edit);
    expect(get).not.toHaveBeenCalled();
    // The 'mural.changed' of a finance step leaves it to its 'finance.changed'.
    await patchFinanceOnChange(tab.client, { ...edit, id: 1, data: { id: 1, finance: true } });
    expect(get).not.toHaveBeenCalled();

    get.mockResolvedValue({ ...pageChanges([row(1, 'enviado', V2)], [1, 2]), counters: [] });
    await patchFinanceOnChange(tab.client, { ...edit, id: 1, data: { id: 1 } });
    expect(get).toHaveBeenCalledTimes(1);
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('a search asks even for a demand it does not show (a new title may match)', async () => {
    const tab = financeTab({ ...QUERY, q: 'medição' });
    get.mockResolvedValue({ ...pageChanges([], [1, 2]), counters: [] });
    await patchFinanceOnChange(tab.client, {
      type: RT_EVENTS.muralChanged,
      id: 9,
      version: V2,
      data: { id: 9 },
    });
    expect(get).toHaveBeenCalledTimes(1);
  });

  it('a refused or failed ask reads the page again', async () => {
    const tab = financeTab();
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso.'));
    tab.refetch.mockResolvedValue();
    await patchFinanceOnChange(tab.client, step(1));
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: financeKeys.list(QUERY), exact: true });
  });

  it("reads the demand's finance page again only when it holds an older version", async () => {
    const tab = financeTab();
    tab.client.setQueryData(financeKeys.item(1), row(1, 'concluido', V2));
    tab.client.setQueryData(financeKeys.item(2), row(2, 'visualizado', V1));
    get.mockResolvedValue({ ...pageChanges([], [1, 2]), counters: [] });
    tab.refetch.mockResolvedValue();
    await patchFinanceOnChange(tab.client, step(1));
    await patchFinanceOnChange(tab.client, step(2));
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: financeKeys.item(2), exact: true });
    expect(tab.refetch).not.toHaveBeenCalledWith({
      queryKey: financeKeys.item(1),
      exact: true,
    });
  });
});
