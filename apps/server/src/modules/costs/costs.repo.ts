import { and, asc, desc, eq, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { ContractStatus } from '@eproto/domain';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  agendaEntries,
  contracts,
  costRates,
  epiDeliveries,
  epiItems,
  murals,
  protocols,
  serviceOrderMaterials,
  serviceOrders,
  timesheetEntries,
  timesheetWeeks,
  userContracts,
  users,
  vehicleFuelLogs,
  vehicleMaintenances,
} from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

export type CostRateInsert = typeof costRates.$inferInsert;

/** A day's cost split among `partes` contracts (the share of this one is valor / partes). */
type SharedAmount = {
  dia: string;
  valor: number;
  partes: number;
};

/**
 * The contracts a vehicle worked for on a day (`day` is a SQL date expression, `vehicle` its
 * vehicle id): those of its OSs and agenda entries of that local day, not cancelled.
 */
function vehicleContractsOn(vehicle: unknown, day: unknown, tz: string) {
  const o = serviceOrders;
  const a = agendaEntries;
  return sql`(
    select ${o.contractId} as contract_id from ${o}
    where ${o.vehicleId} = ${vehicle} and ${o.status} <> 'cancelada'
      and ${day} between (${o.previstoInicio} at time zone ${tz})::date
        and (${o.previstoFim} at time zone ${tz})::date
    union
    select ${a.contractId} from ${a}
    where ${a.vehicleId} = ${vehicle} and ${a.status} <> 'cancelado'
      and ${day} between (${a.inicio} at time zone ${tz})::date and (${a.fim} at time zone ${tz})::date
  )`;
}

/**
 * The (vehicle, local day) pairs in [from, to] on which a vehicle worked for the contract: the
 * days its OSs (not cancelled) and agenda entries (not cancelled) of the contract cover. A fuel
 * or maintenance cost without a contract is looked up by these few pairs (index on vehicle and
 * day) instead of testing every such cost of the period against every contract.
 */
function contractVehicleDays(contractId: number, from: string, to: string, tz: string) {
  const o = serviceOrders;
  const a = agendaEntries;
  const lo = sql`(${from}::date::timestamp at time zone ${tz})`;
  const hi = sql`((${to}::date + 1)::timestamp at time zone ${tz})`;
  const days = (start: unknown, end: unknown) =>
    sql`generate_series(greatest((${start} at time zone ${tz})::date, ${from}::date),
      least((${end} at time zone ${tz})::date, ${to}::date), interval '1 day')`;
  return sql`(
    select ${o.vehicleId} as vehicle_id, d::date as dia
    from ${o}, ${days(o.previstoInicio, o.previstoFim)} d
    where ${o.contractId} = ${contractId} and ${o.vehicleId} is not null
      and ${o.status} <> 'cancelada' and ${o.previstoInicio} < ${hi} and ${o.previstoFim} >= ${lo}
    union
    select ${a.vehicleId}, d::date
    from ${a}, ${days(a.inicio, a.fim)} d
    where ${a.contractId} = ${contractId} and ${a.vehicleId} is not null
      and ${a.status} <> 'cancelado' and ${a.inicio} < ${hi} and ${a.fim} >= ${lo}
  )`;
}

