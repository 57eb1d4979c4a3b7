import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { serviceTypeItems, serviceTypes, serviceTypeVersions } from '../../db/schema/index.ts';

export type ServiceTypeRow = typeof serviceTypes.$inferSelect;
export type TemplateItemRow = typeof serviceTypeItems.$inferSelect;
export type TemplateItemInsert = Omit<typeof serviceTypeItems.$inferInsert, 'versionId'>;

/** Service types and their template versions (the only Drizzle code of the templates). */
export function createServiceTypesRepo(db: DbOrTx) {
  const latest = sql<number>`(select max(v."versao") from "service_type_versions" v where v."service_type_id" = "service_types"."id")`;
  return {
    async list(onlyActive: boolean) {
      return db
        .select({
          t: serviceTypes,
          versao: latest,
          itens: sql<number>`(select count(*)::int from "service_type_items" i join "service_type_versions" v on v."id" = i."version_id" where v."service_type_id" = "service_types"."id" and v."versao" = ${latest})`,
        })
        .from(serviceTypes)
        .where(onlyActive ? eq(serviceTypes.ativo, true) : undefined)
        .orderBy(asc(sql`lower(${serviceTypes.nome})`));
    },

    async byId(id: number) {
      const [row] = await db.select().from(serviceTypes).where(eq(serviceTypes.id, id)).limit(1);
      return row;
    },

    async lock(id: number) {
      const [row] = await db
        .select()
        .from(serviceTypes)
        .where(eq(serviceTypes.id, id))
        .for('update');
      return row;
    },

    async byName(nome: string) {
      const [row] = await db
        .select({ id: serviceTypes.id })
        .from(serviceTypes)
        .where(sql`lower(${serviceTypes.nome}) = lower(${nome})`)
        .limit(1);
      return row;
    },

    /** Newest version of a type. */
    async latestVersion(typeId: number) {
      const [row] = await db
        .select()
        .from(serviceTypeVersions)
        .where(eq(serviceTypeVersions.serviceTypeId, typeId))
        .orderBy(desc(serviceTypeVersions.versao))
        .limit(1);
      return row;
    },

    async version(id: number) {
      const [row] = await db
        .select()
        .from(serviceTypeVersions)
        .where(eq(serviceTypeVersions.id, id))
        .limit(1);
      return row;
    },

    async items(versionIds: number[]) {
      if (versionIds.length === 0) return [];
      return db
        .select()
        .from(serviceTypeItems)
        .where(inArray(serviceTypeItems.versionId, versionIds))
        .orderBy(asc(serviceTypeItems.versionId), asc(serviceTypeItems.ordem));
    },

    async item(versionId: number, itemId: number) {
      const [row] = await db
        .select()
        .from(serviceTypeItems)
        .where(and(eq(serviceTypeItems.versionId, versionId), eq(serviceTypeItems.id, itemId)))
        .limit(1);
      return row;
    },

    async insertType(v: typeof serviceTypes.$inferInsert) {
      const [row] = await db.insert(serviceTypes).values(v).returning();
      return row!;
    },

    async updateType(id: number, v: Partial<typeof serviceTypes.$inferInsert>) {
      await db
        .update(serviceTypes)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(serviceTypes.id, id));
    },

    /** A new version with its items, numbered after the newest one. */
    async insertVersion(typeId: number, createdBy: number | null, items: TemplateItemInsert[]) {
      const prev = await this.latestVersion(typeId);
      const [version] = await db
        .insert(serviceTypeVersions)
        .values({ serviceTypeId: typeId, versao: (prev?.versao ?? 0) + 1, createdBy })
        .returning();
      await db
        .insert(serviceTypeItems)
        .values(items.map((i) => ({ ...i, versionId: version!.id })));
      return version!;
    },
  };
}

export type ServiceTypesRepo = ReturnType<typeof createServiceTypesRepo>;
