import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  serviceOrderEvents,
  sstActivityTypes,
  sstOsOverrides,
  sstServiceTypeRequirements,
  users,
} from '../../db/schema/index.ts';

/** SST of service orders: the activity type of each service type and the releases of an OS. */
export function createSstOsRepo(db: DbOrTx) {
  return {
    /** The activity type (requirement set) linked to a service type, or null. */
    async linkedActivityType(serviceTypeId: number) {
      const [row] = await db
        .select({ id: sstActivityTypes.id, nome: sstActivityTypes.nome })
        .from(sstServiceTypeRequirements)
        .innerJoin(
          sstActivityTypes,
          eq(sstActivityTypes.id, sstServiceTypeRequirements.activityTypeId),
        )
        .where(eq(sstServiceTypeRequirements.serviceTypeId, serviceTypeId));
      return row ?? null;
    },

    /** Every reason released on the OS so far. */
    async releasedReasons(osId: number): Promise<string[]> {
      const rows = await db
        .select({ p: sstOsOverrides.pendencias })
        .from(sstOsOverrides)
        .where(eq(sstOsOverrides.serviceOrderId, osId));
      return rows.flatMap((r) => r.p);
    },

    /** Keeps a written release on the OS and in its history. */
    async recordRelease(v: {
      osId: number;
      userId: number;
      motivo: string;
      reasons: string[];
      at: Date;
    }) {
      await db.insert(sstOsOverrides).values({
        serviceOrderId: v.osId,
        motivo: v.motivo,
        userId: v.userId,
        pendencias: v.reasons,
        createdAt: v.at,
      });
      await db.insert(serviceOrderEvents).values({
        serviceOrderId: v.osId,
        tipo: 'sst_liberacao',
        userId: v.userId,
        em: v.at,
        motivo: v.motivo,
        texto: v.reasons.join('; '),
      });
    },

    async unlinkServiceType(serviceTypeId: number) {
      await db
        .delete(sstServiceTypeRequirements)
        .where(eq(sstServiceTypeRequirements.serviceTypeId, serviceTypeId));
    },

    async activityTypeActive(id: number): Promise<boolean> {
      const [type] = await db
        .select({ ativo: sstActivityTypes.ativo })
        .from(sstActivityTypes)
        .where(eq(sstActivityTypes.id, id));
      return type?.ativo === true;
    },

    async linkServiceType(
      serviceTypeId: number,
      values: { activityTypeId: number; updatedBy: number; updatedAt: Date },
    ) {
      await db
        .insert(sstServiceTypeRequirements)
        .values({ serviceTypeId, ...values })
        .onConflictDoUpdate({ target: sstServiceTypeRequirements.serviceTypeId, set: values });
    },

    /** The releases of an OS, oldest first, with who wrote each. */
    async overridesOf(osId: number) {
      return db
        .select({ o: sstOsOverrides, nome: users.nome })
        .from(sstOsOverrides)
        .leftJoin(users, eq(users.id, sstOsOverrides.userId))
        .where(eq(sstOsOverrides.serviceOrderId, osId))
        .orderBy(asc(sstOsOverrides.id));
    },
  };
}
