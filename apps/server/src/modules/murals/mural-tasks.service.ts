import {
  STAGE_LABELS,
  stageDateChanges,
  todayIn,
  type MuralTask,
  type muralTaskUpdateBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import type { protocols } from '../../db/schema/index.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { createScopeService, type ScopeUser } from '../access/scope.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo, type ProtocolRow } from './mural-items.repo.ts';
import { isLate } from './mural-mapper.ts';
import { muralPermissions } from './mural-permissions.ts';
import { createMuralsRepo } from './murals.repo.ts';

type TaskUpdate = z.output<typeof muralTaskUpdateBody>;
type ProtocolInsert = typeof protocols.$inferInsert;

const COLUMN: Record<keyof TaskUpdate, keyof ProtocolInsert> = {
  titulo: 'titulo',
  stage: 'stage',
  prioridade: 'prioridade',
  responsavel_id: 'responsavelId',
  inicio_previsto: 'inicioPrevisto',
  fim_previsto: 'fimPrevisto',
  horas_estimadas: 'horasEstimadas',
};

function toTask(
  t: ProtocolRow,
  respNome: string | null,
  respAvatarPath: string | null,
  today: string,
): MuralTask {
  return {
    id: t.id,
    mural_id: t.muralId,
    titulo: t.titulo,
    descricao: t.descricao,
    responsavel_id: t.responsavelId,
    responsavel_nome: respNome,
    responsavel_avatar: t.responsavelId
      ? avatarUrl({ id: t.responsavelId, avatarPath: respAvatarPath })
      : null,
    stage: t.stage,
    prioridade: t.prioridade,
    inicio_previsto: t.inicioPrevisto,
    fim_previsto: t.fimPrevisto,
    inicio_real: t.inicioReal,
    fim_real: t.fimReal,
    horas_estimadas: t.horasEstimadas === null ? null : Number(t.horasEstimadas),
    atrasada: isLate(t.stage, t.fimPrevisto, today),
    created_by: t.createdBy,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

/** The tasks of a demand as the demand page shows them, and their quick edits. */
export function createMuralTasksService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = createScopeService(db);
  const notifications = createNotificationsService(deps);
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  async function list(u: ScopeUser, muralId: number): Promise<MuralTask[]> {
    await scope.assertMuralVisible(u, muralId);
    const rows = await createMuralItemsRepo(db).tasks(muralId);
    const day = today();
    return rows.map((r) => toTask(r.task, r.respNome, r.respAvatarPath, day));
  }

  return {
    list,

    async update(u: ScopeUser, muralId: number, taskId: number, body: TaskUpdate) {
      const access = await scope.assertMuralVisible(u, muralId);
      const canAll = muralPermissions(access, u.id).edit_tasks;
      const publishers: (() => Promise<void>)[] = [];
      await db.transaction(async (tx) => {
        const items = createMuralItemsRepo(tx);
        const current = await items.lockTask(muralId, taskId);
        if (!current) throw new AppError('NOT_FOUND', 'Tarefa não encontrada.');
        if (!canAll && current.responsavelId !== u.id) throw forbidden();
        const set: Partial<ProtocolInsert> = {};
        const before: Record<string, unknown> = {};
        const after: Record<string, unknown> = {};
        for (const [field, value] of Object.entries(body) as [keyof TaskUpdate, unknown][]) {
          if (value === undefined) continue;
          const col = COLUMN[field];
          const old = (current as Record<string, unknown>)[col] ?? null;
          const oldCmp = col === 'horasEstimadas' && old !== null ? Number(old) : old;
          if (oldCmp === value) continue;
          (set as Record<string, unknown>)[col] = value;
          before[field] = oldCmp;
          after[field] = value;
        }
        if (Object.keys(set).length === 0) return;
        if (set.stage) {
          const dates = stageDateChanges(
            { stage: current.stage, inicio_real: current.inicioReal, fim_real: current.fimReal },
            set.stage,
            today(),
          );
          if (dates.inicio_real !== undefined) {
            set.inicioReal = dates.inicio_real;
            before.inicio_real = current.inicioReal;
            after.inicio_real = dates.inicio_real;
          }
          if (dates.fim_real !== undefined) {
            set.fimReal = dates.fim_real;
            before.fim_real = current.fimReal;
            after.fim_real = dates.fim_real;
          }
        }
        const ini = set.inicioPrevisto === undefined ? current.inicioPrevisto : set.inicioPrevisto;
        const fim = set.fimPrevisto === undefined ? current.fimPrevisto : set.fimPrevisto;
        if (ini && fim && fim < ini) {
          throw new AppError(
            'VALIDATION',
            'O fim previsto deve ser igual ou posterior ao início previsto.',
            'fim_previsto',
          );
        }
        if (set.responsavelId) {
          const [ok] = await createMuralsRepo(tx).activeUserIds([set.responsavelId]);
          if (!ok)
            throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', 'responsavel_id');
        }
        await items.updateTask(taskId, set);
        const repo = createMuralsRepo(tx);
        await repo.touch(muralId, u.id);
        await repo.insertHistory({
          muralId,
          authorId: u.id,
          action: 'tarefa_alterada',
          before: { tarefa_id: taskId, ...before },
          after: { tarefa_id: taskId, ...after },
        });
        const titulo = set.titulo ?? current.titulo;
        if (set.responsavelId) {
          publishers.push(
            await notifications.notify(
              {
                userIds: [set.responsavelId],
                type: 'task_assigned',
                authorId: u.id,
                muralId,
                protocolId: taskId,
                texto: `Você é o responsável pela tarefa "${titulo}".`,
              },
              tx,
            ),
          );
        }
        const owner = set.responsavelId ?? current.responsavelId;
        if (set.stage && owner) {
          publishers.push(
            await notifications.notify(
              {
                userIds: [owner],
                type: 'status_changed',
                authorId: u.id,
                muralId,
                protocolId: taskId,
                texto: `A tarefa "${titulo}" foi movida para ${STAGE_LABELS[set.stage]}.`,
              },
              tx,
            ),
          );
        }
        if (set.inicioPrevisto !== undefined || set.fimPrevisto !== undefined) {
          if (owner) {
            publishers.push(
              await notifications.notify(
                {
                  userIds: [owner],
                  type: 'date_changed',
                  authorId: u.id,
                  muralId,
                  protocolId: taskId,
                  texto: `As datas da tarefa "${titulo}" foram alteradas.`,
                },
                tx,
              ),
            );
          }
        }
      });
      for (const p of publishers) await p();
      await publishMuralChanged(deps, muralId, { part: 'tasks', taskId });
      const tasks = await list(u, muralId);
      return tasks.find((t) => t.id === taskId)!;
    },
  };
}
