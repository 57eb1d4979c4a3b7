import type { ProtocolListQuery, ProtocolSummary } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';
import type { ProtocolPage } from '../api/get-protocols.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get }, requestWithHeaders: vi.fn() }));

const { patchTaskListsOnChange } = await import('../api/get-protocol-changes.ts');
const { protocolKeys } = await import('../api/keys.ts');

const KANBAN: ProtocolListQuery = { page: 1, perPage: 500, sort: 'fim_previsto' };

const task = (id: number, over: Partial<ProtocolSummary> = {}) =>
  ({ id, titulo: `Tarefa ${id}`, stage: 'a_fazer', updated_at: V1, ...over }) as ProtocolSummary;

const pageOnScreen = (items: ProtocolSummary[]) =>
  onScreen<ProtocolPage>(protocolKeys.list(KANBAN), { items, total: items.length });

const moved = {
  type: 'protocol.changed' as const,
  version: V2,
  data: { ids: [2], mural_id: 7 },
};

afterEach(() => vi.clearAllMocks());

describe('patchTaskListsOnChange', () => {
  it("asks the kanban page's changes since the version and moves the one task", async () => {
    const { client, data } = pageOnScreen([task(1), task(2), task(3)]);
    get.mockResolvedValue(
      pageChanges([task(2, { stage: 'em_andamento', updated_at: V2 })], [1, 2, 3]),
    );
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchTaskListsOnChange(client, moved);
    expect(get).toHaveBeenCalledWith('/eproto/protocols/changes', {
      params: { page: 1, perPage: 500, sort: 'fim_previsto', updated_since: V2 },
    });
    expect(data().items.map((x) => [x.id, x.stage])).toEqual([
      [1, 'a_fazer'],
      [2, 'em_andamento'],
      [3, 'a_fazer'],
    ]);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('asks nothing when the page shows every changed task in that version', async () => {
    const { client } = pageOnScreen([task(2, { updated_at: V2 })]);
    await patchTaskListsOnChange(client, moved);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks nothing without a version (a deleted task: the map reads the lists again)', async () => {
    const { client } = pageOnScreen([task(2)]);
    await patchTaskListsOnChange(client, { type: 'protocol.changed', data: { ids: [2] } });
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the page again when the changes cannot be read', async () => {
    const { client } = pageOnScreen([task(2)]);
    get.mockRejectedValue(new Error('Sem conexão'));
    const refetch = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    await patchTaskListsOnChange(client, moved);
    expect(refetch).toHaveBeenCalledWith({ queryKey: protocolKeys.list(KANBAN), exact: true });
  });
});
