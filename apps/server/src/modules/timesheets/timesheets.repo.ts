import { and, asc, desc, eq, gte, inArray, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  murals,
  protocols,
  serviceOrderPeople,
  serviceOrders,
  timesheetEntries,
  timesheetWeeks,
  userContracts,
  users,
} from '../../db/schema/index.ts';

const approver = alias(users, 'approver');
const reopener = alias(users, 'reopener');

export type EntryInsert = typeof timesheetEntries.$inferInsert;

/** A manual entry with what it is on, for the week and the export. */
export interface EntryRow {
  id: number;
  userId: number;
  data: string;
  minutos: number;
  tipo: 'os' | 'tarefa' | 'contrato';
  protocolId: number | null;
  serviceOrderId: number | null;
  nota: string | null;
  contractId: number | null;
  contractCodigo: string | null;
  contractNome: string | null;
  tarefa: string | null;
  osCodigo: string | null;
}

/** Manual timesheet entries and week approvals (the only Drizzle code of timesheets). */
export function createTimesheetsRepo(db: DbOrTx) {
  const e = timesheetEntries;
  const entrySelect = {
    id: e.id,
    userId: e.userId,
    data: e.data,
    minutos: e.minutos,
    tipo: e.tipo,
    protocolId: e.protocolId,
    serviceOrderId: e.serviceOrderId,
    nota: e.nota,
    contractId: e.contractId,
    contractCodigo: contracts.codigo,
    contractNome: contracts.nome,
    tarefa: protocols.titulo,
    osCodigo: serviceOrders.codigo,
  };
  const entries = () =>
    db
      .select(entrySelect)
      .from(e)
      .leftJoin(contracts, eq(contracts.id, e.contractId))
      .leftJoin(protocols, eq(protocols.id, e.protocolId))
      .leftJoin(serviceOrders, eq(serviceOrders.id, e.serviceOrderId));

  return {
    /** Serialises every write on one person's week (entries, approval) until the commit. */
    async lockWeek(userId: number, monday: string) {
      await db.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`timesheet:${userId}:${monday}`}))`,
      );
    },

    async entriesOf(userIds: number[], from: string, to: string): Promise<EntryRow[]> {
      if (userIds.length === 0) return [];
      return entries()
        .where(and(inArray(e.userId, userIds), gte(e.data, from), lte(e.data, to)))
        .orderBy(asc(e.data), asc(e.id));
    },

    async entriesOfContract(contractId: number, from: string, to: string): Promise<EntryRow[]> {
      return entries()
        .where(and(eq(e.contractId, contractId), gte(e.data, from), lte(e.data, to)))
        .orderBy(asc(e.data), asc(e.id));
    },

    async entry(id: number) {
      const [row] = await db.select().from(e).where(eq(e.id, id));
      return row;
    },

    async manualMinutesOn(userId: number, day: string) {
      const [row] = await db
        .select({ m: sql<number>`coalesce(sum(${e.minutos}), 0)::int` })
        .from(e)
        .where(and(eq(e.userId, userId), eq(e.data, day)));
      return row?.m ?? 0;
    },

    async insertEntry(v: EntryInsert) {
      const [row] = await db.insert(e).values(v).returning({ id: e.id });
      return row!.id;
    },

    async deleteEntry(id: number) {
      await db.delete(e).where(eq(e.id, id));
    },

    /** The approval rows of these people's weeks in [from, to] (Mondays). */
    async weeks(userIds: number[], from: string, to: string) {
      if (userIds.length === 0) return [];
      const w = timesheetWeeks;
      return db
        .select({
          w,
          aprovadaPorNome: approver.nome,
          reabertaPorNome: reopener.nome,
        })
        .from(w)
        .leftJoin(approver, eq(approver.id, w.aprovadaPor))
        .leftJoin(reopener, eq(reopener.id, w.reabertaPor))
        .where(and(inArray(w.userId, userIds), gte(w.semana, from), lte(w.semana, to)));
    },

    async approve(v: { userId: number; semana: string; by: number; minutos: number }) {
      const w = timesheetWeeks;
      await db
        .insert(w)
        .values({
          userId: v.userId,
          semana: v.semana,
          status: 'aprovada',
          minutosAprovados: v.minutos,
          aprovadaPor: v.by,
          aprovadaEm: new Date(),
        })
        .onConflictDoUpdate({
          target: [w.userId, w.semana],
          set: {
            status: 'aprovada',
            minutosAprovados: v.minutos,
            aprovadaPor: v.by,
            aprovadaEm: new Date(),
          },
        });
    },

    async reopen(v: { userId: number; semana: string; by: number; motivo: string }) {
      const w = timesheetWeeks;
      await db
        .update(w)
        .set({
          status: 'aberta',
          reabertaPor: v.by,
          reabertaEm: new Date(),
          motivoReabertura: v.motivo,
        })
        .where(and(eq(w.userId, v.userId), eq(w.semana, v.semana)));
    },

    async namesOf(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async person(id: number) {
      const [row] = await db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** Whether two people are linked to one same contract. */
    async shareContract(a: number, b: number) {
      const mine = alias(userContracts, 'mine');
      const [row] = await db
        .select({ id: userContracts.contractId })
        .from(userContracts)
        .innerJoin(mine, eq(mine.contractId, userContracts.contractId))
        .where(and(eq(userContracts.userId, a), eq(mine.userId, b)))
        .limit(1);
      return row !== undefined;
    },

    async linkedToContract(userId: number, contractId: number) {
      const [row] = await db
        .select({ id: userContracts.id })
        .from(userContracts)
        .where(and(eq(userContracts.userId, userId), eq(userContracts.contractId, contractId)))
        .limit(1);
      return row !== undefined;
    },

    async contract(id: number) {
      const [row] = await db
        .select({ id: contracts.id, codigo: contracts.codigo, nome: contracts.nome })
        .from(contracts)
        .where(eq(contracts.id, id));
      return row;
    },

    async taskContract(protocolId: number) {
      const [row] = await db
        .select({ contractId: murals.contractId })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(eq(protocols.id, protocolId));
      return row;
    },

    async osContract(osId: number) {
      const [row] = await db
        .select({ contractId: serviceOrders.contractId })
        .from(serviceOrders)
        .where(eq(serviceOrders.id, osId));
      return row;
    },

    /**
     * Active people linked to a contract the approver is linked to (every active person on a
     * contract when `all`), the approver left out.
     */
    async peopleOf(approverId: number, all: boolean) {
      const linked = all
        ? sql`true`
        : sql`${userContracts.contractId} in (select uc.contract_id from user_contracts uc where uc.user_id = ${approverId})`;
      return db
        .selectDistinct({ id: users.id, nome: users.nome })
        .from(users)
        .innerJoin(userContracts, eq(userContracts.userId, users.id))
        .where(and(eq(users.active, true), ne(users.id, approverId), linked))
        .orderBy(asc(users.nome));
    },

    /** The caller's contracts (every active one when `all`), by code. */
    async contractsOf(userId: number, all: boolean) {
      const q = db
        .select({ id: contracts.id, codigo: contracts.codigo, nome: contracts.nome })
        .from(contracts);
      return (
        all
          ? q.where(eq(contracts.status, 'ativo'))
          : q
              .innerJoin(userContracts, eq(userContracts.contractId, contracts.id))
              .where(eq(userContracts.userId, userId))
      ).orderBy(asc(contracts.codigo));
    },

    /** Open tasks the person is responsible for (latest first, at most 100). */
    async openTasksOf(userId: number) {
      return db
        .select({ id: protocols.id, titulo: protocols.titulo, contract_id: murals.contractId })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(and(eq(protocols.responsavelId, userId), ne(protocols.stage, 'concluido')))
        .orderBy(desc(protocols.id))
        .limit(100);
    },

    /** OSs the person was on the team of (latest first, at most 100). */
    async recentOsOf(userId: number) {
      return db
        .selectDistinct({
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          contract_id: serviceOrders.contractId,
        })
        .from(serviceOrders)
        .innerJoin(serviceOrderPeople, eq(serviceOrderPeople.serviceOrderId, serviceOrders.id))
        .where(and(eq(serviceOrderPeople.userId, userId), isNotNull(serviceOrders.id)))
        .orderBy(desc(serviceOrders.id))
        .limit(100);
    },
  };
}
