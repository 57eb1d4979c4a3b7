import {
  isLate,
  MURAL_MOVE_KEY,
  STAGE_LABELS,
  stageDateChanges,
  todayIn,
  type Mural,
  type MuralMove,
  type muralCreateBody,
  type muralUpdateBody,
  type Stage,
  RT_EVENTS,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import { demandWebhookData } from './mural-events.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { isManager, type MuralAccess, type ScopeUser } from '../access/scope.service.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo } from './mural-items.repo.ts';
import { historyFields, toDetail } from './mural-mapper.ts';
import { muralPermissions } from './mural-permissions.ts';
import { createMuralsRepo, type MuralInsert, type MuralRow } from './murals.repo.ts';

type Publish = () => Promise<void>;
type CreateBody = z.output<typeof muralCreateBody>;
type UpdateBody = z.output<typeof muralUpdateBody>;

const PLANNED = ['inicio_previsto', 'fim_previsto'] as const;

/** Column name of each editable API field. */
const COLUMN: Record<keyof UpdateBody, keyof MuralInsert> = {
  titulo: 'titulo',
  descricao: 'descricao',
  board_id: 'boardId',
  contract_id: 'contractId',
  prioridade: 'prioridade',
  responsavel_id: 'responsavelId',
  inicio_previsto: 'inicioPrevisto',
  fim_previsto: 'fimPrevisto',
  inicio_real: 'inicioReal',
  fim_real: 'fimReal',
  dias_uteis: 'diasUteis',
};

/** The history action that best names a set of changed API fields. */
function editAction(fields: readonly string[]): string {
  if (fields.every((f) => f === 'responsavel_id')) return 'responsavel_alterado';
  if (fields.every((f) => f.startsWith('inicio_') || f.startsWith('fim_'))) {
    return 'datas_alteradas';
  }
  return 'editada';
}

