import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { murals, teamBaselines, teamBaselineTasks, users } from '../../db/schema/index.ts';
import { protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';

export interface TeamBaselineRow {
  id: number;
  coordenadorId: number;
  nome: string;
  createdAt: Date;
  createdByNome: string | null;
  tarefas: number;
  demandas: number;
}

/** A saved task of a team baseline, still visible to the reader. */
export type TeamSavedTask = {
  protocolId: number;
  muralId: number;
  titulo: string;
  inicio: string;
  fim: string;
};

/** A current task of one of the baseline's demands. */
export type TeamCurrentTask = {
  id: number;
  muralId: number;
  titulo: string;
  inicio: string | null;
  fim: string | null;
  inicioReal: string | null;
  fimReal: string | null;
};

/** One array parameter, used as `= any(...)` (a single bind value whatever the length). */
const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

const dated = sql`coalesce("protocols"."inicio_previsto", "protocols"."fim_previsto") is not null`;

const summary = {
  id: teamBaselines.id,
  coordenadorId: teamBaselines.coordenadorId,
  nome: teamBaselines.nome,
  createdAt: teamBaselines.createdAt,
  createdByNome: users.nome,
  tarefas: sql<number>`(select count(*)::int from ${teamBaselineTasks}
    where ${teamBaselineTasks.baselineId} = ${teamBaselines.id})`,
  demandas: sql<number>`(select count(distinct ${teamBaselineTasks.muralId})::int
    from ${teamBaselineTasks} where ${teamBaselineTasks.baselineId} = ${teamBaselines.id})`,
};

/** Baselines of a team's Gantt (the Drizzle of the team baselines). */
export function createTeamBaselinesRepo(db: DbOrTx) {
  return {
    async list(coordenadorId: number): Promise<TeamBaselineRow[]> {
      return db
        .select(summary)
        .from(teamBaselines)
        .leftJoin(users, eq(users.id, teamBaselines.createdBy))
        .where(eq(teamBaselines.coordenadorId, coordenadorId))
        .orderBy(desc(teamBaselines.createdAt), desc(teamBaselines.id));
    },

    async get(id: number): Promise<TeamBaselineRow | undefined> {
      const [row] = await db
        .select(summary)
        .from(teamBaselines)
        .leftJoin(users, eq(users.id, teamBaselines.createdBy))
        .where(eq(teamBaselines.id, id));
      return row;
    },

    async countOf(coordenadorId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(teamBaselines)
        .where(eq(teamBaselines.coordenadorId, coordenadorId));
      return row?.n ?? 0;
    },

    /**
     * Saves every dated task the saver sees of each demand where one of `members` is
     * responsável of a dated task the saver sees; returns the new id.
     */
    async insert(
      u: ScopeUser,
      v: { coordenadorId: number; nome: string; members: readonly number[] },
    ): Promise<number> {
      const [row] = await db
        .insert(teamBaselines)
        .values({ coordenadorId: v.coordenadorId, nome: v.nome, createdBy: u.id })
        .returning({ id: teamBaselines.id });
      const id = row!.id;
      if (v.members.length === 0) return id;
      const scope = protocolScopeSql(u) ?? sql`true`;
      await db.execute(sql`
        insert into ${teamBaselineTasks}
          ("baseline_id", "protocol_id", "mural_id", "titulo", "inicio", "fim")
        select ${id}, "protocols"."id", "protocols"."mural_id", "protocols"."titulo",
          coalesce("protocols"."inicio_previsto", "protocols"."fim_previsto"),
          coalesce("protocols"."fim_previsto", "protocols"."inicio_previsto")
        from "protocols"
        where ${dated} and ${scope}
          and "protocols"."mural_id" in (
            select "protocols"."mural_id" from "protocols"
            where "protocols"."responsavel_id" = any(${ids(v.members)}) and ${dated} and ${scope})`);
      return id;
    },

    /** The saved tasks the reader sees now (a task deleted since has left with its rows). */
    async tasks(u: ScopeUser, baselineId: number): Promise<TeamSavedTask[]> {
      const scope = protocolScopeSql(u) ?? sql`true`;
      const res = await db.execute<TeamSavedTask>(sql`
        select b."protocol_id" as "protocolId", b."mural_id" as "muralId", b."titulo",
          b."inicio"::text as "inicio", b."fim"::text as "fim"
        from ${teamBaselineTasks} b join "protocols" on "protocols"."id" = b."protocol_id"
        where b."baseline_id" = ${baselineId} and ${scope}
        order by b."inicio", b."protocol_id"`);
      return res.rows;
    },

    /** Every task the reader sees of the given demands, with its current span and real dates. */
    async currentTasks(u: ScopeUser, muralIds: readonly number[]): Promise<TeamCurrentTask[]> {
      if (muralIds.length === 0) return [];
      const scope = protocolScopeSql(u) ?? sql`true`;
      const res = await db.execute<TeamCurrentTask>(sql`
        select "protocols"."id", "protocols"."mural_id" as "muralId", "protocols"."titulo",
          coalesce("protocols"."inicio_previsto", "protocols"."fim_previsto")::text as "inicio",
          coalesce("protocols"."fim_previsto", "protocols"."inicio_previsto")::text as "fim",
          "protocols"."inicio_real"::text as "inicioReal",
          "protocols"."fim_real"::text as "fimReal"
        from "protocols"
        where "protocols"."mural_id" = any(${ids(muralIds)}) and ${scope}`);
      return res.rows;
    },

    /** Titles of demands by id. */
    async muralTitles(muralIds: readonly number[]): Promise<Map<number, string>> {
      if (muralIds.length === 0) return new Map();
      const rows = await db
        .select({ id: murals.id, titulo: murals.titulo })
        .from(murals)
        .where(sql`${murals.id} = any(${ids(muralIds)})`);
      return new Map(rows.map((r) => [r.id, r.titulo]));
    },

    async remove(id: number, coordenadorId: number): Promise<boolean> {
      const rows = await db
        .delete(teamBaselines)
        .where(and(eq(teamBaselines.id, id), eq(teamBaselines.coordenadorId, coordenadorId)))
        .returning({ id: teamBaselines.id });
      return rows.length > 0;
    },
  };
}
