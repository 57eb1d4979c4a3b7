import {
  can,
  DAY_MINUTES,
  daysBetweenDates,
  addDaysTo,
  formatDateBr,
  clockHours,
  parseHoursText,
  TIMESHEET_LOCKED,
  todayIn,
  weekStartOf,
  type TimesheetApproveBody,
  type TimesheetEntryBody,
  type TimesheetOptions,
  type TimesheetReopenBody,
  type TimesheetTeam,
  type TimesheetWeek,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { seesEverything, type ScopeUser } from '../access/scope.service.ts';
import { osMinutesByDay } from '../service-orders/service-order-hours.repo.ts';
import { exportTimesheet, type TimesheetExportRow } from './timesheet-export.ts';
import { weekGrid, entryRef } from './timesheet-week.ts';
import { createTimesheetsRepo, type EntryRow } from './timesheets.repo.ts';

/** The longest period one export covers. */
const EXPORT_MAX_DAYS = 366;

/**
 * Timesheets (issue 36 point 4): hours per person per day, from the OSs' steps (derived, never
 * stored: `osMinutesByDay`, the rule of `teamMinutes`) plus manual entries; a week per person
 * that the coordenador/gerente/diretoria of one of the person's contracts approves or reopens.
 */
export function createTimesheetsService(deps: Pick<ServiceDeps, 'database' | 'access' | 'config'>) {
  const { db } = deps.database;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const repo = createTimesheetsRepo(db);

  /** May `u` see, approve and reopen `personId`'s weeks? */
  const approves = async (u: ScopeUser, personId: number, on: DbOrTx = db) =>
    can(u, 'timesheets.approve') &&
    personId !== u.id &&
    (seesEverything(u) || (await createTimesheetsRepo(on).shareContract(u.id, personId)));

  /** The person if `u` may read their week (themself or their approver); 404 otherwise. */
  const readable = async (u: ScopeUser, personId: number) => {
    const person = await repo.person(personId);
    if (!person || (personId !== u.id && !(await approves(u, personId)))) {
      throw notFound('Pessoa');
    }
    return person;
  };

  const osMinutes = (on: DbOrTx, userIds: number[], from: string, to: string) =>
    osMinutesByDay(on, { userIds, from, to, now: new Date(), timeZone: tz });

  const buildWeek = async (u: ScopeUser, person: { id: number; nome: string }, monday: string) => {
    const sunday = addDaysTo(monday, 6);
    const [os, entries, weeks] = [
      await osMinutes(db, [person.id], monday, sunday),
      await repo.entriesOf([person.id], monday, sunday),
      await repo.weeks([person.id], monday, monday),
    ];
    const w = weeks[0];
    const approved = w?.w.status === 'aprovada';
    const open = !approved && monday <= weekStartOf(todayIn(tz));
    return {
      pessoa: person,
      semana: monday,
      ...weekGrid(monday, os, entries),
      status: approved ? 'aprovada' : 'aberta',
      aprovacao:
        approved && w.w.aprovadaEm
          ? {
              por: w.w.aprovadaPor ? { id: w.w.aprovadaPor, nome: w.aprovadaPorNome ?? '' } : null,
              em: w.w.aprovadaEm.toISOString(),
              minutos: w.w.minutosAprovados,
            }
          : null,
      reabertura:
        w?.w.reabertaEm && w.w.motivoReabertura
          ? {
              por: w.w.reabertaPor ? { id: w.w.reabertaPor, nome: w.reabertaPorNome ?? '' } : null,
              em: w.w.reabertaEm.toISOString(),
              motivo: w.w.motivoReabertura,
            }
          : null,
      pode_lancar: person.id === u.id && open,
      pode_aprovar: person.id !== u.id && (await approves(u, person.id)),
    } satisfies TimesheetWeek;
  };

  /** The contract an entry counts on, after checking the caller may put hours there. */
  const entryTarget = async (u: ScopeUser, body: TimesheetEntryBody, on: DbOrTx) => {
    const r = createTimesheetsRepo(on);
    if (body.protocol_id != null) {
      await deps.access.requireAccess(u, 'task', body.protocol_id, on);
      const t = await r.taskContract(body.protocol_id);
      return { tipo: 'tarefa' as const, contractId: t?.contractId ?? null };
    }
    if (body.service_order_id != null) {
      await deps.access.requireAccess(u, 'os', body.service_order_id, on);
      const o = await r.osContract(body.service_order_id);
      return { tipo: 'os' as const, contractId: o?.contractId ?? null };
    }
    const id = body.contract_id!;
    if (!(await r.contract(id)) || (!seesEverything(u) && !(await r.linkedToContract(u.id, id)))) {
      throw notFound('Contrato');
    }
    return { tipo: 'contrato' as const, contractId: id };
  };

  /** Refuses a change to an approved week (under the week's lock). */
  const assertOpen = async (
    r: ReturnType<typeof createTimesheetsRepo>,
    userId: number,
    monday: string,
  ) => {
    const [w] = await r.weeks([userId], monday, monday);
    if (w?.w.status === 'aprovada') throw new AppError('CONFLICT', TIMESHEET_LOCKED);
  };

  /** Minutes the person already has on a day (OSs and manual entries). */
  const dayMinutes = async (on: DbOrTx, userId: number, day: string) => {
    const os = await osMinutes(on, [userId], day, day);
    return (
      os.reduce((s, r) => s + r.minutos, 0) +
      (await createTimesheetsRepo(on).manualMinutesOn(userId, day))
    );
  };

  const approverWeek = async (u: ScopeUser, body: TimesheetApproveBody) => {
    const person = await repo.person(body.user_id);
    if (!person || !(await approves(u, body.user_id))) {
      if (person && body.user_id === u.id && can(u, 'timesheets.approve')) {
        throw new AppError('FORBIDDEN', 'Você não aprova nem reabre a própria semana.');
      }
      throw notFound('Pessoa');
    }
    return { person, monday: weekStartOf(body.semana) };
  };

  return {
    async week(u: ScopeUser, semana: string, userId?: number): Promise<TimesheetWeek> {
      const person = await readable(u, userId ?? u.id);
      return buildWeek(u, person, weekStartOf(semana));
    },

    async team(u: ScopeUser, semana: string): Promise<TimesheetTeam> {
      const monday = weekStartOf(semana);
      const sunday = addDaysTo(monday, 6);
      const people = await repo.peopleOf(u.id, seesEverything(u));
      const ids = people.map((p) => p.id);
      const os = await osMinutes(db, ids, monday, sunday);
      const entries = await repo.entriesOf(ids, monday, sunday);
      const weeks = await repo.weeks(ids, monday, monday);
      const total = new Map<number, number>();
      for (const r of os) total.set(r.user_id, (total.get(r.user_id) ?? 0) + r.minutos);
      for (const r of entries) total.set(r.userId, (total.get(r.userId) ?? 0) + r.minutos);
      const approved = new Set(
        weeks.filter((w) => w.w.status === 'aprovada').map((w) => w.w.userId),
      );
      return {
        semana: monday,
        items: people.map((p) => ({
          pessoa: p,
          total: total.get(p.id) ?? 0,
          status: approved.has(p.id) ? 'aprovada' : 'aberta',
        })),
      };
    },

    async options(u: ScopeUser): Promise<TimesheetOptions> {
      return {
        contratos: await repo.contractsOf(u.id, seesEverything(u)),
        tarefas: await repo.openTasksOf(u.id),
        os: await repo.recentOsOf(u.id),
      };
    },

    async addEntry(u: ScopeUser, body: TimesheetEntryBody): Promise<TimesheetWeek> {
      const minutos = parseHoursText(body.horas)!;
      if (body.data > todayIn(tz)) {
        throw new AppError('VALIDATION', 'Não se lançam horas em dia futuro.', 'data');
      }
      const monday = weekStartOf(body.data);
      await db.transaction(async (tx) => {
        const r = createTimesheetsRepo(tx);
        await r.lockWeek(u.id, monday);
        await assertOpen(r, u.id, monday);
        const target = await entryTarget(u, body, tx);
        const already = await dayMinutes(tx, u.id, body.data);
        if (already + minutos > DAY_MINUTES) {
          throw new AppError(
            'VALIDATION',
            `Um dia tem no máximo 24 horas: ${formatDateBr(body.data)} já tem ${clockHours(already)} h lançadas.`,
            'horas',
          );
        }
        await r.insertEntry({
          userId: u.id,
          data: body.data,
          minutos,
          tipo: target.tipo,
          contractId: target.contractId,
          protocolId: body.protocol_id ?? null,
          serviceOrderId: body.service_order_id ?? null,
          nota: body.nota ?? null,
        });
      });
      return buildWeek(u, (await repo.person(u.id))!, monday);
    },

    async removeEntry(u: ScopeUser, id: number): Promise<TimesheetWeek> {
      const found = await repo.entry(id);
      if (!found || found.userId !== u.id) throw notFound('Lançamento');
      const monday = weekStartOf(found.data);
      await db.transaction(async (tx) => {
        const r = createTimesheetsRepo(tx);
        await r.lockWeek(u.id, monday);
        await assertOpen(r, u.id, monday);
        await r.deleteEntry(id);
      });
      return buildWeek(u, (await repo.person(u.id))!, monday);
    },

    async approve(u: ScopeUser, body: TimesheetApproveBody): Promise<TimesheetWeek> {
      const { person, monday } = await approverWeek(u, body);
      if (monday > weekStartOf(todayIn(tz))) {
        throw new AppError('VALIDATION', 'Uma semana futura não pode ser aprovada.', 'semana');
      }
      await db.transaction(async (tx) => {
        const r = createTimesheetsRepo(tx);
        await r.lockWeek(person.id, monday);
        const [w] = await r.weeks([person.id], monday, monday);
        if (w?.w.status === 'aprovada') {
          throw new AppError('CONFLICT', 'Esta semana já está aprovada.');
        }
        const sunday = addDaysTo(monday, 6);
        const os = await osMinutes(tx, [person.id], monday, sunday);
        const entries = await r.entriesOf([person.id], monday, sunday);
        const minutos =
          os.reduce((s, x) => s + x.minutos, 0) + entries.reduce((s, x) => s + x.minutos, 0);
        await r.approve({ userId: person.id, semana: monday, by: u.id, minutos });
      });
      return buildWeek(u, person, monday);
    },

    async reopen(u: ScopeUser, body: TimesheetReopenBody): Promise<TimesheetWeek> {
      const { person, monday } = await approverWeek(u, body);
      await db.transaction(async (tx) => {
        const r = createTimesheetsRepo(tx);
        await r.lockWeek(person.id, monday);
        const [w] = await r.weeks([person.id], monday, monday);
        if (w?.w.status !== 'aprovada') {
          throw new AppError('CONFLICT', 'Esta semana não está aprovada.');
        }
        await r.reopen({ userId: person.id, semana: monday, by: u.id, motivo: body.motivo });
      });
      return buildWeek(u, person, monday);
    },

    /** XLSX of one contract's or one person's hours over [de, ate]: one row per person, day and line. */
    async exportXlsx(
      u: ScopeUser,
      q: { de: string; ate: string; contract_id?: number; user_id?: number },
    ) {
      if (daysBetweenDates(q.de, q.ate) > EXPORT_MAX_DAYS) {
        throw new AppError('VALIDATION', 'Exporte no máximo um ano por vez.', 'ate');
      }
      let os;
      let entries: EntryRow[];
      let name: string;
      if (q.contract_id !== undefined) {
        const c = await repo.contract(q.contract_id);
        const inScope =
          c &&
          can(u, 'timesheets.approve') &&
          (seesEverything(u) || (await repo.linkedToContract(u.id, c.id)));
        if (!c || !inScope) throw notFound('Contrato');
        os = await osMinutesByDay(db, {
          contractId: c.id,
          from: q.de,
          to: q.ate,
          now: new Date(),
          timeZone: tz,
        });
        entries = await repo.entriesOfContract(c.id, q.de, q.ate);
        name = `horas-${c.codigo}`;
      } else {
        const person = await readable(u, q.user_id!);
        os = await osMinutes(db, [person.id], q.de, q.ate);
        entries = await repo.entriesOf([person.id], q.de, q.ate);
        name = `horas-pessoa-${person.id}`;
      }
      const userIds = [...new Set([...os.map((r) => r.user_id), ...entries.map((r) => r.userId)])];
      const names = new Map((await repo.namesOf(userIds)).map((p) => [p.id, p.nome]));
      const weeks = await repo.weeks(userIds, weekStartOf(q.de), q.ate);
      const approval = new Map(
        weeks
          .filter((w) => w.w.status === 'aprovada')
          .map((w) => [`${w.w.userId}:${w.w.semana}`, w.aprovadaPorNome ?? '']),
      );
      const base = (userId: number, dia: string) => {
        const semana = weekStartOf(dia);
        const by = approval.get(`${userId}:${semana}`);
        return {
          pessoa: names.get(userId) ?? '',
          dia,
          semana,
          aprovadaPor: by ?? null,
          aprovada: by !== undefined,
        };
      };
      const rows: TimesheetExportRow[] = [
        ...os.map((r) => ({
          ...base(r.user_id, r.dia),
          contrato: `${r.contract_codigo} — ${r.contract_nome}`,
          origem: 'os' as const,
          tipo: 'os' as const,
          referencia: `${r.codigo} · ${r.tipo}`,
          minutos: r.minutos,
          nota: null,
        })),
        ...entries.map((r) => ({
          ...base(r.userId, r.data),
          contrato: r.contractCodigo ? `${r.contractCodigo} — ${r.contractNome}` : null,
          origem: 'manual' as const,
          tipo: r.tipo,
          referencia: entryRef(r).rotulo,
          minutos: r.minutos,
          nota: r.nota,
        })),
      ].sort((a, b) => a.pessoa.localeCompare(b.pessoa, 'pt-BR') || a.dia.localeCompare(b.dia));
      return { file: await exportTimesheet(rows), name: `${name}-${q.de}-a-${q.ate}` };
    },
  };
}
