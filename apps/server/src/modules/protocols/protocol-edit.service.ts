import {
  formatDateBr,
  STAGE_LABELS,
  stageDateChanges,
  taskStart,
  todayIn,
  type CascadedTask,
  type Protocol,
  type protocolUpdateBody,
  type ProtocolUpdateResponse,
  type Stage,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import { isReviewer, taskNotFound } from './protocol-access.ts';
import { applyCascade, assertStartAllowed, loadGraph, type Publish } from './protocol-cascade.ts';
import { publishProtocolsChanged, taskWebhookData } from './protocol-events.ts';
import { createProtocolGraphRepo, type GraphTask } from './protocol-graph.repo.ts';
import { createProtocolItemsRepo } from './protocol-items.repo.ts';
import { historyFields } from './protocol-mapper.ts';
import { createProtocolsRepo, type ProtocolInsert, type ProtocolRow } from './protocols.repo.ts';
import type { ProtocolsService } from './protocols.service.ts';

type UpdateBody = z.output<typeof protocolUpdateBody>;

const COLUMN: Record<keyof UpdateBody, keyof ProtocolInsert> = {
  titulo: 'titulo',
  descricao: 'descricao',
  responsavel_id: 'responsavelId',
  prioridade: 'prioridade',
  inicio_previsto: 'inicioPrevisto',
  fim_previsto: 'fimPrevisto',
  inicio_real: 'inicioReal',
  fim_real: 'fimReal',
  horas_estimadas: 'horasEstimadas',
};

function editAction(fields: readonly string[]): string {
  if (fields.every((f) => f === 'responsavel_id')) return 'responsavel_alterado';
  if (fields.every((f) => f.startsWith('inicio_') || f.startsWith('fim_'))) {
    return 'datas_alteradas';
  }
  return 'editada';
}

function assertOrder(
  t: Pick<ProtocolRow, 'inicioPrevisto' | 'fimPrevisto' | 'inicioReal' | 'fimReal'>,
) {
  if (t.inicioPrevisto && t.fimPrevisto && t.fimPrevisto < t.inicioPrevisto) {
    throw new AppError(
      'VALIDATION',
      'O fim previsto deve ser igual ou posterior ao início previsto.',
      'fim_previsto',
    );
  }
  if (t.inicioReal && t.fimReal && t.fimReal < t.inicioReal) {
    throw new AppError(
      'VALIDATION',
      'O fim real deve ser igual ou posterior ao início real.',
      'fim_real',
    );
  }
}

const graphTask = (t: ProtocolRow): GraphTask => ({
  id: t.id,
  muralId: t.muralId,
  titulo: t.titulo,
  responsavelId: t.responsavelId,
  inicio_previsto: t.inicioPrevisto,
  fim_previsto: t.fimPrevisto,
});

export type ProtocolEditService = ReturnType<typeof createProtocolEditService>;

/** Task edits (with the date cascade), stage moves and review decisions. */
export function createProtocolEditService(
  deps: ServiceDeps,
  { protocols: tasks }: { protocols: ProtocolsService },
) {
  const { db } = deps.database;
  const notifications = deps.notifications;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function afterCommit(
    publishers: Publish[],
    muralId: number,
    id: number,
    moved: { id: number; muralId: number }[] = [],
    reviews = false,
  ) {
    for (const p of publishers) await p();
    const changes = [
      { muralId, ids: [id], reviews },
      ...moved.map((m) => ({ muralId: m.muralId, ids: [m.id] })),
    ];
    await publishProtocolsChanged(deps, changes);
    for (const m of new Set(changes.map((c) => c.muralId))) {
      await publishMuralChanged(deps, m, { part: 'tasks', taskId: id });
    }
  }

  /** Applies a stage (and the review fields it implies) under the row lock. */
  async function changeStage(
    u: ScopeUser,
    id: number,
    stage: Stage,
    review: { decision: 'aprovado' | 'rejeitado'; comment: string | null } | null,
  ): Promise<Protocol> {
    const publishers: Publish[] = [];
    let reviewsMoved = false;
    let muralId = 0;
    const changed = await db.transaction(async (tx) => {
      const repo = createProtocolsRepo(tx);
      const current = await repo.lock(id);
      if (!current) throw taskNotFound();
      muralId = current.muralId;
      if (review && current.stage !== 'em_revisao') {
        throw new AppError('CONFLICT', 'Esta tarefa não está aguardando revisão.');
      }
      if (current.stage === stage) return false;
      const dates = stageDateChanges(
        { stage: current.stage, inicio_real: current.inicioReal, fim_real: current.fimReal },
        stage,
        today(),
      );
      const set: Partial<ProtocolInsert> = { stage };
      if (dates.inicio_real !== undefined) set.inicioReal = dates.inicio_real;
      if (dates.fim_real !== undefined) set.fimReal = dates.fim_real;
      const now = new Date();
      let action = 'etapa_alterada';
      if (review) {
        Object.assign(set, {
          reviewStatus: review.decision,
          reviewedBy: u.id,
          reviewedAt: now,
          reviewComment: review.comment,
        });
        action = review.decision === 'aprovado' ? 'revisao_aprovada' : 'revisao_rejeitada';
      } else if (stage === 'em_revisao') {
        Object.assign(set, {
          reviewStatus: 'pendente',
          reviewRequestedAt: now,
          reviewedBy: null,
          reviewedAt: null,
          reviewComment: null,
        });
        action = 'revisao_solicitada';
      } else if (current.reviewStatus === 'pendente') {
        // A reviewer dragging a pending task to concluido approves it; any other move withdraws it.
        Object.assign(
          set,
          stage === 'concluido'
            ? { reviewStatus: 'aprovado', reviewedBy: u.id, reviewedAt: now }
            : { reviewStatus: null },
        );
      }
      reviewsMoved = stage === 'em_revisao' || current.reviewStatus === 'pendente';
      const updated = await repo.update(id, set);
      const cols = new Set(Object.keys(set));
      const pick = (t: ProtocolRow) =>
        historyFields(Object.fromEntries(Object.entries(t).filter(([k]) => cols.has(k))));
      await createProtocolItemsRepo(tx).insertHistory({
        protocolId: id,
        authorId: u.id,
        action,
        before: pick(current),
        after: pick(updated),
        texto: review?.comment ?? null,
      });
      // Webhooks: the review's decision (a reviewer dragging a pending task to concluido
      // approves it), then the conclusion.
      const decision =
        review?.decision ??
        (current.reviewStatus === 'pendente' && stage === 'concluido' ? 'aprovado' : null);
      if (decision) {
        await emitWebhook(
          deps,
          tx,
          decision === 'aprovado' ? WEBHOOK_EVENT.revisaoAprovada : WEBHOOK_EVENT.revisaoReprovada,
          {
            ...taskWebhookData(deps, updated),
            revisao: { decisao: decision, comentario: review?.comment ?? null, revisor_id: u.id },
          },
        );
      }
      if (stage === 'concluido') {
        await emitWebhook(deps, tx, WEBHOOK_EVENT.tarefaConcluida, taskWebhookData(deps, updated));
      }
      if (updated.responsavelId) {
        const texto = !review
          ? `A tarefa "${updated.titulo}" foi movida para ${STAGE_LABELS[stage]}.`
          : review.decision === 'aprovado'
            ? `A tarefa "${updated.titulo}" foi aprovada e concluída.${review.comment ? ` Comentário: ${review.comment}` : ''}`
            : `A revisão da tarefa "${updated.titulo}" pediu ajustes e ela voltou para Em andamento: ${review.comment ?? ''}`;
        publishers.push(
          await notifications.notify(
            {
              userIds: [updated.responsavelId],
              type: 'status_changed',
              authorId: u.id,
              muralId: updated.muralId,
              protocolId: id,
              texto,
            },
            tx,
          ),
        );
      }
      return true;
    });
    if (changed) await afterCommit(publishers, muralId, id, [], reviewsMoved);
    return tasks.get(u, id);
  }

  return {
    async update(u: ScopeUser, id: number, body: UpdateBody): Promise<ProtocolUpdateResponse> {
      const access = await deps.access.requireAccess(u, 'task', id, db);
      if (!access.permissions.edit) throw forbidden();
      const publishers: Publish[] = [];
      let moved: (CascadedTask & { muralId: number })[] = [];
      const planned = body.inicio_previsto !== undefined || body.fim_previsto !== undefined;
      const changed = await db.transaction(async (tx) => {
        // Date changes and link changes are serialised: a cascade sees a stable graph.
        if (planned) await createProtocolGraphRepo(tx).lockGraph();
        const repo = createProtocolsRepo(tx);
        const current = await repo.lock(id);
        if (!current) throw taskNotFound();
        const set: Partial<ProtocolInsert> = {};
        const fields: (keyof UpdateBody)[] = [];
        for (const [field, value] of Object.entries(body) as [keyof UpdateBody, unknown][]) {
          if (value === undefined) continue;
          const col = COLUMN[field];
          const raw = (current as Record<string, unknown>)[col] ?? null;
          const old = col === 'horasEstimadas' && raw !== null ? Number(raw) : raw;
          if (old === value) continue;
          (set as Record<string, unknown>)[col] = value;
          fields.push(field);
        }
        if (fields.length === 0) return false;
        const merged = { ...current, ...set };
        assertOrder(merged);
        if (set.responsavelId) {
          const [ok] = await repo.activeUserIds([set.responsavelId]);
          if (!ok) {
            throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'responsavel_id');
          }
        }
        const datesMoved = fields.includes('inicio_previsto') || fields.includes('fim_previsto');
        const graph = datesMoved ? await loadGraph(tx, [id]) : null;
        const next = graphTask(merged);
        if (graph) {
          const newStart = taskStart(next);
          if (newStart !== taskStart(graphTask(current))) {
            assertStartAllowed(graph.tasks, graph.deps, id, newStart, graph.calendarOf);
          }
        }
        const updated = await repo.update(id, set);
        const cols = new Set(Object.keys(set));
        const pick = (t: ProtocolRow) =>
          historyFields(Object.fromEntries(Object.entries(t).filter(([k]) => cols.has(k))));
        await createProtocolItemsRepo(tx).insertHistory({
          protocolId: id,
          authorId: u.id,
          action: editAction(fields),
          before: pick(current),
          after: pick(updated),
        });
        if (set.responsavelId) {
          await emitWebhook(
            deps,
            tx,
            WEBHOOK_EVENT.tarefaAtribuida,
            taskWebhookData(deps, updated),
          );
          publishers.push(
            await notifications.notify(
              {
                userIds: [set.responsavelId],
                type: 'task_assigned',
                authorId: u.id,
                muralId: updated.muralId,
                protocolId: id,
                texto: `Você é o responsável pela tarefa "${updated.titulo}" em "${access.mural.titulo}".`,
              },
              tx,
            ),
          );
        }
        if (graph) {
          if (updated.responsavelId && !set.responsavelId) {
            const prazo = updated.fimPrevisto
              ? ` Novo prazo: ${formatDateBr(updated.fimPrevisto)}.`
              : '';
            publishers.push(
              await notifications.notify(
                {
                  userIds: [updated.responsavelId],
                  type: 'date_changed',
                  authorId: u.id,
                  muralId: updated.muralId,
                  protocolId: id,
                  texto: `As datas da tarefa "${updated.titulo}" foram alteradas.${prazo}`,
                },
                tx,
              ),
            );
          }
          const result = await applyCascade(tx, notifications, {
            actorId: u.id,
            changed: next,
            tasks: graph.tasks,
            deps: graph.deps,
            calendarOf: graph.calendarOf,
            cause: updated.titulo,
          });
          moved = result.moved;
          publishers.push(...result.publishers);
        }
        return true;
      });
      if (changed) await afterCommit(publishers, access.task.muralId, id, moved);
      const task = await tasks.get(u, id);
      return { ...task, cascaded: moved.map(({ muralId: _m, ...rest }) => rest) };
    },

    async moveStage(u: ScopeUser, id: number, stage: Stage): Promise<Protocol> {
      const access = await deps.access.requireAccess(u, 'task', id, db);
      if (!access.permissions.move) throw forbidden();
      if (stage === 'concluido' && access.task.stage !== 'concluido' && !isReviewer(u)) {
        throw new AppError(
          'FORBIDDEN',
          'Envie a tarefa para revisão: a conclusão é aprovada por um gestor.',
        );
      }
      return changeStage(u, id, stage, null);
    },

    /** Approves (-> concluido) or rejects (-> em_andamento, comment required) a pending review. */
    async decideReview(
      u: ScopeUser,
      id: number,
      decision: 'aprovado' | 'rejeitado',
      comment: string | null,
    ): Promise<Protocol> {
      if (!isReviewer(u)) throw forbidden();
      await deps.access.requireAccess(u, 'task', id, db);
      if (decision === 'rejeitado' && !comment) {
        throw new AppError('VALIDATION', 'Informe o motivo da rejeição.', 'comment');
      }
      return changeStage(u, id, decision === 'aprovado' ? 'concluido' : 'em_andamento', {
        decision,
        comment,
      });
    },
  };
}
