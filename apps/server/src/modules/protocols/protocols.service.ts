import {
  stageDateChanges,
  todayIn,
  type Protocol,
  type protocolCreateBody,
  type protocolListQuery,
  type ProtocolSummary,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import { protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import { isReviewer } from './protocol-access.ts';
import type { Publish } from './protocol-cascade.ts';
import { publishProtocolsChanged, taskWebhookData } from './protocol-events.ts';
import { createWorkItemsRepo } from '../work-items/work-items.repo.ts';
import { createProtocolItemsRepo } from './protocol-items.repo.ts';
import { protocolThread } from './protocol-thread.ts';
import { historyFields, toProtocol, toProtocolSummary } from './protocol-mapper.ts';
import { createProtocolsRepo, protocolListOrder, protocolListWhere } from './protocols.repo.ts';

type ListQuery = z.output<typeof protocolListQuery>;
type CreateBody = z.output<typeof protocolCreateBody>;

/** Tasks: list, read, create, delete (edits and stage moves live beside this file). */
export function createProtocolsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const notifications = deps.notifications;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function get(u: ScopeUser, id: number, tx: DbOrTx = db): Promise<Protocol> {
    const access = await deps.access.requireAccess(u, 'task', id, tx);
    const row = await createProtocolsRepo(tx).detail(id);
    if (!row) throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
    return toProtocol(row, today(), access.permissions);
  }

  return {
    get,

    async list(u: ScopeUser, q: ListQuery): Promise<{ items: ProtocolSummary[]; total: number }> {
      const day = today();
      const { rows, total } = await createProtocolsRepo(db).page(
        protocolListWhere(protocolScopeSql(u), q, day),
        protocolListOrder(q.sort),
        q.perPage,
        (q.page - 1) * q.perPage,
      );
      return { items: rows.map((r) => toProtocolSummary(r, day)), total };
    },

    /**
     * What changed on one page of the caller's task list since `updated_since`
     * (GET /protocols/changes): the page's ids in order, its tasks changed since, the total
     * and the next cursor.
     */
    async listChanges(u: ScopeUser, q: ListQuery & { updated_since: string }) {
      const cursor = nextSyncCursor();
      const day = today();
      const { ids, total, rows } = await createProtocolsRepo(db).pageChangesSince(
        protocolListWhere(protocolScopeSql(u), q, day),
        protocolListOrder(q.sort),
        q.perPage,
        (q.page - 1) * q.perPage,
        new Date(q.updated_since),
      );
      const order = new Map(ids.map((id, i) => [id, i]));
      const items = rows
        .map((r) => toProtocolSummary(r, day))
        .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
      return { items, ids, total, cursor };
    },

    async create(u: ScopeUser, body: CreateBody): Promise<Protocol> {
      const mural = await scope.assertMuralVisible(u, body.mural_id);
      const canCreate = mural.manager || mural.responsavelId === u.id || mural.createdBy === u.id;
      if (!canCreate) throw forbidden();
      if (body.stage === 'concluido' && !isReviewer(u)) throw forbidden();
      const publishers: Publish[] = [];
      const id = await db.transaction(async (tx) => {
        const repo = createProtocolsRepo(tx);
        if (body.responsavel_id) {
          const [ok] = await repo.activeUserIds([body.responsavel_id]);
          if (!ok) {
            throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'responsavel_id');
          }
        }
        const dates = stageDateChanges(
          { stage: 'a_fazer', inicio_real: null, fim_real: null },
          body.stage,
          today(),
        );
        const review = body.stage === 'em_revisao';
        const task = await repo.insert({
          muralId: body.mural_id,
          titulo: body.titulo,
          descricao: body.descricao ?? null,
          responsavelId: body.responsavel_id ?? null,
          prioridade: body.prioridade,
          stage: body.stage,
          inicioPrevisto: body.inicio_previsto ?? null,
          fimPrevisto: body.fim_previsto ?? null,
          inicioReal: dates.inicio_real ?? null,
          fimReal: dates.fim_real ?? null,
          horasEstimadas: body.horas_estimadas ?? null,
          createdBy: u.id,
          reviewStatus: review ? 'pendente' : null,
          reviewRequestedAt: review ? new Date() : null,
        });
        await createProtocolItemsRepo(tx).insertHistory({
          protocolId: task.id,
          authorId: u.id,
          action: 'criada',
          before: null,
          after: historyFields(task),
        });
        // Webhooks: a reviewer may create a task already concluded.
        if (task.stage === 'concluido') {
          await emitWebhook(deps, tx, WEBHOOK_EVENT.tarefaConcluida, taskWebhookData(deps, task));
        }
        if (task.responsavelId) {
          await emitWebhook(deps, tx, WEBHOOK_EVENT.tarefaAtribuida, taskWebhookData(deps, task));
          publishers.push(
            await notifications.notify(
              {
                userIds: [task.responsavelId],
                type: 'task_assigned',
                authorId: u.id,
                muralId: task.muralId,
                protocolId: task.id,
                texto: `Você é o responsável pela tarefa "${task.titulo}" em "${mural.titulo}".`,
              },
              tx,
            ),
          );
        }
        return task.id;
      });
      for (const p of publishers) await p();
      await publishProtocolsChanged(deps, [
        { muralId: body.mural_id, ids: [id], reviews: body.stage === 'em_revisao' },
      ]);
      await publishMuralChanged(deps, body.mural_id, { part: 'tasks', taskId: id });
      return get(u, id);
    },

    async remove(u: ScopeUser, id: number): Promise<void> {
      const access = await deps.access.requireAccess(u, 'task', id, db);
      if (!access.permissions.delete) throw forbidden();
      const removeFiles = await db.transaction(async (tx) => {
        const tasks = createProtocolsRepo(tx);
        // Locked first: an attachment being added waits, so the keys read next are all of them.
        if (!(await tasks.lock(id))) throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
        const keys = await createWorkItemsRepo(tx, protocolThread.tables).storageKeys(id);
        await tasks.remove(id);
        return removeAfterCommit(deps, tx, keys);
      });
      await removeFiles();
      await publishProtocolsChanged(deps, [
        {
          muralId: access.task.muralId,
          ids: [id],
          reviews: access.task.reviewStatus === 'pendente',
        },
      ]);
      await publishMuralChanged(deps, access.task.muralId, { part: 'tasks', taskId: id });
    },
  };
}

export type ProtocolsService = ReturnType<typeof createProtocolsService>;
