import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  muralHistory,
  murals,
  protocolHistory,
  protocols,
  taskDependencies,
  users,
} from '../../db/schema/index.ts';

export type PlanTaskInsert = typeof protocols.$inferInsert;
type TaskHistoryInsert = typeof protocolHistory.$inferInsert;
type MuralHistoryInsert = typeof muralHistory.$inferInsert;

/** An active person the import may name as responsável. */
export interface PlanPerson {
  id: number;
  nome: string;
  email: string;
}

/** Reads and writes of a demand's plan (its tasks and the links between them). */
export function createPlansRepo(db: DbOrTx) {
  /** Active people whose `column` is one of `values`, case-insensitive. */
  const activeBy = async (
    column: typeof users.email | typeof users.nome,
    values: string[],
  ): Promise<PlanPerson[]> => {
    if (values.length === 0) return [];
    return db
      .select({ id: users.id, nome: users.nome, email: users.email })
      .from(users)
      .where(
        and(
          eq(users.active, true),
          inArray(
            sql`lower(${column})`,
            values.map((v) => v.toLowerCase()),
          ),
        ),
      );
  };

  return {
    /** The demand's tasks in creation order, with the responsável's e-mail. */
    async tasks(muralId: number) {
      return db
        .select({ task: protocols, email: users.email, nome: users.nome })
        .from(protocols)
        .leftJoin(users, eq(users.id, protocols.responsavelId))
        .where(eq(protocols.muralId, muralId))
        .orderBy(asc(protocols.id));
    },

    /** Links whose both ends are tasks of the demand (links to other demands stay out). */
    async links(muralId: number) {
      const ids = db
        .select({ id: protocols.id })
        .from(protocols)
        .where(eq(protocols.muralId, muralId));
      return db
        .select({
          protocolId: taskDependencies.protocolId,
          predecessorId: taskDependencies.predecessorId,
          lagDays: taskDependencies.lagDays,
        })
        .from(taskDependencies)
        .where(
          and(
            inArray(taskDependencies.protocolId, ids),
            inArray(taskDependencies.predecessorId, ids),
          ),
        )
        .orderBy(asc(taskDependencies.id));
    },

    /** Active people by e-mail (case-insensitive). */
    activeByEmail: (emails: string[]) => activeBy(users.email, emails),

    /** Active people by exact name (case-insensitive): MS Project resources without e-mail. */
    activeByName: (names: string[]) => activeBy(users.nome, names),

    /** Locks the demand row, so two imports into it run one after the other. */
    async lockMural(muralId: number) {
      await db.select({ id: murals.id }).from(murals).where(eq(murals.id, muralId)).for('update');
    },

    async insertTasks(rows: PlanTaskInsert[]) {
      if (rows.length === 0) return [];
      return db.insert(protocols).values(rows).returning({ id: protocols.id });
    },

    async insertLinks(
      rows: { protocolId: number; predecessorId: number; lagDays: number; createdBy: number }[],
    ) {
      if (rows.length === 0) return;
      await db.insert(taskDependencies).values(rows);
    },

    async insertTaskHistory(rows: TaskHistoryInsert[]) {
      if (rows.length === 0) return;
      await db.insert(protocolHistory).values(rows);
    },

    async insertMuralHistory(row: MuralHistoryInsert) {
      await db.insert(muralHistory).values(row);
    },
  };
}
