import {
  describeRecurrence,
  weekdayOf,
  type Recurrence,
  type recurrenceCreateBody,
  type RecurrenceInstance,
  type RecurrenceRule,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { muralScopeSqlAs, type ScopeUser } from '../access/scope.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { muralPermissions } from '../murals/mural-permissions.ts';
import { createRecurrenceRepo } from './recurrence.repo.ts';
import { seriesView, toInstance } from './recurrence-view.ts';

type CreateBody = z.output<typeof recurrenceCreateBody>;

/**
 * Recurring series (docs/lab-notes.md "Recurring demands"): created from a demand by whoever
 * may edit it; visible to whoever sees one of its demands; concluded or deleted by managers of
 * the series (instances already created remain).
 */
export function createRecurrenceService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);

  /** The series when `u` sees one of its demands; 404 otherwise. */
  async function assertVisible(u: ScopeUser, id: number) {
    const ids = await createRecurrenceRepo(db).visibleIds(muralScopeSqlAs(u, 'm'), { id });
    if (ids.length === 0) throw new AppError('NOT_FOUND', 'Recorrência não encontrada.');
  }

  async function seriesIdOfMural(u: ScopeUser, muralId: number) {
    await scope.assertMuralVisible(u, muralId);
    const inst = await createRecurrenceRepo(db).instanceOf(muralId);
    if (!inst) throw new AppError('NOT_FOUND', 'Esta demanda não é recorrente.');
    return inst;
  }

  async function conclude(u: ScopeUser, id: number): Promise<Recurrence> {
    await assertVisible(u, id);
    if (!(await seriesView(deps.access, db, u, id)).can_manage) throw forbidden();
    let currentMural: number | null = null;
    await db.transaction(async (tx) => {
      const repo = createRecurrenceRepo(tx);
      const s = (await repo.lockSeries(id))!;
      if (s.status === 'concluida') return;
      await repo.updateSeries(id, {
        status: 'concluida',
        concludedAt: new Date(),
        concludedBy: u.id,
      });
      const { last } = await repo.latest(id);
      currentMural = last?.muralId ?? null;
      if (currentMural) {
        await repo.history([
          {
            muralId: currentMural,
            authorId: u.id,
            action: 'recorrencia_concluida',
            texto: 'Nenhuma nova ocorrência será criada.',
          },
        ]);
      }
    });
    if (currentMural) await publishMuralChanged(deps, currentMural, { part: 'recurrence' });
    return seriesView(deps.access, db, u, id);
  }

  return {
    conclude,

    async create(u: ScopeUser, body: CreateBody): Promise<Recurrence> {
      const access = await scope.assertMuralVisible(u, body.mural_id);
      if (!muralPermissions(access, u.id).edit) throw forbidden();
      const id = await db
        .transaction(async (tx) => {
          const repo = createRecurrenceRepo(tx);
          const mural = (await repo.lockMural(body.mural_id))!;
          if (mural.recurrenceId !== null || (await repo.instanceOf(mural.id))) {
            throw new AppError('CONFLICT', 'Esta demanda já faz parte de uma recorrência.');
          }
          const start = body.data_inicio ?? mural.inicioPrevisto ?? mural.fimPrevisto;
          if (!start) {
            throw new AppError(
              'VALIDATION',
              'Informe a data de início da recorrência ou defina as datas previstas da demanda.',
              'data_inicio',
            );
          }
          if (body.ate && body.ate < start) {
            throw new AppError(
              'VALIDATION',
              'A data final deve ser igual ou posterior ao início.',
              'ate',
            );
          }
          const rule: RecurrenceRule = {
            frequencia: body.frequencia,
            intervalo: body.intervalo,
            dias_semana:
              body.frequencia === 'semanal'
                ? [...new Set(body.dias_semana?.length ? body.dias_semana : [weekdayOf(start)])]
                : [],
            dia_mes: body.frequencia === 'mensal' ? (body.dia_mes ?? +start.slice(8, 10)) : null,
            data_inicio: start,
            ate: body.ate ?? null,
            ocorrencias: body.ocorrencias ?? null,
          };
          const s = await repo.insertSeries({
            baseMuralId: mural.id,
            boardId: mural.boardId,
            titulo: mural.titulo,
            frequencia: rule.frequencia,
            intervalo: rule.intervalo,
            diasSemana: [...rule.dias_semana],
            diaMes: rule.dia_mes,
            dataInicio: start,
            ate: rule.ate,
            ocorrencias: rule.ocorrencias,
            createdBy: u.id,
          });
          await repo.insertInstance({
            recurrenceId: s.id,
            muralId: mural.id,
            seq: 1,
            dataOcorrencia: start,
          });
          await repo.updateMural(mural.id, { recurrenceId: s.id }, u.id);
          await repo.history([
            {
              muralId: mural.id,
              authorId: u.id,
              action: 'recorrencia_criada',
              texto: describeRecurrence(rule),
            },
          ]);
          return s.id;
        })
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) {
            throw new AppError('CONFLICT', 'Esta demanda já faz parte de uma recorrência.');
          }
          throw e;
        });
      await publishMuralChanged(deps, body.mural_id, { part: 'recurrence' });
      return seriesView(deps.access, db, u, id, 1);
    },

    async byMural(u: ScopeUser, muralId: number): Promise<Recurrence> {
      const inst = await seriesIdOfMural(u, muralId);
      return seriesView(deps.access, db, u, inst.recurrenceId, inst.seq);
    },

    async instances(u: ScopeUser, id: number): Promise<RecurrenceInstance[]> {
      await assertVisible(u, id);
      const rows = await createRecurrenceRepo(db).instances(id, muralScopeSqlAs(u, 'm'));
      return rows.map((r) => toInstance(r.instance, r.mural, r.respNome));
    },

    /** Series of a board (or of every board the caller sees). */
    async bases(u: ScopeUser, boardId?: number): Promise<Recurrence[]> {
      if (boardId) await scope.assertBoardVisible(u, boardId);
      const ids = await createRecurrenceRepo(db).visibleIds(muralScopeSqlAs(u, 'm'), { boardId });
      const out: Recurrence[] = [];
      for (const id of ids) out.push(await seriesView(deps.access, db, u, id));
      return out;
    },

    async concludeByMural(u: ScopeUser, muralId: number): Promise<Recurrence> {
      const inst = await seriesIdOfMural(u, muralId);
      return conclude(u, inst.recurrenceId);
    },

    /** Deletes the series; its demands stay, no longer marked as recurring. */
    async remove(u: ScopeUser, id: number): Promise<void> {
      await assertVisible(u, id);
      const view = await seriesView(deps.access, db, u, id);
      if (!view.can_manage) throw forbidden();
      await db.transaction(async (tx) => {
        const repo = createRecurrenceRepo(tx);
        const s = await repo.lockSeries(id);
        if (!s) return;
        if (view.current_mural_id) {
          await repo.history([
            {
              muralId: view.current_mural_id,
              authorId: u.id,
              action: 'recorrencia_excluida',
              texto: 'As ocorrências já criadas foram mantidas.',
            },
          ]);
        }
        await repo.detachMurals(id);
        await repo.deleteSeries(id);
      });
      if (view.current_mural_id)
        await publishMuralChanged(deps, view.current_mural_id, { part: 'recurrence' });
    },
  };
}
