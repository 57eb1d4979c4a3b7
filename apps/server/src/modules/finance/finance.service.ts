import {
  FINANCE_STATUS_LABELS,
  FINANCE_STATUSES,
  isFinanceRole,
  todayIn,
  type FinanceCounter,
  type FinanceItem,
  type FinanceListChanges,
  type financeListChangesQuery,
  type financeListQuery,
  type FinanceStatus,
  type Role,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { isManager, type MuralAccess } from '../access/scope.service.ts';
import { publishMuralChanged } from '../murals/mural-events.ts';
import { toSummary } from '../murals/mural-mapper.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { createFinanceRepo, type MuralRow } from './finance.repo.ts';

/** The signed-in user as the finance rules read it (rawType decides finance/CFO). */
export interface FinanceUser {
  id: number;
  type: Role;
  rawType: string;
  nome: string;
}

type ListQuery = z.output<typeof financeListQuery>;
type ChangesQuery = z.output<typeof financeListChangesQuery>;
type Publish = () => Promise<void>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Finance and CFO (SPEC.md §5: any title containing "financeir" or "cfo"). */
export function isFinanceUser(u: Pick<FinanceUser, 'rawType'>): boolean {
  return isFinanceRole(u.rawType);
}

/**
 * Finance hand-off (docs/lab-notes.md "Finance hand-off"): gestores and the demand's responsável
 * send; only finance/CFO mark viewed and done. Each step records who and when on the demand,
 * writes its history and notifies.
 */
export function createFinanceService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const notifications = deps.notifications;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  const canSend = (u: FinanceUser, a: MuralAccess) => isManager(u) || a.responsavelId === u.id;

  async function financeUserIds(tx: DbOrTx): Promise<number[]> {
    const rows = await createFinanceRepo(tx).activeUsers();
    return rows.filter((r) => isFinanceRole(r.role)).map((r) => r.id);
  }

  async function item(u: FinanceUser, id: number, access?: MuralAccess): Promise<FinanceItem> {
    const a = access ?? (await scope.assertMuralVisible(u, id));
    const r = await createFinanceRepo(db).item(id, u.id);
    if (!r) throw new AppError('NOT_FOUND', 'Demanda não encontrada.');
    return toItem(r, u, today(), { send: canSend(u, a), act: isFinanceUser(u) });
  }

  /** Finance actions: 403 for everyone else, 404 when the demand is out of their scope. */
  async function assertActor(u: FinanceUser, id: number): Promise<MuralAccess> {
    if (!isFinanceUser(u)) throw forbidden();
    return scope.assertMuralVisible(u, id);
  }

  /**
   * After a step's commit: the notifications, then 'mural.changed' and 'finance.changed' to
   * finance, both with the demand's new `updated_at` as `version` (the finance lists ask
   * `/murals/changes` since it).
   */
  async function after(updated: MuralRow, publishers: Publish[]) {
    for (const p of publishers) await p();
    const { id } = updated;
    // data.finance: the finance lists leave this one to the 'finance.changed' that follows.
    await publishMuralChanged(deps, id, { finance: true }, updated);
    const targets = await financeUserIds(db);
    if (targets.length) {
      await deps.events.publish({
        type: RT_EVENTS.financeChanged,
        userIds: targets,
        id,
        version: updated.updatedAt.toISOString(),
        data: { id },
      });
    }
  }

  /** Tells the sender (and the responsável) that finance moved their demand. */
  async function notifySender(tx: DbOrTx, u: FinanceUser, m: MuralRow, verb: string) {
    return notifications.notify(
      {
        userIds: [m.financeSentBy, m.responsavelId].filter((x): x is number => x !== null),
        type: 'status_changed',
        authorId: u.id,
        muralId: m.id,
        texto: `${u.nome} (financeiro) ${verb} a demanda "${m.titulo}".`,
      },
      tx,
    );
  }

  /** The list's rows as the caller sees them (finance acts on every one). */
  const listItems = (u: FinanceUser, rows: ItemRow[]) => {
    const day = today();
    return rows.map((r) =>
      toItem(r, u, day, { send: isManager(u) || r.mural.responsavelId === u.id, act: true }),
    );
  };

  return {
    item,

    async list(u: FinanceUser, q: ListQuery) {
      if (!isFinanceUser(u)) throw forbidden();
      const { rows, total } = await createFinanceRepo(db).page(
        { status: q.status, q: q.q },
        q.perPage,
        (q.page - 1) * q.perPage,
        u.id,
      );
      return { items: listItems(u, rows), total };
    },

    /**
     * What changed on one page of the list since `updated_since` (finance/CFO only, 403 like
     * the list): its ids now, its rows changed since, the total, a cursor and the counters.
     */
    async listChanges(u: FinanceUser, q: ChangesQuery): Promise<FinanceListChanges> {
      if (!isFinanceUser(u)) throw forbidden();
      const cursor = nextSyncCursor();
      const repo = createFinanceRepo(db);
      const { ids, total, rows } = await repo.pageChangesSince(
        { status: q.status, q: q.q },
        q.perPage,
        (q.page - 1) * q.perPage,
        u.id,
        new Date(q.updated_since),
      );
      const order = new Map(ids.map((id, i) => [id, i]));
      const items = listItems(u, rows).sort(
        (a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
      );
      return { items, ids, total, cursor, counters: countersOf(await repo.counts()) };
    },

    async counters(u: FinanceUser): Promise<FinanceCounter[]> {
      if (!isFinanceUser(u)) throw forbidden();
      return countersOf(await createFinanceRepo(db).counts());
    },

    async send(u: FinanceUser, id: number, observacao?: string): Promise<FinanceItem> {
      const access = await scope.assertMuralVisible(u, id);
      if (!canSend(u, access)) throw forbidden();
      const publishers: Publish[] = [];
      const saved = await db.transaction(async (tx) => {
        const repo = createFinanceRepo(tx);
        const current = (await repo.lock(id))!;
        if (current.financeStatus === 'enviado' || current.financeStatus === 'visualizado') {
          throw new AppError('CONFLICT', 'Esta demanda já está com o financeiro.');
        }
        const now = new Date();
        const updated = await repo.update(
          id,
          {
            financeStatus: 'enviado',
            financeSentAt: now,
            financeSentBy: u.id,
            financeViewedAt: null,
            financeViewedBy: null,
            financeDoneAt: null,
            financeDoneBy: null,
          },
          u.id,
        );
        await repo.history({
          muralId: id,
          authorId: u.id,
          action: 'financeiro_enviado',
          texto: observacao?.trim() || null,
        });
        publishers.push(
          await notifications.notify(
            {
              userIds: await financeUserIds(tx),
              type: 'status_changed',
              authorId: u.id,
              muralId: id,
              texto: `${u.nome} enviou a demanda "${updated.titulo}" ao financeiro.`,
            },
            tx,
          ),
        );
        return updated;
      });
      await after(saved, publishers);
      return item(u, id, access);
    },

    /** Opening an item: enviado becomes visualizado (later openings change nothing). */
    async view(u: FinanceUser, id: number): Promise<FinanceItem> {
      const access = await assertActor(u, id);
      const publishers: Publish[] = [];
      const changed = await db.transaction(async (tx) => {
        const repo = createFinanceRepo(tx);
        const current = (await repo.lock(id))!;
        assertSent(current.financeStatus);
        if (current.financeStatus !== 'enviado') return null;
        const updated = await markViewed(tx, u, current);
        publishers.push(await notifySender(tx, u, updated, 'visualizou'));
        return updated;
      });
      if (changed) await after(changed, publishers);
      return item(u, id, access);
    },

    async done(u: FinanceUser, id: number): Promise<FinanceItem> {
      const access = await assertActor(u, id);
      const publishers: Publish[] = [];
      const saved = await db.transaction(async (tx) => {
        const repo = createFinanceRepo(tx);
        let current = (await repo.lock(id))!;
        assertSent(current.financeStatus);
        if (current.financeStatus === 'concluido') {
          throw new AppError('CONFLICT', 'Esta demanda já foi concluída pelo financeiro.');
        }
        // Concluding an item nobody opened still records that it was seen, by whom and when.
        if (current.financeStatus === 'enviado') current = await markViewed(tx, u, current);
        const now = new Date();
        const updated = await repo.update(
          id,
          { financeStatus: 'concluido', financeDoneAt: now, financeDoneBy: u.id },
          u.id,
        );
        await repo.history({
          muralId: id,
          authorId: u.id,
          action: 'financeiro_concluido',
        });
        publishers.push(await notifySender(tx, u, updated, 'concluiu'));
        return updated;
      });
      await after(saved, publishers);
      return item(u, id, access);
    },
  };
}

function assertSent(status: FinanceStatus | null) {
  if (!status) throw new AppError('CONFLICT', 'Esta demanda não foi enviada ao financeiro.');
}

async function markViewed(tx: DbOrTx, u: FinanceUser, current: MuralRow): Promise<MuralRow> {
  const repo = createFinanceRepo(tx);
  const now = new Date();
  const updated = await repo.update(
    current.id,
    { financeStatus: 'visualizado', financeViewedAt: now, financeViewedBy: u.id },
    u.id,
  );
  await repo.history({
    muralId: current.id,
    authorId: u.id,
    action: 'financeiro_visualizado',
  });
  return updated;
}

/** Every state's counter, zero included. */
function countersOf(rows: { status: FinanceStatus | null; n: number }[]): FinanceCounter[] {
  return FINANCE_STATUSES.map((status) => ({
    status,
    label: FINANCE_STATUS_LABELS[status],
    total: rows.find((r) => r.status === status)?.n ?? 0,
  }));
}

type ItemRow = NonNullable<Awaited<ReturnType<ReturnType<typeof createFinanceRepo>['item']>>>;

function toItem(
  r: ItemRow,
  u: FinanceUser,
  today: string,
  permissions: FinanceItem['finance_permissions'],
): FinanceItem {
  const m = r.mural;
  return {
    ...toSummary(r, u.id, today),
    descricao: m.descricao,
    finance_sent_at: iso(m.financeSentAt),
    finance_sent_by: m.financeSentBy,
    finance_sent_by_nome: r.sentByNome,
    finance_viewed_at: iso(m.financeViewedAt),
    finance_viewed_by: m.financeViewedBy,
    finance_viewed_by_nome: r.viewedByNome,
    finance_done_at: iso(m.financeDoneAt),
    finance_done_by: m.financeDoneBy,
    finance_done_by_nome: r.doneByNome,
    finance_observacao: m.financeStatus ? r.observacao : null,
    finance_permissions: permissions,
  };
}
