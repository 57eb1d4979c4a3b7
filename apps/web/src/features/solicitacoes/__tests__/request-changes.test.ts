import { RT_EVENTS, type RequestList, type Solicitacao } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchRequestsOnChange } = await import('../api/get-request-changes.ts');
const { effectsOf } = await import('../../../lib/changes/change-effects.ts');

// Issue 37: a request's change ('requests.changed' with its version) patches each /solicitacoes
// list on screen from its cursor (rows changed, ids, counts); nothing is read whole.

const CURSOR = '2026-11-29T09:59:00.000Z';
const row = (id: number, status: Solicitacao['status'], updated_at = V1) =>
  ({ id, status, updated_at, created_at: `2026-11-2${id}T10:00:00.000Z` }) as Solicitacao;
const counts = (aberta: number, em_analise: number) =>
  ({ aberta, em_analise, aprovada: 0, recusada: 0, atendida: 0 }) as RequestList['contagem'];

const KEY = ['requests', 'list', { status: undefined }];

function requestsTab() {
  const list = onScreen<RequestList>(KEY, {
    items: [row(2, 'aberta'), row(1, 'aberta')],
    contagem: counts(2, 0),
    cursor: CURSOR,
  });
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, refetch };
}

const change = (id: number) => ({
  type: RT_EVENTS.requestsChanged,
  id,
  version: V2,
  data: { id, epi_delivery_id: null },
});

afterEach(() => vi.clearAllMocks());

describe('patchRequestsOnChange', () => {
  it('one ask from the cursor patches the row and the counts; nothing read whole', async () => {
    const tab = requestsTab();
    get.mockResolvedValue({
      items: [row(1, 'em_analise', V2)],
      ids: [2, 1],
      contagem: counts(1, 1),
      cursor: V2,
    });
    // The map leaves the lists and the pages to the patch (main read every ['requests'] query).
    expect(effectsOf(change(1))).toEqual([{ queryKey: ['requests'], keep: expect.any(Function) }]);
    expect(effectsOf(change(1))[0]!.keep!(KEY)).toBe(true);
    await patchRequestsOnChange(tab.client, change(1));
    expect(get).toHaveBeenCalledWith('/solicitacoes', {
      params: { status: undefined, updated_since: CURSOR },
    });
    expect(tab.list.data().items.map((r) => [r.id, r.status])).toEqual([
      [2, 'aberta'],
      [1, 'em_analise'],
    ]);
    expect(tab.list.data().contagem).toEqual(counts(1, 1));
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.list.full).not.toHaveBeenCalled();
  });

  it('a list already showing the version (the tab that wrote it) asks nothing', async () => {
    const tab = requestsTab();
    tab.client.setQueryData(KEY, {
      items: [row(2, 'aberta'), row(1, 'em_analise', V2)],
      contagem: counts(1, 1),
      cursor: CURSOR,
    });
    await patchRequestsOnChange(tab.client, change(1));
    expect(get).not.toHaveBeenCalled();
  });
});
