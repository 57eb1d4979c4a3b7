import { and, count, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, assetTypes, contracts } from '../../db/schema/index.ts';
import { overdueCountSql } from '../../db/plan-overdue.ts';
import { listSearch } from '../../db/search-match.ts';

export type AssetRow = typeof assets.$inferSelect;
export type AssetInsert = typeof assets.$inferInsert;
export type AssetTypeRow = typeof assetTypes.$inferSelect;

/** Which assets a list reads: the caller's contracts ('all' for diretoria) and the filters. */
export interface AssetFilter {
  contractIds: number[] | 'all';
  contractId?: number | undefined;
  typeId?: number | undefined;
  status?: AssetRow['status'] | undefined;
  /** The search box (tag, description, place, maker, model, serial number). */
  q?: string | undefined;
  /** Only assets with an overdue preventive date at this moment. */
  atrasadas?: { now: Date; today: string } | undefined;
}

/** Overdue preventive dates of the asset row at this moment (db/plan-overdue.ts). */
const overdueOf = (at: { now: Date; today: string }) =>
  overdueCountSql(sql`o."asset_id" = ${assets.id}`, at.now, at.today);

const joined = {
  a: assets,
  contratoCodigo: contracts.codigo,
  contratoNome: contracts.nome,
  tipoNome: assetTypes.nome,
  tipoCategoria: assetTypes.categoria,
  tipoCampos: assetTypes.campos,
};
export type AssetJoined = {
  a: AssetRow;
  contratoCodigo: string;
  contratoNome: string;
  tipoNome: string;
  tipoCategoria: AssetTypeRow['categoria'];
  tipoCampos: AssetTypeRow['campos'];
};

function whereOf(f: AssetFilter): SQL | undefined {
  return and(
    f.contractIds === 'all' ? undefined : inArray(assets.contractId, f.contractIds),
    f.contractId ? eq(assets.contractId, f.contractId) : undefined,
    f.typeId ? eq(assets.typeId, f.typeId) : undefined,
    f.status ? eq(assets.status, f.status) : undefined,
    listSearch(f.q, [assets.searchText]),
    f.atrasadas ? sql`${overdueOf(f.atrasadas)} > 0` : undefined,
  );
}

/** A write's version of an asset: its id, contract and the `updated_at` it left. */
export type AssetVersion = { id: number; contractId: number; updatedAt: Date };

const version = { id: assets.id, contractId: assets.contractId, updatedAt: assets.updatedAt };

const LIST_ORDER = [contracts.codigo, sql`upper(${assets.tag})`, assets.id] as const;

