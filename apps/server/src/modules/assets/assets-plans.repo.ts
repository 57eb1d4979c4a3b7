import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assetContractSettings,
  assetMeterReadings,
  assets,
  assetTypes,
  contracts,
  maintenancePlans,
  osAssetAnswers,
  osAssets,
  planOccurrences,
  serviceOrders,
  serviceTypes,
  users,
} from '../../db/schema/index.ts';

export type PlanRow = typeof maintenancePlans.$inferSelect;
export type PlanInsert = typeof maintenancePlans.$inferInsert;
export type SettingsRow = typeof assetContractSettings.$inferSelect;
export type OccurrenceInsert = typeof planOccurrences.$inferInsert;

const planJoined = {
  p: maintenancePlans,
  contratoCodigo: contracts.codigo,
  contratoNome: contracts.nome,
  tipoNome: assetTypes.nome,
  alvoTag: assets.tag,
  alvoStatus: assets.status,
  servicoNome: serviceTypes.nome,
};
export type PlanJoined = {
  p: PlanRow;
  contratoCodigo: string;
  contratoNome: string;
  tipoNome: string | null;
  alvoTag: string | null;
  alvoStatus: string | null;
  servicoNome: string;
};

const occurrenceJoined = {
  o: planOccurrences,
  tag: assets.tag,
  contractId: assets.contractId,
  osCodigo: serviceOrders.codigo,
  osStatus: serviceOrders.status,
  osFim: serviceOrders.previstoFim,
};
export type OccurrenceJoined = {
  o: typeof planOccurrences.$inferSelect;
  tag: string;
  contractId: number;
  osCodigo: string | null;
  osStatus: string | null;
  osFim: Date | null;
};

