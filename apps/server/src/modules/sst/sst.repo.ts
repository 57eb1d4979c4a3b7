import { DEFAULT_TRAININGS } from '@eproto/domain';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { audit } from '../activity/audit.repo.ts';
import {
  sstActivityRequirements,
  sstActivityTypes,
  sstAlertLog,
  sstAsos,
  sstCnhs,
  sstTrainingRecords,
  sstTrainings,
  sstWorkers,
  userContracts,
  users,
} from '../../db/schema/index.ts';

export type TrainingRow = typeof sstTrainings.$inferSelect;
export type RecordRow = typeof sstTrainingRecords.$inferSelect;
export type AsoRow = typeof sstAsos.$inferSelect;
export type CnhRow = typeof sstCnhs.$inferSelect;
export type ActivityTypeRow = typeof sstActivityTypes.$inferSelect;
export type RequirementRow = typeof sstActivityRequirements.$inferSelect;

/** Trainings, ASOs, CNHs and requirement sets (the only Drizzle code of the SST module). */
export function createSstRepo(db: DbOrTx) {
  return {
    /** Loads the default catalogue once (a unique code makes two nodes at once harmless). */
    async ensureCatalogue() {
      const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(sstTrainings);
      if ((row?.n ?? 0) > 0) return;
      // In a transaction of its own (a savepoint in the caller's): a request's writes commit
      // with their activity row (plugins/audit.ts), never alone on the pool.
      await db.transaction((tx) =>
        tx
          .insert(sstTrainings)
          .values(
            DEFAULT_TRAININGS.map((t) => ({
              codigo: t.codigo,
              nome: t.nome,
              validadeMeses: t.meses,
            })),
          )
          .onConflictDoNothing(),
      );
    },

    trainings: (onlyActive: boolean) =>
      db
        .select()
        .from(sstTrainings)
        .where(onlyActive ? eq(sstTrainings.ativo, true) : undefined)
        .orderBy(asc(sstTrainings.id)),

    async training(id: number) {
      const [row] = await db.select().from(sstTrainings).where(eq(sstTrainings.id, id));
      return row;
    },
    async trainingByCode(codigo: string, exceptId = 0) {
      const [row] = await db
        .select({ id: sstTrainings.id })
        .from(sstTrainings)
        .where(
          and(
            sql`lower(${sstTrainings.codigo}) = lower(${codigo})`,
            sql`${sstTrainings.id} <> ${exceptId}`,
          ),
        );
      return row;
    },
    async insertTraining(v: typeof sstTrainings.$inferInsert) {
      const [row] = await db.insert(sstTrainings).values(v).returning();
      return row!;
    },
    async updateTraining(id: number, v: Partial<typeof sstTrainings.$inferInsert>) {
      const [row] = await db.update(sstTrainings).set(v).where(eq(sstTrainings.id, id)).returning();
      return row;
    },

    async person(id: number) {
      const [row] = await db
        .select({ id: users.id, nome: users.nome, funcao: users.funcao, active: users.active })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    /** These people (in no particular order); unknown ids are left out. */
    persons(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .select({ id: users.id, nome: users.nome, funcao: users.funcao, active: users.active })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /** Active people, optionally of one contract and one function, by name. */
    people(f: { contractId?: number | undefined; funcao?: string | undefined }) {
      const where: SQL[] = [eq(users.active, true)];
      if (f.contractId !== undefined) {
        where.push(
          inArray(
            users.id,
            db
              .select({ id: userContracts.userId })
              .from(userContracts)
              .where(eq(userContracts.contractId, f.contractId)),
          ),
        );
      }
      if (f.funcao) where.push(sql`lower(${users.funcao}) = lower(${f.funcao})`);
      return db
        .select({ id: users.id, nome: users.nome, funcao: users.funcao })
        .from(users)
        .where(and(...where))
        .orderBy(asc(sql`lower(${users.nome})`));
    },

    roles: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.select({ id: users.id, role: users.role }).from(users).where(inArray(users.id, ids)),

    async functions() {
      const rows = await db
        .selectDistinct({ funcao: users.funcao })
        .from(users)
        .where(and(eq(users.active, true), sql`coalesce(${users.funcao}, '') <> ''`));
      return rows.map((r) => r.funcao!).sort((a, b) => a.localeCompare(b, 'pt-BR'));
    },

    async insertRecord(v: typeof sstTrainingRecords.$inferInsert) {
      const [row] = await db.insert(sstTrainingRecords).values(v).returning();
      return row!;
    },
    async record(id: number) {
      const [row] = await db.select().from(sstTrainingRecords).where(eq(sstTrainingRecords.id, id));
      return row;
    },
    /**
     * Points the record at a new certificate (call inside a transaction): the key it replaced,
     * read under the row's lock, so two replacements at once each see the other's; undefined
     * when there is no such record.
     */
    async replaceCertificate(id: number, key: string, nome: string, mime: string) {
      const [row] = await db
        .select({ old: sstTrainingRecords.certificadoKey })
        .from(sstTrainingRecords)
        .where(eq(sstTrainingRecords.id, id))
        .for('update');
      if (!row) return undefined;
      await db
        .update(sstTrainingRecords)
        .set({ certificadoKey: key, certificadoNome: nome, certificadoMime: mime })
        .where(eq(sstTrainingRecords.id, id));
      return { old: row.old };
    },
    records: (userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(sstTrainingRecords)
            .where(inArray(sstTrainingRecords.userId, userIds))
            .orderBy(desc(sstTrainingRecords.data), desc(sstTrainingRecords.id)),

    async insertAso(v: typeof sstAsos.$inferInsert) {
      const [row] = await db.insert(sstAsos).values(v).returning();
      return row!;
    },
    asos: (userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(sstAsos)
            .where(inArray(sstAsos.userId, userIds))
            .orderBy(desc(sstAsos.data), desc(sstAsos.id)),

    async periodicities(userIds: number[]) {
      if (userIds.length === 0) return new Map<number, number>();
      const rows = await db.select().from(sstWorkers).where(inArray(sstWorkers.userId, userIds));
      return new Map(rows.map((r) => [r.userId, r.asoPeriodicidadeMeses]));
    },
    async setPeriodicity(userId: number, months: number) {
      await db
        .insert(sstWorkers)
        .values({ userId, asoPeriodicidadeMeses: months })
        .onConflictDoUpdate({ target: sstWorkers.userId, set: { asoPeriodicidadeMeses: months } });
    },

    cnhs: (userIds: number[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db.select().from(sstCnhs).where(inArray(sstCnhs.userId, userIds)),
    async upsertCnh(v: typeof sstCnhs.$inferInsert) {
      const { userId: _u, ...rest } = v;
      const [row] = await db
        .insert(sstCnhs)
        .values(v)
        .onConflictDoUpdate({ target: sstCnhs.userId, set: { ...rest, updatedAt: new Date() } })
        .returning();
      return row!;
    },

    activityTypes: (onlyActive: boolean) =>
      db
        .select()
        .from(sstActivityTypes)
        .where(onlyActive ? eq(sstActivityTypes.ativo, true) : undefined)
        .orderBy(asc(sql`lower(${sstActivityTypes.nome})`)),
    async activityType(id: number) {
      const [row] = await db.select().from(sstActivityTypes).where(eq(sstActivityTypes.id, id));
      return row;
    },
    requirements: (typeIds: number[]) =>
      typeIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(sstActivityRequirements)
            .where(inArray(sstActivityRequirements.activityTypeId, typeIds))
            .orderBy(asc(sstActivityRequirements.id)),
    async insertActivityType(v: typeof sstActivityTypes.$inferInsert) {
      const [row] = await db.insert(sstActivityTypes).values(v).returning();
      return row!;
    },
    async updateActivityType(id: number, v: Partial<typeof sstActivityTypes.$inferInsert>) {
      await db.update(sstActivityTypes).set(v).where(eq(sstActivityTypes.id, id));
    },
    async setRequirements(
      typeId: number,
      reqs: { tipo: RequirementRow['tipo']; trainingId: number | null }[],
    ) {
      await db
        .delete(sstActivityRequirements)
        .where(eq(sstActivityRequirements.activityTypeId, typeId));
      if (reqs.length)
        await db
          .insert(sstActivityRequirements)
          .values(reqs.map((r) => ({ ...r, activityTypeId: typeId })));
    },
    async activityTypeByName(nome: string, exceptId = 0) {
      const [row] = await db
        .select({ id: sstActivityTypes.id })
        .from(sstActivityTypes)
        .where(
          and(
            sql`lower(${sstActivityTypes.nome}) = lower(${nome})`,
            sql`${sstActivityTypes.id} <> ${exceptId}`,
          ),
        );
      return row;
    },

    /** Health data was read: who, whose, and whether the result was shown (LGPD art. 11). */
    async logHealthView(
      viewer: { id: number; email: string },
      workerId: number,
      details: Record<string, unknown>,
      ip: string | null,
    ) {
      await audit.record(db, {
        userId: viewer.id,
        email: viewer.email,
        action: 'sst_aso_view',
        objectType: 'users',
        objectId: String(workerId),
        details,
        ip,
      });
    },

    /** Active people with their role (who hears of SST expiries is decided by role). */
    async activeUserRoles() {
      return db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.active, true));
    },

    /** Logs alert `key` for each of `userIds`; the ones not told of it before. */
    async logAlert(key: string, userIds: number[]): Promise<number[]> {
      const fresh = await db
        .insert(sstAlertLog)
        .values(userIds.map((userId) => ({ alertKey: key, userId })))
        .onConflictDoNothing()
        .returning({ userId: sstAlertLog.userId });
      return fresh.map((f) => f.userId);
    },

    /** Which of `others` share a contract with `viewerId`. */
    async contractColleagues(viewerId: number, others: number[]): Promise<number[]> {
      const other = alias(userContracts, 'other_contracts');
      const rows = await db
        .selectDistinct({ id: other.userId })
        .from(userContracts)
        .innerJoin(other, eq(other.contractId, userContracts.contractId))
        .where(and(eq(userContracts.userId, viewerId), inArray(other.userId, others)));
      return rows.map((r) => r.id);
    },
  };
}

export type SstRepo = ReturnType<typeof createSstRepo>;
