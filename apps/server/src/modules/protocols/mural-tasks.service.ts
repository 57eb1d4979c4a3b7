import { todayIn, type MuralTask, type muralTaskUpdateBody } from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createMuralItemsRepo } from '../murals/mural-items.repo.ts';
import { createProtocolEditService } from './protocol-edit.service.ts';
import { toTaskBase } from './protocol-mapper.ts';

type TaskUpdate = z.output<typeof muralTaskUpdateBody>;

/** The tasks of a demand as the demand page shows them, and their quick edits. */
export function createMuralTasksService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function list(u: ScopeUser, muralId: number): Promise<MuralTask[]> {
    await scope.assertMuralVisible(u, muralId);
    const rows = await createMuralItemsRepo(db).tasks(muralId);
    const day = today();
    return rows.map((r) =>
      toTaskBase(r.task, { nome: r.respNome, avatarPath: r.respAvatarPath }, day),
    );
  }

  return {
    list,

    /**
     * Quick edit from the demand page. The task must belong to this demand; every change then
     * goes through the tasks service, so dates cascade to successors, predecessors bound the
     * start, em_revisao queues a review and only reviewers conclude.
     */
    async update(u: ScopeUser, muralId: number, taskId: number, body: TaskUpdate) {
      await scope.assertMuralVisible(u, muralId);
      const current = await createMuralItemsRepo(db).lockTask(muralId, taskId);
      if (!current) throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
      const edit = createProtocolEditService(deps);
      const { stage, ...fields } = body;
      if (Object.values(fields).some((v) => v !== undefined)) await edit.update(u, taskId, fields);
      if (stage !== undefined && stage !== current.stage) await edit.moveStage(u, taskId, stage);
      const tasks = await list(u, muralId);
      return tasks.find((t) => t.id === taskId)!;
    },
  };
}
