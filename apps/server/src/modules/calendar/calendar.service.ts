import {
  CALENDAR_DAYS,
  createWorkingCalendar,
  type DayOff,
  type dayOffBody,
  type NonWorkingDay,
  type NonWorkingDaysResponse,
  type WorkingCalendar,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createCalendarRepo, type DayOffRow } from './calendar.repo.ts';
import { holidayCities, holidaysBetween, placeName, type Place } from './holidays.ts';

type DayOffInput = z.output<typeof dayOffBody>;

const toDayOff = (r: DayOffRow): DayOff => ({
  id: r.id,
  inicio: r.inicio,
  fim: r.fim,
  nome: r.nome,
  tipo: r.tipo,
  contrato_id: r.contractId,
  contrato_nome: r.contractNome,
  created_at: r.createdAt.toISOString(),
});

const nextDay = (d: string) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Each day of the days off inside [from, to], as listed days (the first name of a day wins). */
function expandDaysOff(rows: DayOffRow[], from: string, to: string): NonWorkingDay[] {
  const out: NonWorkingDay[] = [];
  for (const r of rows) {
    for (let d = r.inicio > from ? r.inicio : from; d <= r.fim && d <= to; d = nextDay(d)) {
      out.push({ data: d, nome: r.nome, origem: r.tipo });
    }
  }
  return out;
}

/**
 * A place's calendar for any date: its holidays are computed a year at a time when first asked
 * for, its days off are the rows given (the company's and its contract's).
 */
function placeCalendar(place: Place, rows: DayOffRow[]): WorkingCalendar {
  const years = new Map<string, WorkingCalendar>();
  const yearOf = (date: string) => {
    const y = date.slice(0, 4);
    let cal = years.get(y);
    if (!cal) {
      const from = `${y}-01-01`;
      const to = `${y}-12-31`;
      const days = [...holidaysBetween(place, from, to), ...expandDaysOff(rows, from, to)];
      const named = new Map<string, string>();
      for (const d of days) if (!named.has(d.data)) named.set(d.data, d.nome);
      cal = createWorkingCalendar(named);
      years.set(y, cal);
    }
    return cal;
  };
  return {
    isWorkingDay: (date) => yearOf(date).isWorkingDay(date),
    offReason: (date) => yearOf(date).offReason(date),
  };
}

/**
 * The calendar each demand plans in: calendar days, or working days of its contract's place
 * when the demand is set to dias úteis. Read through `tx` (the cascade's transaction).
 */
export async function calendarsOfMurals(
  tx: DbOrTx,
  muralIds: number[],
): Promise<Map<number, WorkingCalendar>> {
  const repo = createCalendarRepo(tx);
  const plans = await repo.muralPlans([...new Set(muralIds)]);
  const working = plans.filter((p) => p.diasUteis);
  const out = new Map<number, WorkingCalendar>(plans.map((p) => [p.id, CALENDAR_DAYS]));
  if (working.length === 0) return out;
  const contractIds = [
    ...new Set(working.flatMap((p) => (p.contractId === null ? [] : [p.contractId]))),
  ];
  const rows = await repo.daysOff(null, contractIds);
  const byContract = new Map<number | null, WorkingCalendar>();
  for (const p of working) {
    let cal = byContract.get(p.contractId);
    if (!cal) {
      cal = placeCalendar(
        { uf: p.uf, municipio: p.municipio },
        rows.filter((r) => r.contractId === null || r.contractId === p.contractId),
      );
      byContract.set(p.contractId, cal);
    }
    out.set(p.id, cal);
  }
  return out;
}

/**
 * The working calendar of each contract (always working days): the holidays of its state and
 * city plus the company's and the contract's days off. Preventive OSs of maintenance plans
 * (issue 34) fall on these days. Read through `tx` (the generation's transaction).
 */
