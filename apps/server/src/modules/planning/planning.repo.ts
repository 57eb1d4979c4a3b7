import type { Priority, Stage } from '@eproto/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { muralScopeSqlAs, protocolScopeSql, type ScopeUser } from '../access/scope.service.ts';

/** A task with what the Gantt and the calendar show of it. */
export type TaskRow = {
  id: number;
  muralId: number;
  muralTitulo: string;
  muralResponsavelId: number | null;
  muralCreatedBy: number | null;
  titulo: string;
  stage: Stage;
  prioridade: Priority;
  responsavelId: number | null;
  responsavelNome: string | null;
  responsavelAvatarPath: string | null;
  inicioPrevisto: string | null;
  fimPrevisto: string | null;
  inicioReal: string | null;
  fimReal: string | null;
  /** The task's updated_at, ISO in UTC to the millisecond (as the summaries send it). */
  version: string;
  /** Its demand's updated_at, the same way (a move's `from` is checked against it). */
  muralVersion: string;
};

/** A demand with what the calendar shows of it. */
export type MuralRow = {
  id: number;
  titulo: string;
  stage: Stage;
  prioridade: Priority;
  responsavelId: number | null;
  responsavelNome: string | null;
  createdBy: number | null;
  inicioPrevisto: string | null;
  fimPrevisto: string | null;
  inicioReal: string | null;
  fimReal: string | null;
  /** Its updated_at, ISO in UTC to the millisecond (as the summaries send it). */
  version: string;
};

/** A finish-to-start link (table task_dependencies of the tasks area). */
export type DependencyRow = {
  id: number;
  protocolId: number;
  predecessorId: number;
  lagDays: number;
};

/** Dates of a task, for the critical path of its demand. */
export type TaskDatesRow = {
  id: number;
  muralId: number;
  inicioPrevisto: string | null;
  fimPrevisto: string | null;
};

/**
 * A row's updated_at as the JSON answers send it (Date.toISOString: UTC, milliseconds cut):
 * the version a change event carries, compared as is.
 */
const versionOf = (col: SQL) =>
  sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const TASK_COLUMNS = sql`"protocols"."id", "protocols"."mural_id" as "muralId",
  tm."titulo" as "muralTitulo", tm."responsavel_id" as "muralResponsavelId",
  tm."created_by" as "muralCreatedBy",
  "protocols"."titulo", "protocols"."stage", "protocols"."prioridade",
  "protocols"."responsavel_id" as "responsavelId", tu."nome" as "responsavelNome",
  tu."avatar_path" as "responsavelAvatarPath",
  "protocols"."inicio_previsto" as "inicioPrevisto", "protocols"."fim_previsto" as "fimPrevisto",
  "protocols"."inicio_real" as "inicioReal", "protocols"."fim_real" as "fimReal",
  ${versionOf(sql`"protocols"."updated_at"`)} as "version",
  ${versionOf(sql`tm."updated_at"`)} as "muralVersion"`;
const TASK_FROM = sql`"protocols" join "murals" tm on tm."id" = "protocols"."mural_id"
  left join "users" tu on tu."id" = "protocols"."responsavel_id"`;

/** Planned dates of `alias` touch start..end (one-dated items count as one day). */
function overlaps(alias: string, start: string, end: string): SQL {
  const a = sql.raw(`"${alias}"`);
  return sql`coalesce(${a}."inicio_previsto", ${a}."fim_previsto") <= ${end}::date
    and coalesce(${a}."fim_previsto", ${a}."inicio_previsto") >= ${start}::date`;
}

const dated = (alias: string) =>
  sql`coalesce(${sql.raw(`"${alias}"`)}."inicio_previsto", ${sql.raw(`"${alias}"`)}."fim_previsto") is not null`;

/** One array parameter, used as `= any(...)` (a single bind value whatever the length). */
const ids = (list: readonly number[]) => sql`${`{${list.join(',')}}`}::int[]`;

/** Which tasks of a range: some responsáveis or demands only, or changed since a moment. */
type TaskFilter = {
  responsavelIds?: readonly number[];
  muralId?: number;
  muralIds?: readonly number[];
  since?: string;
};

const TASK_ORDER = sql`coalesce("protocols"."inicio_previsto", "protocols"."fim_previsto"), "protocols"."id"`;