/** Plans, occurrences, contract settings and the OS ↔ asset link (Drizzle only). */
export function createAssetPlansRepo(db: DbOrTx) {
  const plansBase = () =>
    db
      .select(planJoined)
      .from(maintenancePlans)
      .innerJoin(contracts, eq(contracts.id, maintenancePlans.contractId))
      .innerJoin(serviceTypes, eq(serviceTypes.id, maintenancePlans.serviceTypeId))
      .leftJoin(assetTypes, eq(assetTypes.id, maintenancePlans.assetTypeId))
      .leftJoin(assets, eq(assets.id, maintenancePlans.assetId));

  const occurrencesBase = () =>
    db
      .select(occurrenceJoined)
      .from(planOccurrences)
      .innerJoin(assets, eq(assets.id, planOccurrences.assetId))
      .leftJoin(serviceOrders, eq(serviceOrders.id, planOccurrences.serviceOrderId));

  return {
    async plans(f: { contractIds: number[] | 'all'; contractId?: number; assetId?: number }) {
      if (f.contractIds !== 'all' && f.contractIds.length === 0) return [];
      return plansBase()
        .where(
          and(
            f.contractIds === 'all'
              ? undefined
              : inArray(maintenancePlans.contractId, f.contractIds),
            f.contractId ? eq(maintenancePlans.contractId, f.contractId) : undefined,
          ),
        )
        .orderBy(contracts.codigo, maintenancePlans.id) as Promise<PlanJoined[]>;
    },

    async plansOfAsset(a: { id: number; contractId: number; typeId: number }) {
      return plansBase().where(
        and(
          eq(maintenancePlans.contractId, a.contractId),
          or(eq(maintenancePlans.assetId, a.id), eq(maintenancePlans.assetTypeId, a.typeId)),
        ),
      ) as Promise<PlanJoined[]>;
    },

    async plan(id: number) {
      const [row] = (await plansBase().where(eq(maintenancePlans.id, id))) as PlanJoined[];
      return row;
    },

    async insertPlan(v: PlanInsert) {
      const [row] = await db.insert(maintenancePlans).values(v).returning();
      return row!;
    },

    async updatePlan(id: number, v: Partial<PlanInsert>) {
      await db
        .update(maintenancePlans)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(maintenancePlans.id, id));
    },

    /** Active assets a plan covers: its asset, or its contract's assets of its type. */
    async coveredAssets(p: Pick<PlanRow, 'contractId' | 'assetId' | 'assetTypeId'>) {
      return db
        .select()
        .from(assets)
        .where(
          and(
            eq(assets.contractId, p.contractId),
            eq(assets.status, 'ativo'),
            p.assetId ? eq(assets.id, p.assetId) : eq(assets.typeId, p.assetTypeId!),
          ),
        )
        .orderBy(sql`upper(${assets.tag})`);
    },

    async coveredCounts(planIds: number[]) {
      if (planIds.length === 0) return new Map<number, number>();
      const rows = await db
        .select({ id: maintenancePlans.id, n: sql<number>`count(${assets.id})::int` })
        .from(maintenancePlans)
        .leftJoin(
          assets,
          and(
            eq(assets.contractId, maintenancePlans.contractId),
            eq(assets.status, 'ativo'),
            or(
              eq(assets.id, maintenancePlans.assetId),
              and(
                isNull(maintenancePlans.assetId),
                eq(assets.typeId, maintenancePlans.assetTypeId),
              ),
            ),
          ),
        )
        .where(inArray(maintenancePlans.id, planIds))
        .groupBy(maintenancePlans.id);
      return new Map(rows.map((r) => [r.id, r.n]));
    },

    async contractsWithActivePlans() {
      const rows = await db
        .selectDistinct({ id: maintenancePlans.contractId })
        .from(maintenancePlans)
        .innerJoin(contracts, eq(contracts.id, maintenancePlans.contractId))
        .where(and(eq(maintenancePlans.ativo, true), eq(contracts.status, 'ativo')));
      return rows.map((r) => r.id);
    },

    async activePlans(contractId: number) {
      return db
        .select()
        .from(maintenancePlans)
        .where(and(eq(maintenancePlans.contractId, contractId), eq(maintenancePlans.ativo, true)))
        .orderBy(maintenancePlans.id);
    },

    /** Serialises the generation of one contract across nodes until the transaction ends. */
    async lockContract(contractId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(720034::int, ${contractId}::int)`);
    },

    /**
     * Inserts the due dates not yet there; answers only the new ones. Either unique key
     * (plan, asset, date) or (plan, asset, meter hours) makes a row already there a no-op.
     */
    async insertOccurrences(rows: OccurrenceInsert[]) {
      if (rows.length === 0) return [];
      return db.insert(planOccurrences).values(rows).onConflictDoNothing().returning();
    },

    /**
     * Of the due dates a run wanted, those that were there already (not in `created`): how
     * many, and how many distinct OSs hold them. Matched on the same keys as the unique
     * indexes: (plan, asset, date) for calendar plans, (plan, asset, meter hours) for hours.
     */
    async existingOccurrences(wanted: OccurrenceInsert[], created: OccurrenceInsert[]) {
      const key = (o: OccurrenceInsert) =>
        o.horasAlvo === null || o.horasAlvo === undefined
          ? `${o.planId}:${o.assetId}:d${o.vencimento}`
          : `${o.planId}:${o.assetId}:h${o.horasAlvo}`;
      const fresh = new Set(created.map(key));
      const old = new Set(wanted.map(key).filter((k) => !fresh.has(k)));
      if (old.size === 0) return { vencimentos: 0, oss: 0 };
      const rows = await db
        .select()
        .from(planOccurrences)
        .where(
          and(
            inArray(planOccurrences.planId, [...new Set(wanted.map((w) => w.planId))]),
            inArray(planOccurrences.assetId, [...new Set(wanted.map((w) => w.assetId))]),
            or(
              isNotNull(planOccurrences.horasAlvo),
              inArray(planOccurrences.vencimento, [...new Set(wanted.map((w) => w.vencimento))]),
            ),
          ),
        );
      const found = rows.filter((r) => old.has(key(r)));
      const oss = new Set(found.map((r) => r.serviceOrderId).filter((id) => id !== null));
      return { vencimentos: found.length, oss: oss.size };
    },

    /** The hour meter readings of these assets (for plans "a cada N horas"), by asset. */
    async readingsOf(assetIds: number[]) {
      const out = new Map<number, { horas: number; data: string }[]>();
      if (assetIds.length === 0) return out;
      const rows = await db
        .select({
          assetId: assetMeterReadings.assetId,
          horas: assetMeterReadings.horas,
          data: assetMeterReadings.data,
        })
        .from(assetMeterReadings)
        .where(inArray(assetMeterReadings.assetId, assetIds))
        .orderBy(asc(assetMeterReadings.data), asc(assetMeterReadings.horas));
      for (const r of rows) out.set(r.assetId, [...(out.get(r.assetId) ?? []), r]);
      return out;
    },

    async setOccurrenceOs(ids: number[], osId: number) {
      if (ids.length === 0) return;
      await db
        .update(planOccurrences)
        .set({ serviceOrderId: osId })
        .where(inArray(planOccurrences.id, ids));
    },

    async occurrences(f: { assetIds?: number[]; contractId?: number; planIds?: number[] }) {
      return occurrencesBase()
        .where(
          and(
            f.assetIds ? inArray(planOccurrences.assetId, f.assetIds) : undefined,
            f.contractId ? eq(assets.contractId, f.contractId) : undefined,
            f.planIds ? inArray(planOccurrences.planId, f.planIds) : undefined,
          ),
        )
        .orderBy(asc(planOccurrences.vencimento), asc(assets.tag)) as Promise<OccurrenceJoined[]>;
    },

    async settings(contractId: number) {
      const [row] = await db
        .select()
        .from(assetContractSettings)
        .where(eq(assetContractSettings.contractId, contractId));
      return row;
    },

    async saveSettings(v: typeof assetContractSettings.$inferInsert) {
      await db
        .insert(assetContractSettings)
        .values(v)
        .onConflictDoUpdate({ target: assetContractSettings.contractId, set: v });
    },

    async userNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome, active: users.active })
        .from(users)
        .where(inArray(users.id, ids));
    },

    async contract(id: number) {
      const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
      return row;
    },

    async assetHistory(assetId: number) {
      return db
        .select({
          os: serviceOrders,
          servico: serviceTypes.nome,
          respostas: sql<number>`(select count(*)::int from ${osAssetAnswers}
            where ${osAssetAnswers.serviceOrderId} = ${serviceOrders.id}
              and ${osAssetAnswers.assetId} = ${assetId})`,
        })
        .from(osAssets)
        .innerJoin(serviceOrders, eq(serviceOrders.id, osAssets.serviceOrderId))
        .innerJoin(serviceTypes, eq(serviceTypes.id, serviceOrders.serviceTypeId))
        .where(eq(osAssets.assetId, assetId))
        .orderBy(desc(serviceOrders.previstoInicio))
        .limit(100);
    },
  };
}
export type AssetPlansRepo = ReturnType<typeof createAssetPlansRepo>;
