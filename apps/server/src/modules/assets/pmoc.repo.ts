import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assets,
  assetTypes,
  osAssetAnswers,
  osAssets,
  pmocIssues,
  serviceOrderPeople,
  serviceOrders,
  serviceTypeItems,
  users,
} from '../../db/schema/index.ts';

export type AssetAnswerRow = typeof osAssetAnswers.$inferSelect;

/** What the PMOC reads: HVAC assets, concluded OSs of the year, their teams and answers. */
export function createPmocRepo(db: DbOrTx) {
  return {
    /** The contract's air-conditioning assets (type category climatização), by tag. */
    hvacAssets(contractId: number) {
      return db
        .select({ a: assets, tipo: assetTypes.nome })
        .from(assets)
        .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId))
        .where(and(eq(assets.contractId, contractId), eq(assetTypes.categoria, 'climatizacao')))
        .orderBy(sql`upper(${assets.tag})`);
    },

    /** Concluded OSs of year `ano` (company time zone) that served these assets. */
    concludedOfAssets(assetIds: number[], ano: number, tz: string) {
      return db
        .select({ os: serviceOrders, assetId: osAssets.assetId, tag: assets.tag })
        .from(osAssets)
        .innerJoin(serviceOrders, eq(serviceOrders.id, osAssets.serviceOrderId))
        .innerJoin(assets, eq(assets.id, osAssets.assetId))
        .where(
          and(
            inArray(osAssets.assetId, assetIds),
            eq(serviceOrders.status, 'concluida'),
            sql`extract(year from ${serviceOrders.concluidaEm} at time zone ${tz}) = ${ano}`,
          ),
        )
        .orderBy(asc(serviceOrders.concluidaEm), asc(assets.tag));
    },

    teamOf(osIds: number[]) {
      return db
        .select({ osId: serviceOrderPeople.serviceOrderId, nome: users.nome })
        .from(serviceOrderPeople)
        .innerJoin(users, eq(users.id, serviceOrderPeople.userId))
        .where(inArray(serviceOrderPeople.serviceOrderId, osIds))
        .orderBy(asc(serviceOrderPeople.id));
    },

    answersOf(osIds: number[]) {
      return db
        .select({ v: osAssetAnswers, titulo: serviceTypeItems.titulo })
        .from(osAssetAnswers)
        .innerJoin(serviceTypeItems, eq(serviceTypeItems.id, osAssetAnswers.itemId))
        .where(inArray(osAssetAnswers.serviceOrderId, osIds))
        .orderBy(asc(serviceTypeItems.ordem));
    },

    /** Checklist items per template version. */
    itemCounts() {
      return db
        .select({ versionId: serviceTypeItems.versionId, n: sql<number>`count(*)::int` })
        .from(serviceTypeItems)
        .groupBy(serviceTypeItems.versionId);
    },

    async insertIssue(v: typeof pmocIssues.$inferInsert) {
      const [issue] = await db.insert(pmocIssues).values(v).returning();
      return issue!;
    },

    async issueByCode(codigo: string) {
      const [row] = await db
        .select()
        .from(pmocIssues)
        .where(eq(pmocIssues.verificacaoCodigo, codigo));
      return row;
    },
  };
}