/** The condition of a task range read; null when it can hold no task (no responsável asked). */
function taskRangeWhere(
  u: ScopeUser,
  range: { start: string; end: string },
  filter: TaskFilter,
): SQL | null {
  const parts: SQL[] = [overlaps('protocols', range.start, range.end)];
  const scope = protocolScopeSql(u);
  if (scope) parts.push(scope);
  if (filter.responsavelIds) {
    if (filter.responsavelIds.length === 0) return null;
    parts.push(sql`"protocols"."responsavel_id" = any(${ids(filter.responsavelIds)})`);
  }
  if (filter.muralId) parts.push(sql`"protocols"."mural_id" = ${filter.muralId}`);
  if (filter.muralIds) {
    if (filter.muralIds.length === 0) return null;
    parts.push(sql`"protocols"."mural_id" = any(${ids(filter.muralIds)})`);
  }
  if (filter.since) {
    parts.push(sql`("protocols"."updated_at" >= ${filter.since}::timestamptz
      or tm."updated_at" >= ${filter.since}::timestamptz)`);
  }
  return sql.join(parts, sql` and `);
}

/** The condition of a demand range read (alias m). */
function muralRangeWhere(u: ScopeUser, range: { start: string; end: string }, since?: string) {
  const parts: SQL[] = [overlaps('m', range.start, range.end)];
  const scope = muralScopeSqlAs(u, 'm');
  if (scope) parts.push(scope);
  if (since) parts.push(sql`m."updated_at" >= ${since}::timestamptz`);
  return sql.join(parts, sql` and `);
}

