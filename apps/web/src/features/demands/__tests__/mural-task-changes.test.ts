import type { MuralTask } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchMuralTasksOnChange } = await import('../api/get-mural-task-changes.ts');
const { muralKeys } = await import('../api/keys.ts');

const task = (id: number, over: Partial<MuralTask> = {}) =>
  ({
    id,
    mural_id: 7,
    titulo: `Tarefa ${id}`,
    stage: 'a_fazer',
    updated_at: V1,
    ...over,
  }) as MuralTask;

/** The tasks tab of demand 7 on screen. */
const tabOnScreen = (items: MuralTask[], muralId = 7) => onScreen(muralKeys.tasks(muralId), items);

const moved = {
  type: 'protocol.changed' as const,
  version: V2,
  data: { ids: [2], mural_id: 7 },
};

afterEach(() => vi.clearAllMocks());

describe('patchMuralTasksOnChange', () => {
  it("asks the demand's task changes since the version and patches the one task", async () => {
    const { client, data } = tabOnScreen([task(1), task(2), task(3)]);
    get.mockResolvedValue(
      pageChanges([task(2, { stage: 'em_andamento', updated_at: V2 })], [1, 2, 3]),
    );
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await patchMuralTasksOnChange(client, moved);
    expect(get).toHaveBeenCalledWith('/eproto/murals/7/tasks/changes', {
      params: { updated_since: V2 },
    });
    expect(data().map((x) => [x.id, x.stage])).toEqual([
      [1, 'a_fazer'],
      [2, 'em_andamento'],
      [3, 'a_fazer'],
    ]);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('drops a task no longer in the ids and keeps the order of the answer', async () => {
    const { client, data } = tabOnScreen([task(1), task(2), task(3)]);
    get.mockResolvedValue(
      pageChanges([task(2, { fim_previsto: '2026-12-31', updated_at: V2 })], [3, 2]),
    );
    await patchMuralTasksOnChange(client, moved);
    expect(data().map((x) => x.id)).toEqual([3, 2]);
  });

  it("leaves other demands' tabs alone and asks nothing when the tab shows the version", async () => {
    const other = tabOnScreen([task(2)], 8);
    await patchMuralTasksOnChange(other.client, moved);
    const shown = tabOnScreen([task(2, { updated_at: V2 })]);
    await patchMuralTasksOnChange(shown.client, moved);
    expect(get).not.toHaveBeenCalled();
  });

  it('reads the tab again when it would show a task it does not hold, or the read fails', async () => {
    const first = tabOnScreen([task(1)]);
    get.mockResolvedValueOnce(pageChanges([], [1, 5]));
    const refetch = vi.spyOn(first.client, 'invalidateQueries').mockResolvedValue();
    await patchMuralTasksOnChange(first.client, moved);
    expect(refetch).toHaveBeenCalledWith({ queryKey: muralKeys.tasks(7), exact: true });

    const second = tabOnScreen([task(1)]);
    get.mockRejectedValueOnce(new Error('400'));
    const again = vi.spyOn(second.client, 'invalidateQueries').mockResolvedValue();
    await patchMuralTasksOnChange(second.client, moved);
    expect(again).toHaveBeenCalledWith({ queryKey: muralKeys.tasks(7), exact: true });
  });
});
