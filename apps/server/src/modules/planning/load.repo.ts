import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** A dated open task with its estimate (hours, or null when not estimated). */
export type LoadTaskRow = {
  responsavelId: number;
  inicio: string;
  fim: string;
  horas: number | null;
};

/** A time slot of someone's (or a vehicle's) agenda or OS, in the company's local time. */
export type LoadSlotRow = {
  /** Person or vehicle. */
  ownerId: number;
  kind: 'agenda' | 'os';
  contractId: number;
  /** 'YYYY-MM-DDTHH:MM:SS' local. */
  inicio: string;
  fim: string;
};

/** The period, as local days [from, to] of the company's time zone. */
export interface LoadRange {
  from: string;
  to: string;
  timeZone: string;
}

const idArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;
const local = (col: string, tz: string) =>
  sql`to_char(${sql.raw(col)} at time zone ${tz}, 'YYYY-MM-DD"T"HH24:MI:SS')`;
/** `[inicio, fim)` overlaps the period's local days. */
const overlapsPeriod = (alias: string, start: string, end: string, r: LoadRange) =>
  sql`${sql.raw(`${alias}."${end}"`)} > (${r.from}::date::timestamp at time zone ${r.timeZone})
    and ${sql.raw(`${alias}."${start}"`)} < ((${r.to}::date + 1)::timestamp at time zone ${r.timeZone})`;

/** Reads of the team load (planning/load.service.ts). */
export function createLoadRepo(db: DbOrTx) {
  return {
    /**
     * Open (not concluded) tasks of `people` whose planned dates touch the period; a task with
     * one planned date is a one-day task. Every task counts, whoever may open its demand.
     */
    async tasks(people: readonly number[], r: LoadRange): Promise<LoadTaskRow[]> {
      if (people.length === 0) return [];
      const res = await db.execute<LoadTaskRow>(sql`
        select p."responsavel_id" as "responsavelId",
          to_char(coalesce(p."inicio_previsto", p."fim_previsto"), 'YYYY-MM-DD') as "inicio",
          to_char(coalesce(p."fim_previsto", p."inicio_previsto"), 'YYYY-MM-DD') as "fim",
          p."horas_estimadas"::float8 as "horas"
        from "protocols" p
        where p."responsavel_id" = any(${idArray(people)})
          and p."stage" <> 'concluido'
          and coalesce(p."inicio_previsto", p."fim_previsto") <= ${r.to}::date
          and coalesce(p."fim_previsto", p."inicio_previsto") >= ${r.from}::date`);
      return res.rows;
    },

    /**
     * Which of `people` may have planned hours moved by a task change since `since`: the
     * person of each task changed since, and the one a task was taken from then (its history's
     * `before`; a minute early, as the history is stamped at the transaction's start).
     */
    async touchedPeople(people: readonly number[], since: string): Promise<number[]> {
      if (people.length === 0) return [];
      const res = await db.execute<{ id: number }>(sql`
        select p."responsavel_id" as "id" from "protocols" p
        where p."responsavel_id" = any(${idArray(people)})
          and p."updated_at" >= ${since}::timestamptz
        union
        select (h."before"->>'responsavel_id')::int from "protocol_history" h
        join "protocols" p on p."id" = h."protocol_id"
        where p."updated_at" >= ${since}::timestamptz
          and h."created_at" >= ${since}::timestamptz - interval '1 minute'
          and jsonb_typeof(h."before"->'responsavel_id') = 'number'
          and (h."before"->>'responsavel_id')::int = any(${idArray(people)})`);
      return res.rows.map((r) => r.id);
    },

    /**
     * Agenda entries and OSs of `people` in the period, not cancelled. An entry with a live OS
     * counts through its OS (the OS's current team), never twice.
     */
    async personSlots(people: readonly number[], r: LoadRange): Promise<LoadSlotRow[]> {
      if (people.length === 0) return [];
      const tz = r.timeZone;
      const res = await db.execute<LoadSlotRow>(sql`
        select ep."user_id" as "ownerId", 'agenda' as "kind", e."contract_id" as "contractId",
          ${local('e."inicio"', tz)} as "inicio", ${local('e."fim"', tz)} as "fim"
        from "agenda_entries" e join "agenda_entry_people" ep on ep."entry_id" = e."id"
        where ep."user_id" = any(${idArray(people)}) and e."status" <> 'cancelado'
          and ${overlapsPeriod('e', 'inicio', 'fim', r)}
          and not exists (select 1 from "service_orders" so
            where so."agenda_entry_id" = e."id" and so."status" <> 'cancelada')
        union all
        select sp."user_id", 'os', o."contract_id",
          ${local('o."previsto_inicio"', tz)}, ${local('o."previsto_fim"', tz)}
        from "service_orders" o join "service_order_people" sp on sp."service_order_id" = o."id"
        where sp."user_id" = any(${idArray(people)}) and sp."saiu_em" is null
          and o."status" <> 'cancelada'
          and ${overlapsPeriod('o', 'previsto_inicio', 'previsto_fim', r)}`);
      return res.rows;
    },

    /** Agenda entries and OSs with a vehicle in the period, not cancelled (OS over its entry). */
    async vehicleSlots(r: LoadRange): Promise<LoadSlotRow[]> {
      const tz = r.timeZone;
      const res = await db.execute<LoadSlotRow>(sql`
        select e."vehicle_id" as "ownerId", 'agenda' as "kind", e."contract_id" as "contractId",
          ${local('e."inicio"', tz)} as "inicio", ${local('e."fim"', tz)} as "fim"
        from "agenda_entries" e
        where e."vehicle_id" is not null and e."status" <> 'cancelado'
          and ${overlapsPeriod('e', 'inicio', 'fim', r)}
          and not exists (select 1 from "service_orders" so
            where so."agenda_entry_id" = e."id" and so."status" <> 'cancelada')
        union all
        select o."vehicle_id", 'os', o."contract_id",
          ${local('o."previsto_inicio"', tz)}, ${local('o."previsto_fim"', tz)}
        from "service_orders" o
        where o."vehicle_id" is not null and o."status" <> 'cancelada'
          and ${overlapsPeriod('o', 'previsto_inicio', 'previsto_fim', r)}`);
      return res.rows;
    },

    /** The vehicles in service (not inactive), by plate. */
    async vehicles(): Promise<{ id: number; placa: string; modelo: string }[]> {
      const res = await db.execute<{ id: number; placa: string; modelo: string }>(sql`
        select v."id", v."placa", v."modelo" from "vehicles" v
        where v."status" <> 'inativo' order by v."placa"`);
      return res.rows;
    },

    /** Contracts each of `people` is linked to (user_contracts). */
    async contractsOf(people: readonly number[]): Promise<Map<number, number[]>> {
      const out = new Map<number, number[]>();
      if (people.length === 0) return out;
      const res = await db.execute<{ userId: number; contractId: number }>(sql`
        select uc."user_id" as "userId", uc."contract_id" as "contractId" from "user_contracts" uc
        where uc."user_id" = any(${idArray(people)}) order by uc."contract_id"`);
      for (const row of res.rows) {
        const list = out.get(row.userId);
        if (list) list.push(row.contractId);
        else out.set(row.userId, [row.contractId]);
      }
      return out;
    },
  };
}