export async function calendarsOfContracts(
  tx: DbOrTx,
  contractIds: number[],
): Promise<Map<number, WorkingCalendar>> {
  const ids = [...new Set(contractIds)];
  const out = new Map<number, WorkingCalendar>();
  if (ids.length === 0) return out;
  const repo = createCalendarRepo(tx);
  const places = await repo.contractPlaces(ids);
  const rows = await repo.daysOff(null, ids);
  for (const p of places) {
    out.set(
      p.id,
      placeCalendar(
        { uf: p.uf, municipio: p.municipio },
        rows.filter((r) => r.contractId === null || r.contractId === p.id),
      ),
    );
  }
  return out;
}

/** A working calendar with the name of its place ("Brasil", "São Paulo/SP"). */
export interface PlaceCalendar {
  calendar: WorkingCalendar;
  local: string;
}

/**
 * The company's calendar (Brazil's holidays and the company-wide days off) and each contract's
 * (its state's and city's holidays, plus its own days off): the team load's calendars.
 */
export async function placeCalendars(
  db: DbOrTx,
  contractIds: number[],
): Promise<{ company: PlaceCalendar; contracts: Map<number, PlaceCalendar> }> {
  const ids = [...new Set(contractIds)];
  const repo = createCalendarRepo(db);
  const rows = await repo.daysOff(null, ids);
  const places = await repo.contractPlaces(ids);
  const ofPlace = (place: Place, contractId: number | null): PlaceCalendar => ({
    calendar: placeCalendar(
      place,
      rows.filter((r) => r.contractId === null || r.contractId === contractId),
    ),
    local: placeName(place),
  });
  return {
    company: ofPlace({ uf: null, municipio: null }, null),
    contracts: new Map(places.map((p) => [p.id, ofPlace(p, p.id)])),
  };
}

/**
 * The working calendar (issue 36): Brazilian holidays by the contract's state and city
 * (date-holidays) plus the company's days off, which ti and diretoria keep.
 */
export function createCalendarService(deps: Pick<ServiceDeps, 'database' | 'access'>) {
  const { db } = deps.database;
  const scope = deps.access.scope(db);
  const repo = createCalendarRepo(db);

  return {
    /** The days nobody works in [de, ate] for a contract's place (or the company's). */
    async nonWorkingDays(
      u: ScopeUser,
      q: { de: string; ate: string; contrato_id?: number },
    ): Promise<NonWorkingDaysResponse> {
      let place: Place = { uf: null, municipio: null };
      if (q.contrato_id !== undefined) {
        await scope.assertContractVisible(u, q.contrato_id);
        const c = await repo.contractPlace(q.contrato_id);
        if (!c) throw notFound('Contrato');
        place = c;
      }
      const rows = await repo.daysOff(
        { from: q.de, to: q.ate },
        q.contrato_id === undefined ? [] : [q.contrato_id],
      );
      const seen = new Set<string>();
      const dias = [...holidaysBetween(place, q.de, q.ate), ...expandDaysOff(rows, q.de, q.ate)]
        .filter((d) => !seen.has(d.data) && !!seen.add(d.data))
        .sort((a, b) => a.data.localeCompare(b.data));
      return { local: placeName(place), dias };
    },

    async listDaysOff(): Promise<DayOff[]> {
      return (await repo.daysOff(null)).map(toDayOff);
    },

    async createDayOff(actor: { id: number }, body: DayOffInput): Promise<DayOff> {
      return db.transaction(async (tx) => {
        const r = createCalendarRepo(tx);
        if (body.contrato_id && !(await r.contractPlace(body.contrato_id))) {
          throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contrato_id');
        }
        const id = await r.insert({
          inicio: body.inicio,
          fim: body.fim,
          nome: body.nome,
          tipo: body.tipo,
          contractId: body.contrato_id ?? null,
          createdBy: actor.id,
        });
        return toDayOff((await r.get(id))!);
      });
    },

    async removeDayOff(id: number) {
      const removed = await db.transaction((tx) => createCalendarRepo(tx).remove(id));
      if (!removed) throw notFound('Dia sem expediente');
    },

    cities: holidayCities,
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
