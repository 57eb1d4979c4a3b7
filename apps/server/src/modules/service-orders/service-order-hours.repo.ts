import { inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  serviceOrderEvents,
  serviceOrderPeople,
  serviceOrders,
  serviceTypes,
} from '../../db/schema/index.ts';
import { workPeriodsCte } from './service-orders.repo.ts';

/** Minutes one person worked on one OS on one day (company time zone). */
export type OsDayMinutes = {
  user_id: number;
  os_id: number;
  codigo: string;
  tipo: string;
  contract_id: number;
  contract_codigo: string;
  contract_nome: string;
  dia: string;
  minutos: number;
};

/** Whose hours: some people, or everyone on one contract's OSs. */
export type OsHoursWho = { userIds: number[] } | { contractId: number };

/**
 * Minutes worked per person, OS and day in [from, to] (plain dates in `timeZone`): the same
 * stretches of work and team periods as `teamMinutes` (THE rule of hours), each cut at local
 * midnight, so an OS from 22:00 to 02:00 gives two hours to each day. Rounded per day.
 */
export async function osMinutesByDay(
  db: DbOrTx,
  q: OsHoursWho & { from: string; to: string; now: Date; timeZone: string },
): Promise<OsDayMinutes[]> {
  const p = serviceOrderPeople;
  const o = serviceOrders;
  const tz = q.timeZone;
  const until = sql`${q.now.toISOString()}::timestamptz`;
  const rangeStart = sql`(${q.from}::date)::timestamp at time zone ${tz}`;
  const rangeEnd = sql`(${q.to}::date + 1)::timestamp at time zone ${tz}`;
  let osFilter: SQL;
  let peopleFilter: SQL;
  if ('userIds' in q) {
    if (q.userIds.length === 0) return [];
    osFilter = sql`${serviceOrderEvents.serviceOrderId} in (select ${p.serviceOrderId} from ${p} where ${inArray(p.userId, q.userIds)})`;
    peopleFilter = inArray(p.userId, q.userIds);
  } else {
    osFilter = sql`${serviceOrderEvents.serviceOrderId} in (select ${o.id} from ${o} where ${o.contractId} = ${q.contractId})`;
    peopleFilter = sql`true`;
  }
  const rows = await db.execute<OsDayMinutes>(sql`
    with ${workPeriodsCte(osFilter, until)},
    periods as (
      select ${p.userId} as user_id, ${p.serviceOrderId} as os_id,
        greatest(work.start_at, ${p.entrouEm}, ${rangeStart}) as s,
        least(work.end_at, coalesce(${p.saiuEm}, ${until}), ${rangeEnd}) as e
      from ${p} join work on work.os_id = ${p.serviceOrderId}
      where ${peopleFilter}
    ), split as (
      select user_id, os_id, d.dia,
        greatest(s, d.dia::timestamp at time zone ${tz}) as ds,
        least(e, (d.dia + 1)::timestamp at time zone ${tz}) as de
      from periods
      cross join lateral (
        select g::date as dia
        from generate_series((s at time zone ${tz})::date, (e at time zone ${tz})::date, interval '1 day') g
      ) d
      where e > s
    )
    select split.user_id, split.os_id, ${o.codigo} as codigo, ${serviceTypes.nome} as tipo,
      ${o.contractId} as contract_id, ${contracts.codigo} as contract_codigo,
      ${contracts.nome} as contract_nome, to_char(split.dia, 'YYYY-MM-DD') as dia,
      round(sum(extract(epoch from split.de - split.ds)) / 60)::int as minutos
    from split
    join ${o} on ${o.id} = split.os_id
    join ${contracts} on ${contracts.id} = ${o.contractId}
    join ${serviceTypes} on ${serviceTypes.id} = ${o.serviceTypeId}
    where split.de > split.ds
    group by split.user_id, split.os_id, ${o.codigo}, ${serviceTypes.nome}, ${o.contractId},
      ${contracts.codigo}, ${contracts.nome}, split.dia
    having round(sum(extract(epoch from split.de - split.ds)) / 60) > 0
    order by split.dia, ${o.codigo}`);
  return rows.rows;
}