/** Cost rates and what a contract's cost is made of (the only Drizzle code of costs). */
export function createCostsRepo(db: DbOrTx) {
  const author = alias(users, 'rate_author');
  const person = alias(users, 'rate_person');
  return {
    async rates() {
      return db
        .select({ r: costRates, pessoaNome: person.nome, autorNome: author.nome })
        .from(costRates)
        .leftJoin(person, eq(person.id, costRates.userId))
        .leftJoin(author, eq(author.id, costRates.createdBy))
        .orderBy(asc(costRates.funcao), asc(person.nome), desc(costRates.vigenteDesde));
    },

    async rate(id: number) {
      const [row] = await db.select().from(costRates).where(eq(costRates.id, id));
      return row;
    },

    async insertRate(v: CostRateInsert) {
      const [row] = await db.insert(costRates).values(v).returning({ id: costRates.id });
      return row!.id;
    },

    async deleteRate(id: number) {
      await db.delete(costRates).where(eq(costRates.id, id));
    },

    async activePerson(id: number) {
      const [row] = await db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(and(eq(users.id, id), eq(users.active, true)));
      return row;
    },

    /** One page of the contracts within `scope` (all when undefined), by name, with the total. */
    async contractsPage(
      scope: SQL | undefined,
      q: string | undefined,
      status: ContractStatus | undefined,
      limit: number,
      offset: number,
    ) {
      return db
        .select({ c: contracts, total: sql<number>`count(*) over ()::int` })
        .from(contracts)
        .where(
          and(
            scope,
            listSearch(q, [contracts.searchText]),
            status ? eq(contracts.status, status) : undefined,
          ),
        )
        .orderBy(asc(contracts.nome), asc(contracts.id))
        .limit(limit)
        .offset(offset);
    },

    async contract(id: number) {
      const [row] = await db.select().from(contracts).where(eq(contracts.id, id));
      return row;
    },

    /** Manual timesheet entries counted on the contract in [from, to]. */
    async manualHours(contractId: number, from: string, to: string) {
      const e = timesheetEntries;
      return db
        .select({ userId: e.userId, dia: e.data, minutos: e.minutos })
        .from(e)
        .where(and(eq(e.contractId, contractId), gte(e.data, from), lte(e.data, to)));
    },

    /** `${userId}:${monday}` of the approved weeks of these people in [from, to]. */
    async approvedWeeks(userIds: number[], from: string, to: string) {
      if (userIds.length === 0) return new Set<string>();
      const w = timesheetWeeks;
      const rows = await db
        .select({ userId: w.userId, semana: w.semana })
        .from(w)
        .where(
          and(
            inArray(w.userId, userIds),
            eq(w.status, 'aprovada'),
            gte(w.semana, from),
            lte(w.semana, to),
          ),
        );
      return new Set(rows.map((r) => `${r.userId}:${r.semana}`));
    },

    async people(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome, role: users.role })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /** Materials used on the contract's OSs (not returned), on the local day they were used. */
    async materials(contractId: number, from: string, to: string, tz: string) {
      const m = serviceOrderMaterials;
      const day = sql<string>`to_char((coalesce(${m.deviceTime}, ${m.createdAt}) at time zone ${tz})::date, 'YYYY-MM-DD')`;
      return db
        .select({ dia: day, quantidade: m.quantidade, custoUnitario: m.custoUnitario })
        .from(m)
        .innerJoin(serviceOrders, eq(serviceOrders.id, m.serviceOrderId))
        .where(
          and(
            eq(serviceOrders.contractId, contractId),
            isNull(m.estornadoEm),
            sql`${day} between ${from} and ${to}`,
          ),
        );
    },

    /**
     * Fuel on the contract: logs that name it, and logs without a contract whose vehicle worked
     * for it that day (split evenly when the vehicle worked for several).
     */
    async fuel(contractId: number, from: string, to: string, tz: string): Promise<SharedAmount[]> {
      const f = vehicleFuelLogs;
      const rows = await db.execute<SharedAmount>(sql`
        with dias as ${contractVehicleDays(contractId, from, to, tz)}
        select to_char(${f.data}, 'YYYY-MM-DD') as dia, ${f.valorTotal}::float8 as valor, 1 as partes
        from ${f}
        where ${f.contractId} = ${contractId} and ${f.data} between ${from}::date and ${to}::date
        union all
        select to_char(${f.data}, 'YYYY-MM-DD'), ${f.valorTotal}::float8,
          (select count(*) from ${vehicleContractsOn(f.vehicleId, f.data, tz)} c)::int
        from ${f} join dias on dias.vehicle_id = ${f.vehicleId} and dias.dia = ${f.data}
        where ${f.contractId} is null and ${f.data} between ${from}::date and ${to}::date`);
      return rows.rows;
    },

    /** Maintenance costs on the contract, by the day done (else planned); same rule as fuel. */
    async maintenance(
      contractId: number,
      from: string,
      to: string,
      tz: string,
    ): Promise<SharedAmount[]> {
      const m = vehicleMaintenances;
      const day = sql`coalesce(${m.realizadaData}, ${m.previstaData})`;
      const rows = await db.execute<SharedAmount>(sql`
        with dias as ${contractVehicleDays(contractId, from, to, tz)}
        select to_char(${day}, 'YYYY-MM-DD') as dia, ${m.custo}::float8 as valor, 1 as partes
        from ${m}
        where ${m.contractId} = ${contractId} and ${m.custo} is not null
          and ${day} between ${from}::date and ${to}::date
        union all
        select to_char(${day}, 'YYYY-MM-DD'), ${m.custo}::float8,
          (select count(*) from ${vehicleContractsOn(m.vehicleId, day, tz)} c)::int
        from ${m} join dias on dias.vehicle_id = ${m.vehicleId} and dias.dia = ${day}
        where ${m.contractId} is null and ${m.custo} is not null
          and ${day} between ${from}::date and ${to}::date`);
      return rows.rows;
    },

    /**
     * EPI delivered to the contract's people, at the unit cost kept on the delivery (else the
     * item's), split evenly among the contracts the person is linked to.
     */
    async epi(contractId: number, from: string, to: string) {
      const d = epiDeliveries;
      const uc = userContracts;
      return db
        .select({
          dia: sql<string>`to_char(${d.data}, 'YYYY-MM-DD')`,
          quantidade: d.quantidade,
          custoUnitario: sql<
            number | null
          >`coalesce(${d.custoUnitario}, ${epiItems.custoUnitario})::float8`,
          partes: sql<number>`(select count(*) from ${uc} x where x.user_id = ${d.colaboradorId})::int`,
        })
        .from(d)
        .innerJoin(epiItems, eq(epiItems.id, d.itemId))
        .innerJoin(uc, and(eq(uc.userId, d.colaboradorId), eq(uc.contractId, contractId)))
        .where(and(gte(d.data, from), lte(d.data, to)));
    },

    /** OSs of the contract planned to start per month, and concluded per month. */
    async osPerMonth(contractId: number, from: string, to: string, tz: string) {
      const o = serviceOrders;
      const rows = await db.execute<{ mes: string; abertas: number; concluidas: number }>(sql`
        select mes, sum(abertas)::int as abertas, sum(concluidas)::int as concluidas from (
          select to_char(${o.previstoInicio} at time zone ${tz}, 'YYYY-MM') as mes, 1 as abertas, 0 as concluidas
          from ${o} where ${o.contractId} = ${contractId} and ${o.status} <> 'cancelada'
          union all
          select to_char(${o.concluidaEm} at time zone ${tz}, 'YYYY-MM'), 0, 1
          from ${o} where ${o.contractId} = ${contractId} and ${o.status} = 'concluida'
            and ${o.concluidaEm} is not null
        ) x where mes between ${from.slice(0, 7)} and ${to.slice(0, 7)} group by mes`);
      return rows.rows;
    },

    /**
     * On time (SLA) in [from, to]: tasks of the contract's demands concluded (fim_real) by their
     * planned end, and OSs concluded by their planned end.
     */
    async onTime(contractId: number, from: string, to: string, tz: string) {
      const p = protocols;
      const o = serviceOrders;
      const rows = await db.execute<{ concluidas: number; no_prazo: number }>(sql`
        select count(*)::int as concluidas, count(*) filter (where ok)::int as no_prazo from (
          select ${p.fimReal} <= ${p.fimPrevisto} as ok from ${p}
          join ${murals} on ${murals.id} = ${p.muralId}
          where ${murals.contractId} = ${contractId} and ${p.stage} = 'concluido'
            and ${p.fimPrevisto} is not null and ${p.fimReal} between ${from}::date and ${to}::date
          union all
          select ${o.concluidaEm} <= ${o.previstoFim} from ${o}
          where ${o.contractId} = ${contractId} and ${o.status} = 'concluida'
            and (${o.concluidaEm} at time zone ${tz})::date between ${from}::date and ${to}::date
        ) x`);
      return rows.rows[0] ?? { concluidas: 0, no_prazo: 0 };
    },

    /** Open tasks and OSs of the contract past their planned end, the most late first. */
    async lateItems(contractId: number, today: string, now: Date, tz: string, limit: number) {
      const p = protocols;
      const o = serviceOrders;
      const at = now.toISOString();
      const rows = await db.execute<{
        tipo: 'tarefa' | 'os';
        id: number;
        titulo: string;
        prazo: string;
        total: number;
      }>(sql`
        select *, count(*) over ()::int as total from (
          select 'tarefa' as tipo, ${p.id} as id, ${p.titulo} as titulo,
            to_char(${p.fimPrevisto}, 'YYYY-MM-DD') as prazo
          from ${p} join ${murals} on ${murals.id} = ${p.muralId}
          where ${murals.contractId} = ${contractId} and ${p.stage} <> 'concluido'
            and ${p.fimPrevisto} < ${today}::date
          union all
          select 'os', ${o.id}, ${o.codigo} || ' · ' || ${o.local},
            to_char(${o.previstoFim} at time zone ${tz}, 'YYYY-MM-DD')
          from ${o}
          where ${o.contractId} = ${contractId} and ${o.status} not in ('concluida', 'cancelada')
            and ${o.previstoFim} < ${at}::timestamptz
        ) x order by prazo, tipo, id limit ${limit}`);
      return rows.rows;
    },
  };
}
