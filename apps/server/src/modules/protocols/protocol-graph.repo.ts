import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { protocols, taskDependencies } from '../../db/schema/index.ts';

export type DependencyRow = typeof taskDependencies.$inferSelect;

/** A task as the scheduling rules and the cascade see it. */
export interface GraphTask {
  id: number;
  muralId: number;
  titulo: string;
  responsavelId: number | null;
  inicio_previsto: string | null;
  fim_previsto: string | null;
}

const pred = alias(protocols, 'pred');
const succ = alias(protocols, 'succ');

const refColumns = (t: typeof pred | typeof succ) => ({
  id: t.id,
  titulo: t.titulo,
  muralId: t.muralId,
  stage: t.stage,
  inicioPrevisto: t.inicioPrevisto,
  fimPrevisto: t.fimPrevisto,
});

/** Dependencies between tasks (task_dependencies) and the part of the graph a change touches. */
export function createProtocolGraphRepo(db: DbOrTx) {
  return {
    /**
     * Serialises changes to the dependency graph for the rest of the transaction, so two
     * concurrent links cannot close a cycle that neither saw.
     */
    async lockGraph() {
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('eproto.task_dependencies'))`);
    },

    /**
     * The links into every task downstream of `rootIds` (the roots included): enough to check a
     * start and to run the cascade from any root.
     */
    async downstreamLinks(rootIds: number[]): Promise<DependencyRow[]> {
      if (rootIds.length === 0) return [];
      const roots = sql.join(
        rootIds.map((id) => sql`(${id}::int)`),
        sql`, `,
      );
      const result = await db.execute<{
        id: number;
        protocol_id: number;
        predecessor_id: number;
        lag_days: number;
        created_by: number | null;
        created_at: Date;
      }>(sql`
        with recursive down(id) as (
          select v.id from (values ${roots}) as v(id)
          union
          select d."protocol_id" from "task_dependencies" d join down on d."predecessor_id" = down.id
        )
        select d.* from "task_dependencies" d where d."protocol_id" in (select id from down)`);
      return result.rows.map((r) => ({
        id: r.id,
        protocolId: r.protocol_id,
        predecessorId: r.predecessor_id,
        lagDays: r.lag_days,
        createdBy: r.created_by,
        createdAt: new Date(r.created_at),
      }));
    },

    /** Ids downstream of a task (not including it). */
    async downstreamIds(id: number): Promise<number[]> {
      const result = await db.execute<{ id: number }>(sql`
        with recursive down(id) as (
          select d."protocol_id" from "task_dependencies" d where d."predecessor_id" = ${id}
          union
          select d."protocol_id" from "task_dependencies" d join down on d."predecessor_id" = down.id
        )
        select id from down`);
      return result.rows.map((r) => Number(r.id));
    },

    /** Dates and owners of the given tasks. */
    async tasks(ids: number[]): Promise<GraphTask[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: protocols.id,
          muralId: protocols.muralId,
          titulo: protocols.titulo,
          responsavelId: protocols.responsavelId,
          inicio_previsto: protocols.inicioPrevisto,
          fim_previsto: protocols.fimPrevisto,
        })
        .from(protocols)
        .where(inArray(protocols.id, ids));
    },

    async insert(v: typeof taskDependencies.$inferInsert) {
      const [row] = await db.insert(taskDependencies).values(v).returning();
      return row!;
    },

    async byId(id: number) {
      const [row] = await db
        .select()
        .from(taskDependencies)
        .where(eq(taskDependencies.id, id))
        .limit(1);
      return row ?? null;
    },

    async remove(id: number) {
      const rows = await db
        .delete(taskDependencies)
        .where(eq(taskDependencies.id, id))
        .returning({ id: taskDependencies.id });
      return rows.length > 0;
    },

    /** Links touching a task (both ways) whose other end matches `visibleOther`. */
    async touching(id: number, visiblePred: SQL | undefined, visibleSucc: SQL | undefined) {
      return db
        .select({
          id: taskDependencies.id,
          protocolId: taskDependencies.protocolId,
          predecessorId: taskDependencies.predecessorId,
          lagDays: taskDependencies.lagDays,
          createdAt: taskDependencies.createdAt,
          pred: refColumns(pred),
          succ: refColumns(succ),
        })
        .from(taskDependencies)
        .innerJoin(pred, eq(pred.id, taskDependencies.predecessorId))
        .innerJoin(succ, eq(succ.id, taskDependencies.protocolId))
        .where(
          or(
            and(eq(taskDependencies.protocolId, id), visiblePred),
            and(eq(taskDependencies.predecessorId, id), visibleSucc),
          ),
        )
        .orderBy(taskDependencies.id);
    },

    async one(depId: number) {
      const [row] = await db
        .select({
          id: taskDependencies.id,
          protocolId: taskDependencies.protocolId,
          predecessorId: taskDependencies.predecessorId,
          lagDays: taskDependencies.lagDays,
          createdAt: taskDependencies.createdAt,
          pred: refColumns(pred),
          succ: refColumns(succ),
        })
        .from(taskDependencies)
        .innerJoin(pred, eq(pred.id, taskDependencies.predecessorId))
        .innerJoin(succ, eq(succ.id, taskDependencies.protocolId))
        .where(eq(taskDependencies.id, depId))
        .limit(1);
      return row ?? null;
    },
  };
}