/** Drizzle reads of the Gantt and the calendar (the only SQL of this area besides team/feed). */
export function createPlanningRepo(db: DbOrTx) {
  return {
    /**
     * Dated tasks the caller sees touching start..end, optionally of some responsáveis or
     * demands only, or only those changed since a moment (the task or its demand: the entry
     * shows the demand's title).
     */
    async tasksInRange(
      u: ScopeUser,
      range: { start: string; end: string },
      filter: TaskFilter = {},
    ): Promise<TaskRow[]> {
      const where = taskRangeWhere(u, range, filter);
      if (!where) return [];
      const res = await db.execute<TaskRow>(sql`select ${TASK_COLUMNS} from ${TASK_FROM}
        where ${where} order by ${TASK_ORDER}`);
      return res.rows;
    },

    /** The ids (and demands) of the tasks tasksInRange answers, in its order. */
    async taskIdsInRange(
      u: ScopeUser,
      range: { start: string; end: string },
      filter: TaskFilter = {},
    ): Promise<Array<{ id: number; muralId: number }>> {
      const where = taskRangeWhere(u, range, filter);
      if (!where) return [];
      const res = await db.execute<{ id: number; muralId: number }>(sql`
        select "protocols"."id", "protocols"."mural_id" as "muralId" from ${TASK_FROM}
        where ${where} order by ${TASK_ORDER}`);
      return res.rows;
    },

    /** Of the given demands, those that changed, or any of whose tasks changed, since. */
    async touchedMurals(muralIds: readonly number[], since: string): Promise<number[]> {
      if (muralIds.length === 0) return [];
      const res = await db.execute<{ id: number }>(sql`
        select m."id" from "murals" m where m."id" = any(${ids(muralIds)})
          and (m."updated_at" >= ${since}::timestamptz or exists (select 1 from "protocols" p
            where p."mural_id" = m."id" and p."updated_at" >= ${since}::timestamptz))
        order by m."id"`);
      return res.rows.map((r) => r.id);
    },

    /** Tasks the caller sees without any planned date, optionally of some responsáveis only. */
    async undatedCount(u: ScopeUser, responsavelIds?: readonly number[]): Promise<number> {
      const parts: SQL[] = [sql`not ${dated('protocols')}`];
      const scope = protocolScopeSql(u);
      if (scope) parts.push(scope);
      if (responsavelIds) {
        if (responsavelIds.length === 0) return 0;
        parts.push(sql`"protocols"."responsavel_id" = any(${ids(responsavelIds)})`);
      }
      const res = await db.execute<{ n: number }>(
        sql`select count(*)::int as "n" from "protocols" where ${sql.join(parts, sql` and `)}`,
      );
      return res.rows[0]?.n ?? 0;
    },

    /**
     * Every task of a demand (the caller's access to the demand is checked before), or only
     * those changed since a moment (the task or its demand, whose title it shows).
     */
    async tasksOfMural(muralId: number, since?: string): Promise<TaskRow[]> {
      const changed = since
        ? sql`and ("protocols"."updated_at" >= ${since}::timestamptz
            or tm."updated_at" >= ${since}::timestamptz)`
        : sql``;
      const res = await db.execute<TaskRow>(sql`select ${TASK_COLUMNS} from ${TASK_FROM}
        where "protocols"."mural_id" = ${muralId} ${changed}
        order by coalesce("protocols"."inicio_previsto", "protocols"."fim_previsto") nulls last,
          "protocols"."id"`);
      return res.rows;
    },

    /** Dated tasks of some demands, for their critical paths (in a demand's chart order). */
    async datesOfMurals(muralIds: readonly number[]): Promise<TaskDatesRow[]> {
      if (muralIds.length === 0) return [];
      const res = await db.execute<TaskDatesRow>(sql`
        select p."id", p."mural_id" as "muralId", p."inicio_previsto" as "inicioPrevisto",
          p."fim_previsto" as "fimPrevisto"
        from "protocols" p where p."mural_id" = any(${ids(muralIds)}) and ${dated('p')}
        order by coalesce(p."inicio_previsto", p."fim_previsto"), p."id"`);
      return res.rows;
    },

    /** How many tasks of a demand have no planned date. */
    async undatedOfMural(muralId: number): Promise<number> {
      const res = await db.execute<{ n: number }>(sql`select count(*)::int as "n"
        from "protocols" p where p."mural_id" = ${muralId} and not ${dated('p')}`);
      return res.rows[0]?.n ?? 0;
    },

    /** Links with an end in one of the given demands. */
    async dependenciesTouching(muralIds: readonly number[]): Promise<DependencyRow[]> {
      if (muralIds.length === 0) return [];
      const res = await db.execute<DependencyRow>(sql`
        select d."id", d."protocol_id" as "protocolId", d."predecessor_id" as "predecessorId",
          d."lag_days" as "lagDays"
        from "task_dependencies" d
        join "protocols" s on s."id" = d."protocol_id"
        join "protocols" p on p."id" = d."predecessor_id"
        where s."mural_id" = any(${ids(muralIds)}) or p."mural_id" = any(${ids(muralIds)})
        order by d."id"`);
      return res.rows;
    },

    /** Links whose both ends belong to the given demands. */
    async dependenciesOfMurals(muralIds: readonly number[]): Promise<DependencyRow[]> {
      if (muralIds.length === 0) return [];
      const res = await db.execute<DependencyRow>(sql`
        select d."id", d."protocol_id" as "protocolId", d."predecessor_id" as "predecessorId",
          d."lag_days" as "lagDays"
        from "task_dependencies" d
        join "protocols" s on s."id" = d."protocol_id"
        join "protocols" p on p."id" = d."predecessor_id"
        where s."mural_id" = any(${ids(muralIds)}) and p."mural_id" = any(${ids(muralIds)})
        order by d."id"`);
      return res.rows;
    },

    /** Dated demands the caller sees touching start..end (only those changed since `since`). */
    async muralsInRange(
      u: ScopeUser,
      range: { start: string; end: string },
      since?: string,
    ): Promise<MuralRow[]> {
      return this.murals(muralRangeWhere(u, range, since));
    },

    /** The ids of the demands muralsInRange answers. */
    async muralIdsInRange(u: ScopeUser, range: { start: string; end: string }): Promise<number[]> {
      const res = await db.execute<{ id: number }>(sql`select m."id" from "murals" m
        where ${muralRangeWhere(u, range)} order by m."id"`);
      return res.rows.map((r) => r.id);
    },

    /** Demands matching a condition on alias m, by start date. */
    async murals(where: SQL): Promise<MuralRow[]> {
      const res = await db.execute<MuralRow>(sql`
        select m."id", m."titulo", m."stage", m."prioridade", m."responsavel_id" as "responsavelId",
          mu."nome" as "responsavelNome", m."created_by" as "createdBy",
          m."inicio_previsto" as "inicioPrevisto", m."fim_previsto" as "fimPrevisto",
          m."inicio_real" as "inicioReal", m."fim_real" as "fimReal",
          ${versionOf(sql`m."updated_at"`)} as "version"
        from "murals" m left join "users" mu on mu."id" = m."responsavel_id"
        where ${where}
        order by coalesce(m."inicio_previsto", m."fim_previsto"), m."id"`);
      return res.rows;
    },

    /** One demand (access checked before), or null; with `since`, only if it changed since. */
    async mural(id: number, since?: string): Promise<MuralRow | null> {
      const changed = since ? sql` and m."updated_at" >= ${since}::timestamptz` : sql``;
      const [row] = await this.murals(sql`m."id" = ${id}${changed}`);
      return row ?? null;
    },
  };
}
