import {
  countOf,
  formatDateBr,
  nextInstance,
  recurrenceShift,
  shiftDate,
  stageDateChanges,
  todayIn,
  type ConcludeAndAdvanceResult,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { Tx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { demandWebhookData, publishMuralChanged } from '../murals/mural-events.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import { taskWebhookData } from '../protocols/protocol-events.ts';
import { muralPermissions } from '../murals/mural-permissions.ts';
import { createRecurrenceRepo, type MuralRow, type SeriesRow } from './recurrence.repo.ts';
import { ruleOf, seriesView, toInstance } from './recurrence-view.ts';

type Publish = () => Promise<void>;

const ALREADY = 'Esta ocorrência já foi concluída e avançada.';

/**
 * "Concluir e avançar": concludes the series' current demand and creates the next one with its
 * tasks, participants and board, every date moved by the days between the two occurrences.
 * The series row is locked for the whole step and (recurrence_id, seq) is unique, so two
 * simultaneous calls create exactly one next instance (the second gets 409).
 */
export function createRecurrenceAdvanceService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const notifications = deps.notifications;

  /** Copies the demand, its participants, tasks and their links onto the next occurrence. */
  async function copyInstance(
    tx: Tx,
    u: ScopeUser,
    s: SeriesRow,
    from: MuralRow,
    next: { seq: number; date: string },
    days: number,
  ) {
    const repo = createRecurrenceRepo(tx);
    const copy = await repo.insertMural({
      titulo: from.titulo,
      descricao: from.descricao,
      boardId: from.boardId,
      contractId: from.contractId,
      prioridade: from.prioridade,
      stage: 'a_fazer',
      responsavelId: from.responsavelId,
      inicioPrevisto: shiftDate(from.inicioPrevisto, days),
      fimPrevisto: shiftDate(from.fimPrevisto, days),
      createdBy: u.id,
      recurrenceId: s.id,
      lastActivityBy: u.id,
    });
    await repo.insertInstance({
      recurrenceId: s.id,
      muralId: copy.id,
      seq: next.seq,
      dataOcorrencia: next.date,
    });
    await repo.addParticipants(copy.id, await repo.participantIds(from.id), u.id);
    const idMap = new Map<number, number>();
    for (const task of await repo.tasksOf(from.id)) {
      const values = {
        muralId: copy.id,
        titulo: task.titulo,
        descricao: task.descricao,
        responsavelId: task.responsavelId,
        prioridade: task.prioridade,
        stage: 'a_fazer' as const,
        inicioPrevisto: shiftDate(task.inicioPrevisto, days),
        fimPrevisto: shiftDate(task.fimPrevisto, days),
        horasEstimadas: task.horasEstimadas,
        createdBy: u.id,
      };
      const id = await repo.insertTask(values);
      idMap.set(task.id, id);
      // The copy's task is assigned to its responsible like a new task with one.
      if (values.responsavelId !== null) {
        await emitWebhook(
          deps,
          tx,
          WEBHOOK_EVENT.tarefaAtribuida,
          taskWebhookData(deps, { ...values, id, fimReal: null }),
        );
      }
    }
    await repo.copyDependencies(idMap, u.id);
    await repo.history([
      {
        muralId: copy.id,
        authorId: u.id,
        action: 'recorrencia_instancia',
        after: { inicio_previsto: copy.inicioPrevisto, fim_previsto: copy.fimPrevisto },
        texto: `Ocorrência ${next.seq} (${formatDateBr(next.date)}), criada ao concluir a #${from.id}, com ${countOf(idMap.size, 'tarefa', 'tarefas')}.`,
      },
    ]);
    if (s.boardId !== from.boardId) await repo.updateSeries(s.id, { boardId: from.boardId });
    await emitWebhook(deps, tx, WEBHOOK_EVENT.demandaCriada, demandWebhookData(deps, copy));
    return copy;
  }

  /** Moves the current demand to concluido (dates as a stage move sets them). */
  async function concludeCurrent(tx: Tx, u: ScopeUser, m: MuralRow) {
    if (m.stage === 'concluido') return m;
    const repo = createRecurrenceRepo(tx);
    const dates = stageDateChanges(
      { stage: m.stage, inicio_real: m.inicioReal, fim_real: m.fimReal },
      'concluido',
      todayIn(deps.config.COMPANY_TIME_ZONE),
    );
    const updated = await repo.updateMural(
      m.id,
      {
        stage: 'concluido',
        ...(dates.inicio_real !== undefined ? { inicioReal: dates.inicio_real } : {}),
        ...(dates.fim_real !== undefined ? { fimReal: dates.fim_real } : {}),
      },
      u.id,
    );
    await repo.history([
      {
        muralId: m.id,
        authorId: u.id,
        action: 'etapa_alterada',
        before: { stage: m.stage, inicio_real: m.inicioReal, fim_real: m.fimReal },
        after: { stage: 'concluido', inicio_real: updated.inicioReal, fim_real: updated.fimReal },
      },
    ]);
    await emitWebhook(deps, tx, WEBHOOK_EVENT.demandaEtapaAlterada, {
      ...demandWebhookData(deps, updated),
      etapa_anterior: m.stage,
    });
    return updated;
  }

  return {
    async concludeAndAdvance(u: ScopeUser, muralId: number): Promise<ConcludeAndAdvanceResult> {
      const access = await scope.assertMuralVisible(u, muralId);
      if (!muralPermissions(access, u.id).move) throw forbidden();
      const publishers: Publish[] = [];
      const result = await db
        .transaction(async (tx) => {
          const repo = createRecurrenceRepo(tx);
          const inst = await repo.instanceOf(muralId);
          if (!inst) throw new AppError('NOT_FOUND', 'Esta demanda não é recorrente.');
          // Serialises every advance of this series; what follows reads committed state.
          const s = (await repo.lockSeries(inst.recurrenceId))!;
          const { last } = await repo.latest(s.id);
          if (!last || last.seq !== inst.seq) throw new AppError('CONFLICT', ALREADY);
          if (s.status !== 'ativa') {
            throw new AppError('CONFLICT', 'A recorrência desta demanda já foi encerrada.');
          }
          const current = await concludeCurrent(tx, u, (await repo.lockMural(muralId))!);
          const next = nextInstance(ruleOf(s), inst.seq, inst.dataOcorrencia);
          const watchers = [
            current.responsavelId,
            current.createdBy,
            ...(await repo.participantIds(current.id)),
          ].filter((x): x is number => x !== null);
          if (!next) {
            await repo.updateSeries(s.id, {
              status: 'concluida',
              concludedAt: new Date(),
              concludedBy: u.id,
            });
            await repo.history([
              {
                muralId,
                authorId: u.id,
                action: 'recorrencia_concluida',
                texto: 'Última ocorrência concluída: a recorrência chegou ao fim.',
              },
            ]);
            publishers.push(
              await notifications.notify(
                {
                  userIds: watchers,
                  type: 'status_changed',
                  authorId: u.id,
                  muralId,
                  texto: `A demanda "${current.titulo}" foi concluída; era a última ocorrência da recorrência.`,
                },
                tx,
              ),
            );
            return { seriesId: s.id, next: null };
          }
          const days = recurrenceShift(inst.dataOcorrencia, next.date);
          const copy = await copyInstance(tx, u, s, current, next, days);
          await repo.history([
            {
              muralId,
              authorId: u.id,
              action: 'recorrencia_avancada',
              texto: `Próxima ocorrência: #${copy.id}, em ${formatDateBr(next.date)}.`,
            },
          ]);
          publishers.push(
            await notifications.notify(
              {
                userIds: watchers,
                type: 'status_changed',
                authorId: u.id,
                muralId,
                texto: `A demanda "${current.titulo}" foi concluída e a próxima ocorrência (${formatDateBr(next.date)}) foi criada.`,
              },
              tx,
            ),
          );
          if (copy.responsavelId) {
            publishers.push(
              await notifications.notify(
                {
                  userIds: [copy.responsavelId],
                  type: 'task_assigned',
                  authorId: u.id,
                  muralId: copy.id,
                  texto: `Nova ocorrência da demanda recorrente "${copy.titulo}" para ${formatDateBr(next.date)}.`,
                },
                tx,
              ),
            );
          }
          return { seriesId: s.id, next: { copy, seq: next.seq, date: next.date } };
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) throw new AppError('CONFLICT', ALREADY);
          throw e;
        });
      for (const p of publishers) await p();
      await publishMuralChanged(deps, muralId, { part: 'recurrence' });
      if (result.next) await publishMuralChanged(deps, result.next.copy.id, { part: 'recurrence' });
      const [row] = result.next
        ? await createRecurrenceRepo(db).instances(result.seriesId, undefined, result.next.copy.id)
        : [];
      return {
        concluded_mural_id: muralId,
        next: row ? toInstance(row.instance, row.mural, row.respNome) : null,
        series: await seriesView(deps.access, db, u, result.seriesId),
      };
    },
  };
}
