import {
  addDaysTo,
  deviceTimeOf,
  OS_CANCELLED_REFUSAL,
  OS_FINAL_STATUSES,
  OS_SEALED_REFUSAL,
  OS_STATUSES,
  osCode,
  quantityOf,
  RT_EVENTS,
  seesOsCost,
  startOfDayInZone,
  type osCreateBody,
  type OsDetail,
  type osFromAgendaBody,
  type OsListResponse,
  type osListQuery,
  type osPatchBody,
  type OsStatus,
} from '@eproto/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { queryAll } from '../../db/query-all.ts';
import { linkOsAssets } from './os-assets.ts';
import type { AgendaService } from '../agenda/agenda.service.ts';
import type { OsAccess, OsActor } from './service-order-access.ts';
import { osChangedSince, osListWhere, osOfStatus } from './service-order-list.repo.ts';
import { loadDetail, toSummary } from './service-order-detail.ts';
import { loadTotals } from './service-order-totals.ts';
import {
  createServiceOrdersRepo,
  type OsEventInsert,
  type OsRow,
  type OsVersion,
  type ServiceOrdersRepo,
} from './service-orders.repo.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';

type CreateBody = z.output<typeof osCreateBody>;
type ListQuery = z.output<typeof osListQuery>;

/** What every OS write may carry: the phone's time of the step. */
export interface Stamp {
  device_time?: string | null;
}

/** Shared pieces of the OS services: time, history, notifications, events, refusals. */
export function createOsKit(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'events' | 'access' | 'notifications'>,
) {
  const db = deps.database.db;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const notifications = deps.notifications;
  const when = (iso: string | Date) =>
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: tz,
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(iso));

  return {
    db,
    tz,
    notifications,
    when,
    /** Who sees and runs which OS: the access seam's OS rules. */
    access: deps.access.os(db),

    /**
     * The phone's time of a step under the domain's one device-time rule (`deviceTimeOf`, the
     * same the X-Device-Time plugin applies): refused when the clock is clearly wrong.
     */
    deviceTime(b: Stamp, now: Date): Date | null {
      if (!b.device_time) return null;
      const kept = deviceTimeOf(new Date(b.device_time), now);
      if (kept.refusal !== undefined) throw new AppError('VALIDATION', kept.refusal, 'device_time');
      return kept.time;
    },

    /** 409 once the OS is concluded (sealed) or cancelled: nothing changes any more. */
    assertOpen(o: Pick<OsRow, 'status' | 'selo'>) {
      if (o.selo !== null || o.status === 'concluida') {
        throw new AppError('CONFLICT', OS_SEALED_REFUSAL);
      }
      if (o.status === 'cancelada') throw new AppError('CONFLICT', OS_CANCELLED_REFUSAL);
    },

    /** 404 unless on the team (the field work is done by the team). */
    assertTeam(a: OsAccess) {
      if (!a.onTeam) {
        throw new AppError('FORBIDDEN', 'Só quem está na equipe da OS pode registrar a execução.');
      }
    },

    event: (r: ServiceOrdersRepo, v: OsEventInsert) => r.insertEvent(v),

    /**
     * Tells every open tab (office screens, the team's phones) that the OS changed: its status,
     * its agenda entry and, as `version`, the `updated_at` the write left in its own
     * transaction (OsVersion: only the repo's writes of the row give one), so an OS page that
     * already shows that version asks nothing (web: change-patches.ts).
     */
    changed: (id: number, v: OsVersion) =>
      deps.events.publish({
        type: RT_EVENTS.serviceOrderChanged,
        id,
        version: v.updatedAt.toISOString(),
        data: { id, status: v.status, agenda_entry_id: v.agendaEntryId },
      }),

    async lockOpen(tx: DbOrTx, id: number) {
      const cur = await createServiceOrdersRepo(tx).lock(id);
      if (!cur) throw new AppError('NOT_FOUND', 'OS não encontrada.');
      this.assertOpen(cur);
      return cur;
    },

    async detail(u: OsActor, id: number): Promise<OsDetail> {
      const a = await this.access.of(u, id);
      return loadDetail(db, a, new Date(), seesOsCost(u.type));
    },

    /**
     * The detail after a step that changed neither the OS's team nor its contract: the rights
     * `a` found before the step stand, only the row is read again (its status moved).
     */
    async detailAfterStep(u: OsActor, a: OsAccess, id: number): Promise<OsDetail> {
      const row = await createServiceOrdersRepo(db).byId(id);
      if (!row) throw new AppError('NOT_FOUND', 'OS não encontrada.');
      return loadDetail(db, { ...a, row }, new Date(), seesOsCost(u.type));
    },

    /** The detail without a caller (the customer's report link): no permissions. */
    async detailForReport(id: number): Promise<OsDetail> {
      const row = await createServiceOrdersRepo(db).byId(id);
      if (!row) throw new AppError('NOT_FOUND', 'OS não encontrada.');
      return loadDetail(db, { row, onTeam: false, manager: false, addendum: false }, new Date());
    },
  };
}
export type OsKit = ReturnType<typeof createOsKit>;