/** Assets and their type catalogue (the only Drizzle code of the assets module). */
export function createAssetsRepo(db: DbOrTx) {
  const base = () =>
    db
      .select(joined)
      .from(assets)
      .innerJoin(contracts, eq(contracts.id, assets.contractId))
      .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId));

  return {
    /** A page of the list, each asset with its overdue preventive dates at `at`. */
    async page(
      f: AssetFilter,
      limit: number,
      offset: number,
      at: { now: Date; today: string },
    ): Promise<Array<AssetJoined & { atrasadas: number }>> {
      if (f.contractIds !== 'all' && f.contractIds.length === 0) return [];
      return db
        .select({ ...joined, atrasadas: overdueOf(at) })
        .from(assets)
        .innerJoin(contracts, eq(contracts.id, assets.contractId))
        .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId))
        .where(whereOf(f))
        .orderBy(...LIST_ORDER)
        .limit(limit)
        .offset(offset);
    },

    /** The ids of a page of the list now, in its order. */
    async pageIds(f: AssetFilter, limit: number, offset: number): Promise<number[]> {
      if (f.contractIds !== 'all' && f.contractIds.length === 0) return [];
      const rows = await db
        .select({ id: assets.id })
        .from(assets)
        .innerJoin(contracts, eq(contracts.id, assets.contractId))
        .where(whereOf(f))
        .orderBy(...LIST_ORDER)
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.id);
    },

    /** The assets among `ids` changed (`updated_at`) at or after `since`, as a page has them. */
    async changedSince(ids: number[], since: Date, at: { now: Date; today: string }) {
      if (ids.length === 0) return [];
      return db
        .select({ ...joined, atrasadas: overdueOf(at) })
        .from(assets)
        .innerJoin(contracts, eq(contracts.id, assets.contractId))
        .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId))
        .where(and(inArray(assets.id, ids), gte(assets.updatedAt, since)));
    },

    async count(f: AssetFilter): Promise<number> {
      if (f.contractIds !== 'all' && f.contractIds.length === 0) return 0;
      const [row] = await db.select({ n: count() }).from(assets).where(whereOf(f));
      return row?.n ?? 0;
    },

    async byId(id: number): Promise<AssetJoined | undefined> {
      const [row] = await base().where(eq(assets.id, id)).limit(1);
      return row;
    },

    /** Tags already used in a contract, upper case, among `tags`. */
    async tagsTaken(contractId: number, tags: string[], exceptId?: number): Promise<Set<string>> {
      if (tags.length === 0) return new Set();
      const rows = await db
        .select({ tag: sql<string>`upper(${assets.tag})` })
        .from(assets)
        .where(
          and(
            eq(assets.contractId, contractId),
            inArray(
              sql`upper(${assets.tag})`,
              tags.map((t) => t.toUpperCase()),
            ),
            exceptId ? sql`${assets.id} <> ${exceptId}` : undefined,
          ),
        );
      return new Set(rows.map((r) => r.tag));
    },

    async insert(rows: AssetInsert[]): Promise<AssetVersion[]> {
      if (rows.length === 0) return [];
      return db.insert(assets).values(rows).returning(version);
    },

    /**
     * Writes the asset and moves its `updated_at` (also with nothing else to write: a file or
     * an hour meter reading of it); returns the new version.
     */
    async update(id: number, v: Partial<AssetInsert> = {}): Promise<AssetVersion> {
      const [row] = await db
        .update(assets)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(assets.id, id))
        .returning(version);
      return row!;
    },

    async types() {
      return db
        .select({
          t: assetTypes,
          // Spelled out: inside a one-table select drizzle leaves columns unqualified, and a bare
          // "id" in the subquery would be the asset's own id.
          total: sql<number>`(select count(*)::int from "assets" x where x."type_id" = "asset_types"."id")`,
          planos: sql<number>`(select count(*)::int from "maintenance_plans" p where p."asset_type_id" = "asset_types"."id")`,
        })
        .from(assetTypes)
        .orderBy(sql`lower(${assetTypes.nome})`);
    },

    async typeById(id: number): Promise<AssetTypeRow | undefined> {
      const [row] = await db.select().from(assetTypes).where(eq(assetTypes.id, id)).limit(1);
      return row;
    },

    async typeByName(nome: string): Promise<AssetTypeRow | undefined> {
      const [row] = await db
        .select()
        .from(assetTypes)
        .where(sql`lower(${assetTypes.nome}) = lower(${nome})`)
        .limit(1);
      return row;
    },

    async insertType(v: typeof assetTypes.$inferInsert): Promise<AssetTypeRow> {
      const [row] = await db.insert(assetTypes).values(v).returning();
      return row!;
    },

    async updateType(id: number, v: Partial<typeof assetTypes.$inferInsert>) {
      await db.update(assetTypes).set(v).where(eq(assetTypes.id, id));
    },

    /** Locks the type's row: a field change and an asset save of that type do not cross. */
    async lockType(id: number, mode: 'share' | 'update'): Promise<AssetTypeRow | undefined> {
      const [row] = await db
        .select()
        .from(assetTypes)
        .where(eq(assetTypes.id, id))
        .for(mode)
        .limit(1);
      return row;
    },

    /** The own-field values of every asset of a type (to check a change of its fields). */
    async fieldValuesOfType(typeId: number) {
      return db
        .select({ tag: assets.tag, campos: assets.campos })
        .from(assets)
        .where(eq(assets.typeId, typeId));
    },

    /** Removes the values of fields the type no longer has from its assets. */
    async dropFieldValues(typeId: number, keys: string[]) {
      if (keys.length === 0) return;
      await db
        .update(assets)
        .set({ campos: sql`${assets.campos} - ${sql.param(keys)}::text[]` })
        .where(eq(assets.typeId, typeId));
    },

    /**
     * The active people linked to a contract and those whose role may see every contract (by
     * role), for the audience of an event about one of its assets.
     */
    async contractAudience(contractId: number) {
      const rows = await db.execute<{ id: number; role: string; linked: boolean }>(
        sql`select u."id", u."role",
          exists (select 1 from "user_contracts" uc where uc."user_id" = u."id" and uc."contract_id" = ${contractId}) as "linked"
          from "users" u where u."active"`,
      );
      return rows.rows;
    },

    /** Deletes a type nobody uses (assets and plans hold it with ON DELETE RESTRICT). */
    async deleteType(id: number) {
      await db.delete(assetTypes).where(eq(assetTypes.id, id));
    },
  };
}

export type AssetsRepo = ReturnType<typeof createAssetsRepo>;
