import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { createMuralsRepo } from '../murals/murals.repo.ts';
import {
  boards,
  muralHistory,
  muralParticipants,
  murals,
  protocols,
  recurrenceInstances,
  recurrences,
  users,
} from '../../db/schema/index.ts';

export type SeriesRow = typeof recurrences.$inferSelect;
export type SeriesInsert = typeof recurrences.$inferInsert;
export type InstanceRow = typeof recurrenceInstances.$inferSelect;
export type MuralRow = typeof murals.$inferSelect;
type MuralInsert = typeof murals.$inferInsert;

const creator = alias(users, 'rec_creator');
const resp = alias(users, 'rec_resp');
/** Instances' demands are named "m" so the scope rule (muralScopeSqlAs(u, 'm')) applies. */
const m = alias(murals, 'm');

/** Series, their instances and the demand copies "concluir e avançar" makes. */
export function createRecurrenceRepo(db: DbOrTx) {
  const demands = createMuralsRepo(db);
  return {
    async insertSeries(values: SeriesInsert) {
      const [row] = await db.insert(recurrences).values(values).returning();
      return row!;
    },

    async lockSeries(id: number) {
      const [row] = await db
        .select()
        .from(recurrences)
        .where(eq(recurrences.id, id))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async updateSeries(id: number, set: Partial<SeriesInsert>) {
      const [row] = await db
        .update(recurrences)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(recurrences.id, id))
        .returning();
      return row!;
    },

    async deleteSeries(id: number) {
      await db.delete(recurrences).where(eq(recurrences.id, id));
    },

    /** The series with its board name and creator name. */
    async detail(id: number) {
      const [row] = await db
        .select({ series: recurrences, boardNome: boards.nome, creatorNome: creator.nome })
        .from(recurrences)
        .innerJoin(boards, eq(boards.id, recurrences.boardId))
        .leftJoin(creator, eq(creator.id, recurrences.createdBy))
        .where(eq(recurrences.id, id))
        .limit(1);
      return row ?? null;
    },

    async instanceOf(muralId: number) {
      const [row] = await db
        .select()
        .from(recurrenceInstances)
        .where(eq(recurrenceInstances.muralId, muralId))
        .limit(1);
      return row ?? null;
    },

    /** The latest instance of a series and how many it has. */
    async latest(recurrenceId: number) {
      const [last] = await db
        .select()
        .from(recurrenceInstances)
        .where(eq(recurrenceInstances.recurrenceId, recurrenceId))
        .orderBy(desc(recurrenceInstances.seq))
        .limit(1);
      const [n] = await db
        .select({ n: count() })
        .from(recurrenceInstances)
        .where(eq(recurrenceInstances.recurrenceId, recurrenceId));
      return { last: last ?? null, count: n?.n ?? 0 };
    },

    async insertInstance(values: typeof recurrenceInstances.$inferInsert) {
      await db.insert(recurrenceInstances).values(values);
    },

    /** Ids of the series (of a board, or one id, when given) with at least one demand `scope` lets through. */
    async visibleIds(
      scope: SQL | undefined,
      f: { boardId?: number; id?: number } = {},
    ): Promise<number[]> {
      const rows = await db
        .select({ id: recurrences.id })
        .from(recurrences)
        .where(
          and(
            f.boardId ? eq(recurrences.boardId, f.boardId) : undefined,
            f.id ? eq(recurrences.id, f.id) : undefined,
            sql`exists (select 1 from ${recurrenceInstances} ri join "murals" "m" on "m"."id" = ri."mural_id" where ri."recurrence_id" = ${recurrences.id}${scope ? sql` and ${scope}` : sql``})`,
          ),
        )
        .orderBy(asc(recurrences.titulo), asc(recurrences.id));
      return rows.map((r) => r.id);
    },

    /** Instances whose demand `scope` lets through, oldest first. */
    async instances(recurrenceId: number, scope: SQL | undefined, muralId?: number) {
      return db
        .select({ instance: recurrenceInstances, mural: m, respNome: resp.nome })
        .from(recurrenceInstances)
        .innerJoin(m, eq(m.id, recurrenceInstances.muralId))
        .leftJoin(resp, eq(resp.id, m.responsavelId))
        .where(
          and(
            eq(recurrenceInstances.recurrenceId, recurrenceId),
            muralId ? eq(recurrenceInstances.muralId, muralId) : undefined,
            scope,
          ),
        )
        .orderBy(asc(recurrenceInstances.seq));
    },

    /** The demand's own lock and edit (murals.repo.ts), inside this repo's transaction. */
    lockMural: (id: number) => demands.lock(id),
    updateMural: (id: number, set: Partial<MuralInsert>, userId: number) =>
      demands.update(id, set, userId),

    async insertMural(values: MuralInsert) {
      const [row] = await db.insert(murals).values(values).returning();
      return row!;
    },

    /** Instances no longer belong to a deleted series. */
    async detachMurals(recurrenceId: number) {
      await db
        .update(murals)
        .set({ recurrenceId: null })
        .where(eq(murals.recurrenceId, recurrenceId));
    },

    async history(rows: (typeof muralHistory.$inferInsert)[]) {
      if (rows.length) await db.insert(muralHistory).values(rows);
    },

    async participantIds(muralId: number): Promise<number[]> {
      const rows = await db
        .select({ id: muralParticipants.userId })
        .from(muralParticipants)
        .where(eq(muralParticipants.muralId, muralId));
      return rows.map((r) => r.id);
    },

    async addParticipants(muralId: number, userIds: number[], addedBy: number) {
      if (userIds.length === 0) return;
      await db
        .insert(muralParticipants)
        .values(userIds.map((userId) => ({ muralId, userId, addedBy })))
        .onConflictDoNothing();
    },

    async tasksOf(muralId: number) {
      return db
        .select()
        .from(protocols)
        .where(eq(protocols.muralId, muralId))
        .orderBy(asc(protocols.id));
    },

    async insertTask(values: typeof protocols.$inferInsert) {
      const [row] = await db.insert(protocols).values(values).returning({ id: protocols.id });
      return row!.id;
    },

    /**
     * Copies the finish-to-start links among the given tasks onto their copies (`idMap` old ->
     * new). Raw SQL on purpose: the tasks area owns the table and its Drizzle definition.
     */
    async copyDependencies(idMap: Map<number, number>, userId: number) {
      const olds = [...idMap.keys()];
      if (olds.length < 2) return;
      const exists = await db.execute<{ t: string | null }>(
        sql`select to_regclass('task_dependencies')::text as t`,
      );
      if (!exists.rows[0]?.t) return;
      const deps = await db.execute<{
        protocol_id: number;
        predecessor_id: number;
        lag_days: number;
      }>(
        sql`select "protocol_id", "predecessor_id", "lag_days" from "task_dependencies"
            where "protocol_id" in (${sql.join(olds, sql`, `)})
              and "predecessor_id" in (${sql.join(olds, sql`, `)})`,
      );
      for (const d of deps.rows) {
        await db.execute(sql`insert into "task_dependencies" ("protocol_id", "predecessor_id", "lag_days", "created_by")
          values (${idMap.get(d.protocol_id)!}, ${idMap.get(d.predecessor_id)!}, ${d.lag_days}, ${userId})
          on conflict do nothing`);
      }
    },
  };
}

export type RecurrenceRepo = ReturnType<typeof createRecurrenceRepo>;