/** OS planning: create (standalone or from an agenda entry), list, read, edit. */
export function createServiceOrdersService(
  deps: ServiceDeps,
  { agenda }: { agenda: AgendaService },
) {
  const kit = createOsKit(deps);
  const { db, tz } = kit;
  const repo = createServiceOrdersRepo(db);
  const types = createServiceTypesRepo(db);

  const yearOf = (d: Date) =>
    Number(new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric' }).format(d));

  async function validateVehicle(id: number | null | undefined) {
    if (id === null || id === undefined) return;
    const v = await repo.vehicle(id);
    if (!v) throw new AppError('VALIDATION', 'Veículo não encontrado.', 'vehicle_id');
    if (v.status === 'inativo') throw new AppError('VALIDATION', 'Veículo inativo.', 'vehicle_id');
  }

  async function validateRefs(u: OsActor, b: CreateBody) {
    await kit.access.assertContract(u, b.contract_id);
    const t = await types.byId(b.service_type_id);
    if (!t) throw new AppError('VALIDATION', 'Tipo de serviço não encontrado.', 'service_type_id');
    if (!t.ativo) throw new AppError('VALIDATION', 'Tipo de serviço inativo.', 'service_type_id');
    if (b.mural_id !== null) {
      const m = await kit.access.muralAccess(u, b.mural_id);
      if (!m) throw new AppError('VALIDATION', 'Demanda não encontrada.', 'mural_id');
    }
    await validateVehicle(b.vehicle_id);
    const people = await repo.activeUsers(b.pessoas);
    if (people.length !== b.pessoas.length) {
      throw new AppError(
        'VALIDATION',
        'Pessoa não encontrada ou inativa na equipe da OS.',
        'pessoas',
      );
    }
    return t;
  }

  /** Numbers, inserts and notifies in one transaction (a refused create leaves no number used). */
  async function insert(u: OsActor, b: CreateBody, fromEntry: number | null) {
    const tipo = await validateRefs(u, b);
    const now = new Date();
    const deviceTime = kit.deviceTime(b, now);
    const { row, osVersion, publish, entries } = await db.transaction(async (tx) => {
      const r = createServiceOrdersRepo(tx);
      const version = await createServiceTypesRepo(tx).latestVersion(b.service_type_id);
      if (!version) {
        throw new AppError('VALIDATION', 'Tipo de serviço sem checklist.', 'service_type_id');
      }
      // "Nova OS" gets its own agenda entry: the OS is in its team's "Minha agenda" on its day.
      const made =
        fromEntry === null
          ? await agenda.entryForOs(
              tx,
              {
                inicio: new Date(b.previsto_inicio),
                fim: new Date(b.previsto_fim),
                local: b.local,
                latitude: b.latitude,
                longitude: b.longitude,
                contractId: b.contract_id,
                muralId: b.mural_id,
                vehicleId: b.vehicle_id,
                descricao: b.descricao?.trim() || tipo.nome,
                createdBy: u.id,
              },
              b.pessoas,
            )
          : null;
      const agendaEntryId = made?.id ?? fromEntry;
      const ano = yearOf(now);
      const numero = await r.nextNumber(ano);
      const row = await r.insert({
        codigo: osCode(ano, numero),
        ano,
        numero,
        contractId: b.contract_id,
        serviceTypeId: b.service_type_id,
        versionId: version.id,
        agendaEntryId,
        muralId: b.mural_id,
        vehicleId: b.vehicle_id,
        local: b.local,
        latitude: b.latitude,
        longitude: b.longitude,
        descricao: b.descricao,
        clienteEmail: b.cliente_email,
        previstoInicio: new Date(b.previsto_inicio),
        previstoFim: new Date(b.previsto_fim),
        createdBy: u.id,
      });
      const osVersion = await r.addPeople(row.id, b.pessoas, u.id, now);
      await linkOsAssets(tx, row, b.ativos);
      await deps.access.assignOs({
        tx,
        os: row,
        actor: u,
        teamIds: b.pessoas,
        liberacaoSst: b.liberacao_sst,
      });
      await r.insertEvent({
        serviceOrderId: row.id,
        tipo: 'criada',
        status: 'aberta',
        userId: u.id,
        em: now,
        deviceTime,
        texto: fromEntry ? `Criada a partir do agendamento #${fromEntry}` : null,
      });
      const publish = await kit.notifications.notify(
        {
          userIds: b.pessoas,
          type: 'os_assigned',
          authorId: u.id,
          customText: `Você está na equipe da ${row.codigo}: ${b.local}, em ${kit.when(b.previsto_inicio)}.`,
          link: `/tatico/agenda/os/${row.id}`,
        },
        tx,
      );
      return { row, osVersion, publish, entries: made?.changed ?? [] };
    });
    await publish();
    await kit.changed(row.id, osVersion);
    if (entries.length > 0) await agenda.changed({ entryIds: entries });
    return kit.detail(u, row.id);
  }

  /** Filters of the list and the export (status apart: the counts ignore it). */
  async function filters(u: OsActor, q: Omit<ListQuery, 'page' | 'perPage'>) {
    return osListWhere(await kit.access.listWhere(u), {
      ...q,
      from: q.de ? startOfDayInZone(q.de, tz) : undefined,
      until: q.ate ? startOfDayInZone(addDaysTo(q.ate, 1), tz) : undefined,
    });
  }

  return {
    kit,

    create: (u: OsActor, b: CreateBody) => insert(u, b, null),

    /** One call from an agenda entry: its contract, place, time, team, vehicle and demand. */
    async fromAgenda(u: OsActor, b: z.output<typeof osFromAgendaBody>) {
      let e;
      try {
        e = await agenda.get(u, b.agenda_entry_id);
      } catch {
        throw new AppError('VALIDATION', 'Agendamento não encontrado.', 'agenda_entry_id');
      }
      if (e.status === 'cancelado') {
        throw new AppError('CONFLICT', 'Agendamento cancelado não gera OS.', 'agenda_entry_id');
      }
      const [existing] = await repo.ofAgendaEntries([e.id]);
      if (existing) {
        throw new AppError(
          'CONFLICT',
          `Este agendamento já tem a ${existing.codigo}.`,
          'agenda_entry_id',
        );
      }
      try {
        return await insert(
          u,
          {
            contract_id: e.contrato.id,
            service_type_id: b.service_type_id,
            local: e.local,
            latitude: e.latitude,
            longitude: e.longitude,
            previsto_inicio: e.inicio,
            previsto_fim: e.fim,
            pessoas: e.pessoas.map((p) => p.id),
            vehicle_id: e.veiculo?.id ?? null,
            mural_id: e.demanda?.id ?? null,
            descricao: e.descricao,
            cliente_email: b.cliente_email,
            device_time: b.device_time,
            liberacao_sst: b.liberacao_sst,
            ativos: [],
          },
          e.id,
        );
      } catch (err) {
        const code = (err as { cause?: { code?: string }; code?: string }).cause?.code;
        if (code === '23505') {
          throw new AppError('CONFLICT', 'Este agendamento já tem uma OS.', 'agenda_entry_id');
        }
        throw err;
      }
    },

    /**
     * A page of OSs with counts. With `updated_since` only the page's OSs changed since (the
     * row, its team, or its planned end passed: `atrasada` moves with the clock) and `ids`,
     * the whole page in order.
     */
    async list(u: OsActor, q: ListQuery): Promise<OsListResponse> {
      const cursor = nextSyncCursor();
      const { base, late } = await filters(u, q);
      const where = osOfStatus(base, q.status);
      const offset = (q.page - 1) * q.perPage;
      const since = q.updated_since;
      const ids = since ? await repo.listIds(where, q.perPage, offset) : undefined;
      const page = !ids
        ? repo.list(where, q.perPage, offset)
        : ids.length === 0 || !since
          ? Promise.resolve([])
          : repo.list(osChangedSince(ids, since), ids.length, 0);
      const [rows, total, counts, lateCount] = await Promise.all([
        page,
        repo.count(where),
        repo.countByStatus(base),
        repo.count(late),
      ]);
      const now = new Date();
      const [people, totals] = await queryAll(db, [
        () =>
          repo.people(
            rows.map((r) => r.o.id),
            true,
          ),
        () =>
          loadTotals(
            db,
            rows.map((r) => r.o.id),
            now,
          ),
      ]);
      const cost = seesOsCost(u.type);
      const contagem = Object.fromEntries(OS_STATUSES.map((s) => [s, 0])) as Record<
        OsStatus,
        number
      >;
      for (const c of counts) contagem[c.status] = c.n;
      return {
        items: rows.map((r) =>
          toSummary(
            r,
            people.filter((p) => p.osId === r.o.id).map((p) => ({ id: p.id, nome: p.nome })),
            now,
            totals.get(r.o.id)!,
            cost,
          ),
        ),
        total,
        contagem,
        atrasadas: lateCount,
        cursor,
        ids,
      };
    },

    /** Every OS of the filters (export), newest first, up to 5,000. */
    async all(u: OsActor, q: Omit<ListQuery, 'page' | 'perPage'>) {
      const { base } = await filters(u, q);
      const where = osOfStatus(base, q.status);
      const rows = await repo.list(where, 5000, 0);
      const ids = rows.map((r) => r.o.id);
      const now = new Date();
      const [people, totals, lines] = await queryAll(db, [
        () => repo.people(ids, true),
        () => loadTotals(db, ids, now),
        () => repo.materialLines(ids),
      ]);
      const cost = seesOsCost(u.type);
      return rows.map((r) => ({
        ...toSummary(
          r,
          people.filter((p) => p.osId === r.o.id).map((p) => ({ id: p.id, nome: p.nome })),
          now,
          totals.get(r.o.id)!,
          cost,
        ),
        /** "2 rolos de Fita isolante; 1 un de Disjuntor 20 A" (the export's Materiais). */
        materiaisTexto: lines
          .filter((l) => l.osId === r.o.id)
          .map((l) => `${quantityOf(l.quantidade, l.unidade)} de ${l.nome}`)
          .join('; '),
      }));
    },

    get: (u: OsActor, id: number) => kit.detail(u, id),

    /** Planning changes by a gestor while the OS is open. */
    async patch(u: OsActor, id: number, b: z.output<typeof osPatchBody>) {
      const a = await kit.access.of(u, id);
      if (!a.manager) throw new AppError('FORBIDDEN', 'Só gestores do contrato editam a OS.');
      await validateVehicle(b.vehicle_id);
      const now = new Date();
      const deviceTime = kit.deviceTime(b, now);
      let entries: number[] = [];
      const version = await db.transaction(async (tx) => {
        const cur = await kit.lockOpen(tx, id);
        const inicio = b.previsto_inicio ? new Date(b.previsto_inicio) : cur.previstoInicio;
        const fim = b.previsto_fim ? new Date(b.previsto_fim) : cur.previstoFim;
        if (fim <= inicio) {
          throw new AppError(
            'VALIDATION',
            'O fim previsto deve ser depois do início.',
            'previsto_fim',
          );
        }
        const r = createServiceOrdersRepo(tx);
        if (b.previsto_inicio || b.previsto_fim) {
          // New dates: everyone must still meet the service type's requirements through them.
          const teamIds = (await r.people([id], true)).map((p) => p.id);
          const os = { ...cur, previstoInicio: inicio, previstoFim: fim };
          await deps.access.assignOs({
            tx,
            os,
            actor: u,
            teamIds,
            liberacaoSst: b.liberacao_sst,
          });
        }
        const version = await r.update(id, {
          local: b.local,
          latitude: b.latitude,
          longitude: b.longitude,
          previstoInicio: inicio,
          previstoFim: fim,
          vehicleId: b.vehicle_id,
          descricao: b.descricao,
          clienteEmail: b.cliente_email,
        });
        // Its agenda entry moves with it: the OS stays in "Minha agenda" on its day.
        if (cur.agendaEntryId !== null) {
          entries = await agenda.moveForOs(tx, cur.agendaEntryId, {
            inicio,
            fim,
            local: b.local,
            latitude: b.latitude,
            longitude: b.longitude,
            vehicleId: b.vehicle_id,
          });
        }
        await r.insertEvent({
          serviceOrderId: id,
          tipo: 'editada',
          userId: u.id,
          em: now,
          deviceTime,
        });
        return version;
      });
      await kit.changed(id, version);
      if (entries.length > 0) await agenda.changed({ entryIds: entries });
      return kit.detail(u, id);
    },

    /** Live OS of agenda entries, for the agenda's own GET (entry -> its OS). */
    async ofAgendaEntries(entryIds: number[], tx: DbOrTx = db) {
      return createServiceOrdersRepo(tx).ofAgendaEntries(entryIds);
    },

    isFinal: (s: OsStatus) => OS_FINAL_STATUSES.includes(s),
  };
}

export type ServiceOrdersService = ReturnType<typeof createServiceOrdersService>;