/** Demands: read, create, edit fields, move stage, mark as seen. */
export function createMuralsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const demandaDados = (m: MuralRow) => demandWebhookData(deps, m);
  const scope = deps.access.scope(db);
  const notifications = deps.notifications;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  /** People told about a demand's changes: responsável, creator and participants. */
  const watchersOf = (m: MuralRow, participants: number[]): number[] =>
    [m.responsavelId, m.createdBy, ...participants].filter((x): x is number => x !== null);

  async function watchers(tx: DbOrTx, m: MuralRow): Promise<number[]> {
    return watchersOf(m, await createMuralItemsRepo(tx).participantIds(m.id));
  }

  async function assertActive(tx: DbOrTx, id: number | null | undefined, field: string) {
    if (!id) return;
    const [ok] = await createMuralsRepo(tx).activeUserIds([id]);
    if (!ok) throw new AppError('VALIDATION', 'Pessoa não encontrada ou inativa.', field);
  }

  const accessFields = (m: MuralRow) => ({
    id: m.id,
    titulo: m.titulo,
    boardId: m.boardId,
    contractId: m.contractId,
    responsavelId: m.responsavelId,
    createdBy: m.createdBy,
    stage: m.stage,
  });

  /**
   * After commit: the demand's change first (what the other open tabs wait for to move the
   * card, issue 37 point 5), then the notifications (the bell). `known`: the demand as the
   * write left it, so its version is not read again.
   */
  async function after(
    id: number,
    publishers: Publish[],
    known?: MuralRow,
    extra: Record<string, unknown> = {},
  ) {
    await publishMuralChanged(deps, id, extra, known);
    for (const p of publishers) await p();
  }

  /** The demand page header for someone whose access was already checked. */
  async function render(u: ScopeUser, id: number, access: MuralAccess): Promise<Mural> {
    const row = await createMuralsRepo(db).detail(id, u.id);
    if (!row) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
    return toDetail(row, u.id, today(), muralPermissions(access, u.id));
  }

  /** The demand page, access checked in the same statement (404 when out of scope). */
  async function get(u: ScopeUser, id: number): Promise<Mural> {
    const row = await createMuralsRepo(db).detailWithAccess(id, u.id, scope.muralAccessColumns(u));
    const access = row && scope.muralAccessOf(u, { ...row.access, ...accessFields(row.mural) });
    if (!row || !access) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
    return toDetail(row, u.id, today(), muralPermissions(access, u.id));
  }

  return {
    get,

    async create(u: ScopeUser, body: CreateBody): Promise<Mural> {
      if (!isManager(u)) throw forbidden();
      const board = await scope.assertBoardVisible(u, body.board_id);
      if (body.contract_id) await scope.assertContractVisible(u, body.contract_id);
      const publishers: Publish[] = [];
      const id = await db.transaction(async (tx) => {
        const repo = createMuralsRepo(tx);
        await assertActive(tx, body.responsavel_id, 'responsavel_id');
        const wanted = [...new Set(body.participants ?? [])];
        const active = await repo.activeUserIds(wanted);
        if (active.length !== wanted.length) {
          throw new AppError(
            'VALIDATION',
            'Participante não encontrado ou inativo.',
            'participants',
          );
        }
        const dates = stageDateChanges(
          { stage: 'a_fazer', inicio_real: null, fim_real: null },
          body.stage,
          today(),
        );
        const m = await repo.insert({
          titulo: body.titulo,
          descricao: body.descricao ?? null,
          boardId: body.board_id,
          contractId: body.contract_id ?? board.contractId,
          prioridade: body.prioridade,
          stage: body.stage,
          responsavelId: body.responsavel_id ?? null,
          inicioPrevisto: body.inicio_previsto ?? null,
          fimPrevisto: body.fim_previsto ?? null,
          inicioReal: dates.inicio_real ?? null,
          fimReal: dates.fim_real ?? null,
          createdBy: u.id,
          lastActivityBy: u.id,
        });
        await createMuralItemsRepo(tx).addParticipants(m.id, active, u.id);
        await repo.insertHistory({
          muralId: m.id,
          authorId: u.id,
          action: 'criada',
          before: null,
          after: { ...historyFields(m), participants: active },
        });
        await emitWebhook(deps, tx, WEBHOOK_EVENT.demandaCriada, demandaDados(m));
        if (m.responsavelId) {
          publishers.push(
            await notifications.notify(
              {
                userIds: [m.responsavelId],
                type: 'task_assigned',
                authorId: u.id,
                muralId: m.id,
                texto: `Você é o responsável pela demanda "${m.titulo}".`,
              },
              tx,
            ),
          );
        }
        return m.id;
      });
      await after(id, publishers);
      return get(u, id);
    },

    async update(u: ScopeUser, id: number, body: UpdateBody): Promise<Mural> {
      const access = await scope.assertMuralVisible(u, id);
      if (!muralPermissions(access, u.id).edit) throw forbidden();
      if (body.board_id && body.board_id !== access.boardId) {
        await scope.assertBoardVisible(u, body.board_id);
      }
      if (body.contract_id && body.contract_id !== access.contractId) {
        await scope.assertContractVisible(u, body.contract_id);
      }
      const publishers: Publish[] = [];
      const changed = await db.transaction(async (tx) => {
        const repo = createMuralsRepo(tx);
        const current = (await repo.lock(id))!;
        const set: Partial<MuralInsert> = {};
        const fields: (keyof UpdateBody)[] = [];
        for (const [field, value] of Object.entries(body) as [keyof UpdateBody, unknown][]) {
          if (value === undefined) continue;
          const col = COLUMN[field];
          const before = (current as Record<string, unknown>)[col] ?? null;
          if (before === value) continue;
          (set as Record<string, unknown>)[col] = value;
          fields.push(field);
        }
        if (fields.length === 0) return false;
        const merged = { ...current, ...set };
        if (
          merged.inicioPrevisto &&
          merged.fimPrevisto &&
          merged.fimPrevisto < merged.inicioPrevisto
        ) {
          throw new AppError(
            'VALIDATION',
            'O fim previsto deve ser igual ou posterior ao início previsto.',
            'fim_previsto',
          );
        }
        if (merged.inicioReal && merged.fimReal && merged.fimReal < merged.inicioReal) {
          throw new AppError(
            'VALIDATION',
            'O fim real deve ser igual ou posterior ao início real.',
            'fim_real',
          );
        }
        if (fields.includes('responsavel_id')) {
          await assertActive(tx, set.responsavelId, 'responsavel_id');
        }
        const updated = await repo.update(id, set, u.id);
        const changedCols = Object.fromEntries(fields.map((f) => [COLUMN[f], true]));
        const pick = (m: MuralRow) =>
          historyFields(Object.fromEntries(Object.entries(m).filter(([k]) => changedCols[k])));
        await repo.insertHistory({
          muralId: id,
          authorId: u.id,
          action: editAction(fields),
          before: pick(current),
          after: pick(updated),
        });
        if (fields.includes('responsavel_id') && updated.responsavelId) {
          publishers.push(
            await notifications.notify(
              {
                userIds: [updated.responsavelId],
                type: 'task_assigned',
                authorId: u.id,
                muralId: id,
                texto: `Você é o responsável pela demanda "${updated.titulo}".`,
              },
              tx,
            ),
          );
        }
        if (fields.some((f) => (PLANNED as readonly string[]).includes(f))) {
          const prazo = updated.fimPrevisto ? ` Novo prazo: ${updated.fimPrevisto}.` : '';
          publishers.push(
            await notifications.notify(
              {
                userIds: await watchers(tx, updated),
                type: 'date_changed',
                authorId: u.id,
                muralId: id,
                texto: `As datas da demanda "${updated.titulo}" foram alteradas.${prazo}`,
              },
              tx,
            ),
          );
        }
        return true;
      });
      if (changed) await after(id, publishers);
      return get(u, id);
    },

    async moveStage(u: ScopeUser, id: number, stage: Stage): Promise<Mural> {
      const access = await scope.assertMuralVisible(u, id);
      if (!muralPermissions(access, u.id).move) throw forbidden();
      const publishers: Publish[] = [];
      let moved: MuralRow | undefined;
      let move: MuralMove | undefined;
      const changed = await db.transaction(async (tx) => {
        const repo = createMuralsRepo(tx);
        const { mural: current, participants } = (await repo.lockWithParticipants(id))!;
        if (current.stage === stage) return false;
        const dates = stageDateChanges(
          { stage: current.stage, inicio_real: current.inicioReal, fim_real: current.fimReal },
          stage,
          today(),
        );
        const set: Partial<MuralInsert> = { stage };
        if (dates.inicio_real !== undefined) set.inicioReal = dates.inicio_real;
        if (dates.fim_real !== undefined) set.fimReal = dates.fim_real;
        const updated = await repo.update(id, set, u.id);
        moved = updated;
        move = {
          stage: updated.stage,
          from: current.updatedAt.toISOString(),
          from_stage: current.stage,
          inicio_real: updated.inicioReal,
          fim_real: updated.fimReal,
          atrasada: isLate(updated.stage, updated.fimPrevisto, today()),
          by: u.id,
        };
        await repo.insertHistory({
          muralId: id,
          authorId: u.id,
          action: 'etapa_alterada',
          before: {
            stage: current.stage,
            inicio_real: current.inicioReal,
            fim_real: current.fimReal,
          },
          after: {
            stage: updated.stage,
            inicio_real: updated.inicioReal,
            fim_real: updated.fimReal,
          },
        });
        await emitWebhook(deps, tx, WEBHOOK_EVENT.demandaEtapaAlterada, {
          ...demandaDados(updated),
          etapa_anterior: current.stage,
        });
        publishers.push(
          await notifications.notify(
            {
              userIds: watchersOf(updated, participants),
              type: 'status_changed',
              authorId: u.id,
              muralId: id,
              texto: `A demanda "${updated.titulo}" foi movida para ${STAGE_LABELS[stage]}.`,
            },
            tx,
          ),
        );
        return true;
      });
      // The move itself rides on the event: the other boards move the card without asking.
      if (changed) await after(id, publishers, moved, move && { [MURAL_MOVE_KEY]: move });
      // A stage move changes neither who sees the demand nor what they may do on it.
      return render(u, id, access);
    },

    async markViewed(u: ScopeUser, id: number) {
      await scope.assertMuralVisible(u, id);
      // In a transaction of its own: the request's audit row commits with it (plugins/audit.ts).
      const viewedAt = await db.transaction((tx) => createMuralsRepo(tx).markViewed(id, u.id));
      await deps.events.publish({ type: RT_EVENTS.muralViewed, userIds: [u.id], id, data: { id } });
      return { ok: true as const, viewed_at: viewedAt.toISOString() };
    },
  };
}

export type MuralsService = ReturnType<typeof createMuralsService>;
