import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { muralBaselines, muralBaselineTasks, protocols, users } from '../../db/schema/index.ts';

export interface BaselineRow {
  id: number;
  muralId: number;
  nome: string;
  createdAt: Date;
  createdByNome: string | null;
  tarefas: number;
}

/** A task of the demand as planned now (one planned date makes a one-day span). */
export interface CurrentTaskRow {
  id: number;
  titulo: string;
  inicio: string | null;
  fim: string | null;
  inicioReal: string | null;
  fimReal: string | null;
}

const tasksOf = sql<number>`(select count(*)::int from ${muralBaselineTasks}
  where ${muralBaselineTasks.baselineId} = ${muralBaselines.id})`;

const summary = {
  id: muralBaselines.id,
  muralId: muralBaselines.muralId,
  nome: muralBaselines.nome,
  createdAt: muralBaselines.createdAt,
  createdByNome: users.nome,
  tarefas: tasksOf,
};

/** Baselines of demands' plans (the only Drizzle of the module). */
export function createBaselinesRepo(db: DbOrTx) {
  return {
    async list(muralId: number): Promise<BaselineRow[]> {
      return db
        .select(summary)
        .from(muralBaselines)
        .leftJoin(users, eq(users.id, muralBaselines.createdBy))
        .where(eq(muralBaselines.muralId, muralId))
        .orderBy(desc(muralBaselines.createdAt), desc(muralBaselines.id));
    },

    async get(id: number): Promise<BaselineRow | undefined> {
      const [row] = await db
        .select(summary)
        .from(muralBaselines)
        .leftJoin(users, eq(users.id, muralBaselines.createdBy))
        .where(eq(muralBaselines.id, id));
      return row;
    },

    async countOf(muralId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(muralBaselines)
        .where(eq(muralBaselines.muralId, muralId));
      return row?.n ?? 0;
    },

    /** Saves the demand's dated tasks as they are planned now; returns the new id. */
    async insert(v: { muralId: number; nome: string; createdBy: number }): Promise<number> {
      const [row] = await db.insert(muralBaselines).values(v).returning({ id: muralBaselines.id });
      const id = row!.id;
      await db.execute(sql`
        insert into ${muralBaselineTasks} ("baseline_id", "protocol_id", "titulo", "inicio", "fim")
        select ${id}, p."id", p."titulo",
          coalesce(p."inicio_previsto", p."fim_previsto"),
          coalesce(p."fim_previsto", p."inicio_previsto")
        from ${protocols} p
        where p."mural_id" = ${v.muralId}
          and coalesce(p."inicio_previsto", p."fim_previsto") is not null`);
      return id;
    },

    async tasks(baselineId: number) {
      return db
        .select({
          protocolId: muralBaselineTasks.protocolId,
          titulo: muralBaselineTasks.titulo,
          inicio: muralBaselineTasks.inicio,
          fim: muralBaselineTasks.fim,
        })
        .from(muralBaselineTasks)
        .where(eq(muralBaselineTasks.baselineId, baselineId))
        .orderBy(asc(muralBaselineTasks.inicio), asc(muralBaselineTasks.protocolId));
    },

    /** Every task of the demand with its current planned span and real end. */
    async currentTasks(muralId: number): Promise<CurrentTaskRow[]> {
      return db
        .select({
          id: protocols.id,
          titulo: protocols.titulo,
          inicio: sql<
            string | null
          >`coalesce(${protocols.inicioPrevisto}, ${protocols.fimPrevisto})`,
          fim: sql<string | null>`coalesce(${protocols.fimPrevisto}, ${protocols.inicioPrevisto})`,
          inicioReal: protocols.inicioReal,
          fimReal: protocols.fimReal,
        })
        .from(protocols)
        .where(eq(protocols.muralId, muralId));
    },

    async remove(id: number, muralId: number): Promise<boolean> {
      const rows = await db
        .delete(muralBaselines)
        .where(and(eq(muralBaselines.id, id), eq(muralBaselines.muralId, muralId)))
        .returning({ id: muralBaselines.id });
      return rows.length > 0;
    },
  };
}
