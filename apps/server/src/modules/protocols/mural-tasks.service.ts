import { todayIn, type MuralTask, type muralTaskUpdateBody } from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createMuralItemsRepo } from '../murals/mural-items.repo.ts';
import type { ProtocolEditService } from './protocol-edit.service.ts';
import { toTaskBase } from './protocol-mapper.ts';

type TaskUpdate = z.output<typeof muralTaskUpdateBody>;

/** The tasks of a demand as the demand page shows them, and their quick edits. */
export function createMuralTasksService(
  deps: ServiceDeps,
  { protocolEdits: edit }: { protocolEdits: ProtocolEditService },
) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function rowsOf(muralId: number, since?: Date): Promise<MuralTask[]> {
    const rows = await createMuralItemsRepo(db).tasks(muralId, since);
    const day = today();
    return rows.map((r) =>
      toTaskBase(r.task, { nome: r.respNome, avatarPath: r.respAvatarPath }, day),
    );
  }

  async function list(u: ScopeUser, muralId: number): Promise<MuralTask[]> {
    await scope.assertMuralVisible(u, muralId);
    return rowsOf(muralId);
  }

  return {
    list,

    /**
     * What changed in a demand's task list since `updated_since` (GET /murals/{id}/tasks/changes):
     * its tasks changed since, the ids of all its tasks now in the page's order, their count
     * and the next cursor. Out of the caller's scope: 404, as the list.
     */
    async changes(u: ScopeUser, muralId: number, updatedSince: string) {
      await scope.assertMuralVisible(u, muralId);
      const cursor = nextSyncCursor();
      const items = await rowsOf(muralId, new Date(updatedSince));
      const ids = await createMuralItemsRepo(db).taskIds(muralId);
      return { items, ids, total: ids.length, cursor };
    },

    /**
     * Quick edit from the demand page. The task must belong to this demand; every change then
     * goes through the tasks service, so dates cascade to successors, predecessors bound the
     * start, em_revisao queues a review and only reviewers conclude.
     */
    async update(u: ScopeUser, muralId: number, taskId: number, body: TaskUpdate) {
      await scope.assertMuralVisible(u, muralId);
      const current = await createMuralItemsRepo(db).lockTask(muralId, taskId);
      if (!current) throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
      const { stage, ...fields } = body;
      if (Object.values(fields).some((v) => v !== undefined)) await edit.update(u, taskId, fields);
      if (stage !== undefined && stage !== current.stage) await edit.moveStage(u, taskId, stage);
      const tasks = await list(u, muralId);
      return tasks.find((t) => t.id === taskId)!;
    },
  };
}
