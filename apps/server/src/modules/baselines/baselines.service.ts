import type { BaselineCreateBody, BaselineDetail, BaselineSummary } from '@eproto/domain';
import { CALENDAR_DAYS, MAX_BASELINES_PER_MURAL } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { calendarsOfMurals } from '../calendar/calendar.service.ts';
import { muralPermissions } from '../murals/mural-permissions.ts';
import { compareWithBaseline } from './baseline-variance.ts';
import { createBaselinesRepo, type BaselineRow } from './baselines.repo.ts';

const toSummary = (b: BaselineRow): BaselineSummary => ({
  id: b.id,
  mural_id: b.muralId,
  nome: b.nome,
  created_at: b.createdAt.toISOString(),
  created_by_nome: b.createdByNome,
  tarefas: b.tarefas,
});

/**
 * Baselines of a demand's plan (issue 36 point 2). Whoever sees the demand reads them; whoever
 * plans it (edits the demand or its tasks: gestores, creator, responsável) saves and deletes.
 */
export function createBaselinesService(deps: Pick<ServiceDeps, 'database' | 'access'>) {
  const { db } = deps.database;
  const repo = createBaselinesRepo(db);

  const assertPlanner = async (u: ScopeUser, muralId: number) => {
    const access = await deps.access.requireAccess(u, 'demand', muralId);
    const p = muralPermissions(access, u.id);
    if (!p.edit && !p.edit_tasks) {
      throw new AppError('FORBIDDEN', 'Só quem planeja a demanda salva ou exclui linhas de base.');
    }
  };

  /** The baseline, if the caller sees its demand (404 otherwise, as for the demand). */
  const visible = async (u: ScopeUser, id: number) => {
    const b = await repo.get(id);
    if (!b) throw notFound('Linha de base');
    await deps.access.requireAccess(u, 'demand', b.muralId);
    return b;
  };

  return {
    async list(u: ScopeUser, muralId: number): Promise<BaselineSummary[]> {
      await deps.access.requireAccess(u, 'demand', muralId);
      return (await repo.list(muralId)).map(toSummary);
    },

    async create(u: ScopeUser, body: BaselineCreateBody): Promise<BaselineSummary> {
      await assertPlanner(u, body.mural_id);
      return db.transaction(async (tx) => {
        const r = createBaselinesRepo(tx);
        if ((await r.countOf(body.mural_id)) >= MAX_BASELINES_PER_MURAL) {
          throw new AppError(
            'CONFLICT',
            `A demanda já tem ${MAX_BASELINES_PER_MURAL} linhas de base: exclua uma antiga antes.`,
          );
        }
        const id = await r.insert({ muralId: body.mural_id, nome: body.nome, createdBy: u.id });
        return toSummary((await r.get(id))!);
      });
    },

    async detail(u: ScopeUser, id: number): Promise<BaselineDetail> {
      const b = await visible(u, id);
      const [saved, current, calendars] = await Promise.all([
        repo.tasks(id),
        repo.currentTasks(b.muralId),
        calendarsOfMurals(db, [b.muralId]),
      ]);
      const cal = calendars.get(b.muralId) ?? CALENDAR_DAYS;
      const cmp = compareWithBaseline(saved, current, cal);
      return {
        ...toSummary(b),
        dias_uteis: cal !== CALENDAR_DAYS,
        tasks: cmp.tasks,
        fim_base: cmp.fimBase,
        fim_atual: cmp.fimAtual,
        variacao: cmp.variacao,
      };
    },

    async remove(u: ScopeUser, id: number) {
      const b = await visible(u, id);
      await assertPlanner(u, b.muralId);
      const removed = await db.transaction((tx) => createBaselinesRepo(tx).remove(id, b.muralId));
      if (!removed) throw notFound('Linha de base');
    },
  };
}
