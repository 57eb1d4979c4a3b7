import {
  can,
  roleOf,
  todayIn,
  type PersonLoad,
  type TeamLoadChanges,
  type teamLoadChangesQuery,
  type TeamLoadResponse,
  type teamLoadQuery,
  type VehicleLoadResponse,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { placeCalendars, type PlaceCalendar } from '../calendar/calendar.service.ts';
import {
  hours2,
  slotDays,
  spreadSlot,
  spreadTask,
  weekCapacity,
  weekSum,
  weeksFrom,
} from './load.compute.ts';
import { createLoadRepo, type LoadRange } from './load.repo.ts';
import type { PersonRow } from './team.repo.ts';
import type { createTeamService } from './team.service.ts';

type LoadQuery = z.output<typeof teamLoadQuery>;
type LoadChangesQuery = z.output<typeof teamLoadChangesQuery>;
type Sources = {
  tarefas: Map<string, number>;
  agenda: Map<string, number>;
  os: Map<string, number>;
};

const newSources = (): Sources => ({ tarefas: new Map(), agenda: new Map(), os: new Map() });

/**
 * Team load (issue 36 point 3): planned hours per person per ISO week against the capacity of
 * the person's working calendar, and booked days per vehicle. Who appears follows the team
 * Gantt (the people the caller sees, a coordenador's team, a contract's members); what they
 * have planned counts whole (every task of theirs, as hours only). docs/planning-load.md.
 */
export function createLoadService(
  deps: ServiceDeps,
  { teams }: { teams: ReturnType<typeof createTeamService> },
) {
  const { db } = deps.database;
  const repo = createLoadRepo(db);
  const scope = deps.access.scope(db);

  function period(q: LoadQuery) {
    const weeks = weeksFrom(q.inicio ?? todayIn(deps.config.COMPANY_TIME_ZONE), q.semanas);
    const range: LoadRange = {
      from: weeks[0]!.inicio,
      to: weeks[weeks.length - 1]!.fim,
      timeZone: deps.config.COMPANY_TIME_ZONE,
    };
    return { weeks, range };
  }

  async function peopleOf(u: ScopeUser, q: LoadQuery): Promise<PersonRow[]> {
    if (q.contrato_id !== undefined) await scope.assertContractVisible(u, q.contrato_id);
    const people =
      q.coordenador_id !== undefined
        ? await teams.team(u, q.coordenador_id)
        : await teams.visible(u);
    return people;
  }

  /** The person's calendar: the filtered contract's, else their only contract's, else the company's. */
  function calendarOf(
    contracts: readonly number[],
    q: LoadQuery,
    cals: { company: PlaceCalendar; contracts: Map<number, PlaceCalendar> },
  ): PlaceCalendar {
    const id = q.contrato_id ?? (contracts.length === 1 ? contracts[0] : undefined);
    return (id !== undefined ? cals.contracts.get(id) : undefined) ?? cals.company;
  }

  /** The people of the load (scope, coordenador's team, contract) with their contracts. */
  async function scopedPeople(u: ScopeUser, q: LoadQuery) {
    let people = await peopleOf(u, q);
    const contractsOf = await repo.contractsOf(people.map((p) => p.id));
    if (q.contrato_id !== undefined) {
      const id = q.contrato_id;
      people = people.filter((p) => contractsOf.get(p.id)?.includes(id));
    }
    return { people, contractsOf };
  }

  /** Each of `people`'s weeks; those with nothing planned who do no team work are left out. */
  async function loadsOf(
    q: LoadQuery,
    { people, contractsOf }: Awaited<ReturnType<typeof scopedPeople>>,
  ) {
    const { weeks, range } = period(q);
    const dayHours = q.jornada_minutos / 60;
    const ids = people.map((p) => p.id);
    const [tasks, slots, cals] = [
      await repo.tasks(ids, range),
      await repo.personSlots(ids, range),
      await placeCalendars(db, [...new Set([...contractsOf.values()].flat())]),
    ];
    const sources = new Map(ids.map((id) => [id, newSources()]));
    const unestimated = new Map<number, number>();
    const calendars = new Map(
      people.map((p) => [p.id, calendarOf(contractsOf.get(p.id) ?? [], q, cals)]),
    );
    for (const t of tasks) {
      if (t.horas === null || t.horas <= 0) {
        unestimated.set(t.responsavelId, (unestimated.get(t.responsavelId) ?? 0) + 1);
        continue;
      }
      const cal = calendars.get(t.responsavelId)!.calendar;
      spreadTask(t, cal, range.from, range.to, sources.get(t.responsavelId)!.tarefas);
    }
    for (const s of slots) {
      const into = sources.get(s.ownerId)!;
      spreadSlot(s, dayHours, range.from, range.to, s.kind === 'os' ? into.os : into.agenda);
    }
    const out: PersonLoad[] = [];
    for (const p of people) {
      const src = sources.get(p.id)!;
      const cal = calendars.get(p.id)!;
      const semanas = weeks.map((w) => {
        const tarefas = hours2(weekSum(src.tarefas, w));
        const agenda = hours2(weekSum(src.agenda, w));
        const os = hours2(weekSum(src.os, w));
        const horas = hours2(tarefas + agenda + os);
        const { dias, capacidade } = weekCapacity(cal.calendar, w, dayHours);
        const cap = hours2(capacidade);
        return {
          inicio: w.inicio,
          horas,
          tarefas,
          agenda,
          os,
          dias_uteis: dias,
          capacidade: cap,
          acima: horas > cap,
        };
      });
      const planned = semanas.some((w) => w.horas > 0) || unestimated.has(p.id);
      // People who do no team work (ti, diretoria…) appear only when something is planned for them.
      if (!planned && !can(roleOf(p.role), 'team.member')) continue;
      out.push({
        id: p.id,
        nome: p.nome,
        calendario: cal.local,
        semanas,
        sem_estimativa: unestimated.get(p.id) ?? 0,
      });
    }
    return { weeks, pessoas: out };
  }

  return {
    /** GET /team/load: hours per person per week. */
    async people(u: ScopeUser, q: LoadQuery): Promise<TeamLoadResponse> {
      const { weeks, pessoas } = await loadsOf(q, await scopedPeople(u, q));
      return { semanas: weeks, jornada_minutos: q.jornada_minutos, pessoas };
    },

    /**
     * GET /team/load/changes: the people of GET /team/load a task change since
     * `updated_since` may have moved (the task's person now, and the one it was taken from),
     * read again whole; only people of the caller's load, never anyone else.
     */
    async changes(u: ScopeUser, q: LoadChangesQuery): Promise<TeamLoadChanges> {
      const scoped = await scopedPeople(u, q);
      const touched = new Set(
        await repo.touchedPeople(
          scoped.people.map((p) => p.id),
          q.updated_since,
        ),
      );
      const people = scoped.people.filter((p) => touched.has(p.id));
      const { pessoas } = await loadsOf(q, { ...scoped, people });
      const shown = new Set(pessoas.map((p) => p.id));
      return { pessoas, fora: people.filter((p) => !shown.has(p.id)).map((p) => p.id) };
    },

    /** GET /team/load/vehicles: booked days per vehicle per week. */
    async vehicles(u: ScopeUser, q: LoadQuery): Promise<VehicleLoadResponse> {
      const { weeks, range } = period(q);
      if (q.contrato_id !== undefined) await scope.assertContractVisible(u, q.contrato_id);
      const [vehicles, slots, cals] = [
        await repo.vehicles(),
        await repo.vehicleSlots(range),
        await placeCalendars(db, q.contrato_id === undefined ? [] : [q.contrato_id]),
      ];
      const cal =
        (q.contrato_id !== undefined && cals.contracts.get(q.contrato_id)) || cals.company;
      const booked = new Map<number, Map<string, number>>();
      const ofContract = new Set<number>();
      for (const s of slots) {
        if (s.contractId === q.contrato_id) ofContract.add(s.ownerId);
        let days = booked.get(s.ownerId);
        if (!days) booked.set(s.ownerId, (days = new Map<string, number>()));
        for (const d of slotDays(s, range.from, range.to)) days.set(d, 1);
      }
      const shown =
        q.contrato_id === undefined ? vehicles : vehicles.filter((v) => ofContract.has(v.id));
      return {
        semanas: weeks,
        veiculos: shown.map((v) => ({
          id: v.id,
          placa: v.placa,
          modelo: v.modelo,
          semanas: weeks.map((w) => {
            const dias = weekSum(booked.get(v.id) ?? new Map<string, number>(), w);
            const { dias: uteis } = weekCapacity(cal.calendar, w, 0);
            return {
              inicio: w.inicio,
              dias_reservados: dias,
              dias_uteis: uteis,
              acima: dias > uteis,
            };
          }),
        })),
      };
    },
  };
}

export type LoadService = ReturnType<typeof createLoadService>;
