import {
  countOf,
  addDaysTo,
  AGENDA_TRANSITIONS,
  agendaTransitionRefusal,
  findConflicts,
  findMaintenanceConflicts,
  formatPlate,
  startOfDayInZone,
  type AgendaConflict,
  type AgendaEntry,
  type agendaEntryBody,
  type AgendaStatus,
  type Booking,
  type Role,
  type VehicleUpkeep,
  withoutHealthReason,
  can,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { audit } from '../activity/audit.repo.ts';
import type { WriteTimes } from '../../plugins/device-time.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { discloseReasons } from '../sst/sst-disclosure.ts';
import { agendaAudience } from './agenda-audience.repo.ts';
import { agendaChangedSince, agendaListWhere, agendaMineWhere } from './agenda-list.repo.ts';
import {
  createAgendaRepo,
  type AgendaRepo,
  type EntryJoined,
  type EntryRow,
} from './agenda.repo.ts';

export interface AgendaActor {
  id: number;
  type: Role;
  email?: string;
}

type EntryBody = z.output<typeof agendaEntryBody>;

/**
 * What an agenda write changed, for agenda.changed: the entries whose card changed (the entry,
 * and the bookings whose conflicts moved with it), a contract the entry left and people who
 * left it (they see it no more, their lists drop it).
 */
export interface AgendaChange {
  entryIds: number[];
  contractIds?: number[];
  userIds?: number[];
  /**
   * The entry the write is about and its `updated_at` after it: the event's id and version,
   * so the page that already shows it (the writer's, from the answer) asks nothing.
   */
  written?: { id: number; version: Date };
}

/** Most entry ids agenda.changed names (a plan's generation opens more: then none). */
const MAX_NAMED_ENTRIES = 50;

/** Where a booking is: its time, people and vehicle (what its conflicts depend on). */
interface Placed {
  inicio: Date;
  fim: Date;
  pessoas: number[];
  vehicleId: number | null;
}

const samePlace = (a: Placed, b: Placed) =>
  a.inicio.getTime() === b.inicio.getTime() &&
  a.fim.getTime() === b.fim.getTime() &&
  a.vehicleId === b.vehicleId &&
  a.pessoas.length === b.pessoas.length &&
  a.pessoas.every((p) => b.pessoas.includes(p));

/**
 * The other bookings whose conflicts moved with entry `id` (their version bumped, so the lists
 * synced by `updated_since` take them again): those where it was and where it is now (null:
 * not booked, i.e. new or cancelled). None when it stayed where it was.
 */
async function neighboursOfMove(
  r: AgendaRepo,
  id: number,
  was: Placed | null,
  now: Placed | null,
): Promise<number[]> {
  if (was && now && samePlace(was, now)) return [];
  const out: number[] = [];
  for (const p of [was, now]) {
    if (p) out.push(...(await r.touchNeighbours(p.inicio, p.fim, p, id)));
  }
  return [...new Set(out)];
}

/** Agenda rules: scope by contract, double booking flagged on save, equipe starts/finishes. */
/** What an OS's own agenda entry copies from the OS's planning. */
export interface OsEntryValues {
  inicio: Date;
  fim: Date;
  local: string;
  latitude: number | null;
  longitude: number | null;
  contractId: number;
  muralId: number | null;
  vehicleId: number | null;
  descricao: string;
}

/**
 * The live OS of each agenda entry. The service-orders module answers it
 * (service-orders/agenda-link.ts); whoever builds the agenda service hands it in, so the agenda
 * never imports that module (which builds the agenda service itself).
 */
export type EntryOrders = (
  db: DbOrTx,
  entryIds: number[],
) => Promise<Map<number, NonNullable<AgendaEntry['os']>>>;

export function createAgendaService(
  deps: Pick<ServiceDeps, 'database' | 'config' | 'events' | 'access' | 'notifications'>,
  serviceOrdersOfEntries: EntryOrders,
) {
  const db = deps.database.db;
  const repo = createAgendaRepo(db);
  const scopes = deps.access.scope(db);
  const notifications = deps.notifications;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const isManager = (u: AgendaActor) => can(u, 'agenda.manage');

  const hhmm = (iso: string) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  const ddmm = (iso: string) =>
    new Intl.DateTimeFormat('pt-BR', { timeZone: tz, day: '2-digit', month: '2-digit' }).format(
      new Date(iso),
    );

  /** Names the people and vehicles of raw conflicts. */
  async function named(
    r: AgendaRepo,
    raw: ReturnType<typeof findConflicts>,
  ): Promise<AgendaConflict[]> {
    const people = new Map(
      (
        await r.userNames([...new Set(raw.filter((c) => c.tipo === 'pessoa').map((c) => c.ref_id))])
      ).map((p) => [p.id, p.nome]),
    );
    const plates = new Map<number, string>();
    for (const c of raw) {
      if (c.tipo !== 'pessoa' && !plates.has(c.ref_id)) {
        const v = await r.vehicle(c.ref_id);
        plates.set(c.ref_id, v ? formatPlate(v.placa) : `#${c.ref_id}`);
      }
    }
    return raw.map((c) => ({
      ...c,
      nome: (c.tipo === 'pessoa' ? people.get(c.ref_id) : plates.get(c.ref_id)) ?? '',
    }));
  }

  function conflictMessage(list: AgendaConflict[]): string {
    const parts = list
      .slice(0, 3)
      .map((c) =>
        c.tipo === 'pessoa'
          ? `${c.nome} já tem agendamento em ${ddmm(c.inicio)} das ${hhmm(c.inicio)} às ${hhmm(c.fim)}`
          : c.tipo === 'veiculo'
            ? `o veículo ${c.nome} já está reservado em ${ddmm(c.inicio)} das ${hhmm(c.inicio)} às ${hhmm(c.fim)}`
            : `o veículo ${c.nome} está em manutenção em ${ddmm(c.inicio)}`,
      );
    const more =
      list.length > 3 ? ` e mais ${countOf(list.length - 3, 'conflito', 'conflitos')}` : '';
    return `Conflito de agenda: ${parts.join('; ')}${more}. Confirme para salvar mesmo assim.`;
  }

  /** Double bookings plus the vehicle's maintenance, for one entry. */
  function allConflicts(
    entry: Parameters<typeof findConflicts>[0],
    others: Booking[],
    upkeep: Map<number, VehicleUpkeep>,
  ) {
    const upkeepOf = entry.vehicle_id === null ? undefined : upkeep.get(entry.vehicle_id);
    return [
      ...findConflicts(entry, others),
      ...findMaintenanceConflicts(entry, upkeepOf, tz, new Date()),
    ];
  }

  /** Maps rows to entries with their people and today's conflicts. */
  async function hydrate(rows: EntryJoined[], bookings?: Booking[]): Promise<AgendaEntry[]> {
    if (rows.length === 0) return [];
    const people = await repo.people(rows.map((r) => r.e.id));
    const byEntry = new Map<number, { id: number; nome: string }[]>();
    for (const p of people)
      byEntry.set(p.entryId, [...(byEntry.get(p.entryId) ?? []), { id: p.id, nome: p.nome }]);
    let all = bookings;
    if (!all) {
      const from = new Date(Math.min(...rows.map((r) => r.e.inicio.getTime())));
      const to = new Date(Math.max(...rows.map((r) => r.e.fim.getTime())));
      all = await repo.bookings(from, to, 'all');
    }
    const upkeep = await repo.upkeep([
      ...new Set(rows.flatMap((r) => (r.e.vehicleId === null ? [] : [r.e.vehicleId]))),
    ]);
    const orders = await serviceOrdersOfEntries(
      db,
      rows.map((r) => r.e.id),
    );
    const out: AgendaEntry[] = [];
    for (const r of rows) {
      const pessoas = byEntry.get(r.e.id) ?? [];
      const raw = allConflicts(
        {
          id: r.e.id,
          inicio: r.e.inicio.toISOString(),
          fim: r.e.fim.toISOString(),
          status: r.e.status,
          pessoas: pessoas.map((p) => p.id),
          vehicle_id: r.e.vehicleId,
        },
        all,
        upkeep,
      );
      out.push({
        id: r.e.id,
        inicio: r.e.inicio.toISOString(),
        fim: r.e.fim.toISOString(),
        local: r.e.local,
        latitude: r.e.latitude,
        longitude: r.e.longitude,
        contrato: { id: r.e.contractId, codigo: r.contractCodigo, nome: r.contractNome },
        demanda:
          r.e.muralId !== null && r.muralTitulo ? { id: r.e.muralId, titulo: r.muralTitulo } : null,
        pessoas,
        veiculo:
          r.e.vehicleId !== null && r.vehiclePlaca
            ? {
                id: r.e.vehicleId,
                placa: formatPlate(r.vehiclePlaca),
                modelo: r.vehicleModelo ?? '',
              }
            : null,
        descricao: r.e.descricao,
        status: r.e.status,
        iniciado_em: r.e.iniciadoEm?.toISOString() ?? null,
        concluido_em: r.e.concluidoEm?.toISOString() ?? null,
        iniciado_recebido_em: r.e.iniciadoRecebidoEm?.toISOString() ?? null,
        concluido_recebido_em: r.e.concluidoRecebidoEm?.toISOString() ?? null,
        conflitos: await named(repo, raw),
        tipo_atividade:
          r.e.activityTypeId !== null && r.activityNome
            ? { id: r.e.activityTypeId, nome: r.activityNome }
            : null,
        liberacao_sst:
          r.e.sstOverrideMotivo && r.e.sstOverrideAt
            ? {
                motivo: r.e.sstOverrideMotivo,
                por:
                  r.e.sstOverrideBy !== null && r.overriderNome
                    ? { id: r.e.sstOverrideBy, nome: r.overriderNome }
                    : null,
                em: r.e.sstOverrideAt.toISOString(),
                pendencias: (r.e.sstOverridePendencias ?? []).map(withoutHealthReason),
              }
            : null,
        created_by:
          r.e.createdBy !== null && r.creatorNome
            ? { id: r.e.createdBy, nome: r.creatorNome }
            : null,
        updated_at: r.e.updatedAt.toISOString(),
        os: orders.get(r.e.id) ?? null,
      });
    }
    return out;
  }

  /**
   * agenda.changed to who sees the entries (agendaAudience) and `userIds`, naming the entries
   * (data.ids): their lists ask what changed since their cursor, the open entry pages of
   * other entries stay.
   */
  async function publishChanged(c: AgendaChange) {
    const entryIds = [...new Set(c.entryIds)];
    const audience = await agendaAudience(db, entryIds, c.contractIds ?? []);
    await deps.events.publish({
      type: RT_EVENTS.agendaChanged,
      userIds: [...new Set([...audience, ...(c.userIds ?? [])])],
      ...(c.written && { id: c.written.id, version: c.written.version.toISOString() }),
      ...(entryIds.length <= MAX_NAMED_ENTRIES && { data: { ids: entryIds } }),
    });
  }

  const range = (de: string, ate: string) => ({
    from: startOfDayInZone(de, tz),
    to: startOfDayInZone(addDaysTo(ate, 1), tz),
  });

  /** The entry when the caller may see it: gestor in scope, or one of its people. */
  async function visible(u: AgendaActor, id: number): Promise<EntryJoined> {
    const row = await repo.entry(id);
    if (!row) throw notFound('Agendamento');
    const people = await repo.people([id]);
    if (people.some((p) => p.id === u.id)) return row;
    if (isManager(u)) {
      const ids = await scopes.contractIds(u);
      if (ids === 'all' || ids.includes(row.e.contractId)) return row;
    }
    throw notFound('Agendamento');
  }

  /** Checks contract, demand, people and vehicle of a body; 400 naming the field otherwise. */
  async function validateRefs(u: AgendaActor, b: EntryBody) {
    try {
      await scopes.assertContractVisible(u, b.contract_id);
    } catch {
      throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contract_id');
    }
    if (b.mural_id !== null) {
      const m = await repo.mural(b.mural_id);
      if (!m || !(await scopes.muralAccess(u, b.mural_id))) {
        throw new AppError('VALIDATION', 'Demanda não encontrada.', 'mural_id');
      }
      if (m.contractId !== null && m.contractId !== b.contract_id) {
        throw new AppError(
          'VALIDATION',
          'A demanda não pertence ao contrato escolhido.',
          'mural_id',
        );
      }
    }
    const active = await repo.activeUsers(b.pessoas);
    if (active.length !== b.pessoas.length) {
      throw new AppError(
        'VALIDATION',
        'Pessoa não encontrada ou inativa na equipe do agendamento.',
        'pessoas',
      );
    }
    if (b.vehicle_id !== null) {
      const v = await repo.vehicle(b.vehicle_id);
      if (!v) throw new AppError('VALIDATION', 'Veículo não encontrado.', 'vehicle_id');
      if (v.status === 'inativo')
        throw new AppError(
          'VALIDATION',
          `O veículo ${formatPlate(v.placa)} está inativo.`,
          'vehicle_id',
        );
    }
  }

  /**
   * The SST gate of a save (the access seam's team gate, the same as an OS team's): nobody
   * misses a requirement (override cleared), an unchanged override still covers the same
   * reasons (kept), a gerente/diretoria writes a new one (recorded on the entry and audited),
   * or the save is refused with the reasons.
   */
  async function sstOverride(
    u: AgendaActor,
    r: AgendaRepo,
    b: EntryBody,
    to: Date,
    previous: string[] | null,
  ) {
    const verdict = await deps.access.assignEntry({
      tx: r.tx,
      actor: u,
      activityTypeId: b.tipo_atividade_id,
      teamIds: b.pessoas,
      fim: to,
      liberacaoSst: b.liberacao_sst,
      released: async () => previous,
    });
    if (verdict.kind === 'covered') return { values: {}, audit: null };
    if (verdict.kind === 'ok') {
      const cleared = {
        sstOverrideMotivo: null,
        sstOverrideBy: null,
        sstOverrideAt: null,
        sstOverridePendencias: null,
      };
      return { values: cleared, audit: null };
    }
    const audit = { motivo: verdict.motivo, pendencias: verdict.reasons };
    return {
      values: {
        sstOverrideMotivo: audit.motivo,
        sstOverrideBy: u.id,
        sstOverrideAt: new Date(),
        sstOverridePendencias: verdict.reasons,
      },
      audit,
    };
  }

  /** Saves inside one transaction, with the people/vehicle locked so checks and writes agree. */
  async function save(u: AgendaActor, b: EntryBody, existingId: number | null) {
    await validateRefs(u, b);
    let publish: () => Promise<void> = async () => undefined;
    const { id, change } = await db.transaction(async (tx) => {
      const r = createAgendaRepo(tx);
      let previous: number[] = [];
      let previousOverride: string[] | null = null;
      let before: EntryRow | null = null;
      if (existingId !== null) {
        const cur = await r.lock(existingId);
        previousOverride = cur?.sstOverrideMotivo ? (cur.sstOverridePendencias ?? []) : null;
        if (!cur) throw notFound('Agendamento');
        if (cur.status === 'concluido' || cur.status === 'cancelado') {
          throw new AppError(
            'CONFLICT',
            'Agendamento concluído ou cancelado não pode ser alterado.',
          );
        }
        previous = (await r.people([existingId])).map((p) => p.id);
        before = cur;
      }
      await r.lockResources(b.pessoas, b.vehicle_id);
      const from = new Date(b.inicio);
      const to = new Date(b.fim);
      const override = await sstOverride(u, r, b, to, previousOverride);
      const raw = allConflicts(
        {
          id: existingId ?? 0,
          inicio: from.toISOString(),
          fim: to.toISOString(),
          pessoas: b.pessoas,
          vehicle_id: b.vehicle_id,
        },
        await r.bookings(from, to, { pessoas: b.pessoas, vehicleId: b.vehicle_id }),
        await r.upkeep(b.vehicle_id === null ? [] : [b.vehicle_id]),
      );
      if (raw.length && !b.confirmar_conflitos) {
        throw new AppError('CONFLICT', conflictMessage(await named(r, raw)), 'conflitos');
      }
      const values = {
        inicio: from,
        fim: to,
        local: b.local,
        latitude: b.latitude,
        longitude: b.longitude,
        contractId: b.contract_id,
        muralId: b.mural_id,
        vehicleId: b.vehicle_id,
        descricao: b.descricao,
        activityTypeId: b.tipo_atividade_id,
        ...override.values,
      };
      let entryId: number;
      let version: Date;
      if (existingId === null) {
        const row = await r.insert({ ...values, createdBy: u.id });
        entryId = row.id;
        version = row.updatedAt;
      } else {
        entryId = existingId;
        version = await r.update(existingId, values);
      }
      await r.setPeople(entryId, b.pessoas);
      const touched = await neighboursOfMove(
        r,
        entryId,
        before && { ...before, pessoas: previous },
        {
          inicio: from,
          fim: to,
          pessoas: b.pessoas,
          vehicleId: b.vehicle_id,
        },
      );
      if (override.audit) {
        await audit.record(tx, {
          userId: u.id,
          email: u.email ?? null,
          action: 'sst_override',
          objectType: 'agenda',
          objectId: String(entryId),
          details: { motivo: override.audit.motivo, pendencias: override.audit.pendencias },
        });
      }
      const added = b.pessoas.filter((p) => !previous.includes(p));
      const when = `${ddmm(from.toISOString())} das ${hhmm(from.toISOString())} às ${hhmm(to.toISOString())}: ${b.local}`;
      const publishAdded = await notifications.notify(
        {
          userIds: added,
          type: 'other',
          authorId: u.id,
          customText: `Você tem um novo agendamento em ${when}.`,
          link: '/tatico/agenda',
        },
        tx,
      );
      // People who stay on an entry whose time or place changed hear of it (bell and phone).
      const moved =
        before !== null &&
        (before.inicio.getTime() !== from.getTime() ||
          before.fim.getTime() !== to.getTime() ||
          before.local !== b.local);
      const publishMoved = await notifications.notify(
        {
          userIds: moved ? b.pessoas.filter((p) => previous.includes(p)) : [],
          type: 'other',
          authorId: u.id,
          customText: `Seu agendamento mudou: agora em ${when}.`,
          link: '/tatico/agenda',
        },
        tx,
      );
      publish = async () => {
        await publishAdded();
        await publishMoved();
      };
      const change: AgendaChange = {
        entryIds: [entryId, ...touched],
        contractIds: before ? [before.contractId] : [],
        userIds: [u.id, ...previous],
        written: { id: entryId, version },
      };
      return { id: entryId, change };
    });
    await publish();
    await publishChanged(change);
    return (await hydrate([(await repo.entry(id))!]))[0]!;
  }

  /**
   * Entries of a period. With `updated_since` only those changed since (or whose OS changed:
   * the card shows its status) and `ids`, every entry still in the period, so the phone drops
   * the ones moved away, cancelled out of its filter or no longer its person's.
   */
  async function synced(
    from: Date,
    to: Date,
    where: ReturnType<typeof agendaMineWhere> | undefined,
    updatedSince?: string,
  ) {
    const cursor = nextSyncCursor();
    if (!updatedSince) return { items: await hydrate(await repo.entries(from, to, where)), cursor };
    const [rows, ids] = await Promise.all([
      repo.entries(from, to, agendaChangedSince(where, updatedSince)),
      repo.entryIds(from, to, where),
    ]);
    return { items: await hydrate(rows), cursor, ids };
  }

  return {
    isManager,

    async list(
      u: AgendaActor,
      q: {
        de: string;
        ate: string;
        pessoa_id?: number;
        contract_id?: number;
        updated_since?: string;
      },
    ) {
      const { from, to } = range(q.de, q.ate);
      const where = agendaListWhere(await scopes.contractIds(u), {
        pessoaId: q.pessoa_id,
        contractId: q.contract_id,
      });
      return synced(from, to, where, q.updated_since);
    },

    /**
     * "Minha agenda". With `updated_since` only entries changed since (or whose OS changed:
     * the card shows its status) and `ids`, every entry still in the period, so the phone
     * drops the ones cancelled out of it, moved away or no longer its person's.
     */
    async mine(u: AgendaActor, q: { de: string; ate: string; updated_since?: string }) {
      const { from, to } = range(q.de, q.ate);
      return synced(from, to, agendaMineWhere(u.id), q.updated_since);
    },

    async get(u: AgendaActor, id: number) {
      return (await hydrate([await visible(u, id)]))[0]!;
    },

    /**
     * The agenda entry of an OS made with "Nova OS" (in the OS's transaction), so the OS is in
     * its team's "Minha agenda" on its day like one made from an entry. Answers its id.
     */
    async entryForOs(tx: DbOrTx, v: OsEntryValues & { createdBy: number }, pessoas: number[]) {
      const r = createAgendaRepo(tx);
      const row = await r.insert({ ...v, status: 'agendado' });
      await r.setPeople(row.id, pessoas);
      const touched = await neighboursOfMove(r, row.id, null, { ...v, pessoas });
      return { id: row.id, changed: [row.id, ...touched] };
    },

    /**
     * Moves an OS's entry with the OS's planning (its day, place, vehicle). Answers the entries
     * it changed (the entry, the bookings whose conflicts moved), for `changed`.
     */
    async moveForOs(tx: DbOrTx, entryId: number, v: Partial<OsEntryValues>) {
      const r = createAgendaRepo(tx);
      const cur = await r.lock(entryId);
      await r.update(entryId, v);
      if (!cur) return [entryId];
      const pessoas = (await r.people([entryId])).map((p) => p.id);
      const was = { ...cur, pessoas };
      const booked = cur.status !== 'cancelado';
      const touched = booked ? await neighboursOfMove(r, entryId, was, { ...was, ...v }) : [];
      return [entryId, ...touched];
    },

    /** Tells who sees them that these entries changed (after the OS's transaction). */
    changed: publishChanged,

    /** Double bookings a planned entry would create (the form warns before saving). */
    /** SST reasons are only what `u` may know of each person (outsiders omitted). */
    async conflicts(
      u: AgendaActor,
      b: {
        id?: number | null;
        inicio: string;
        fim: string;
        pessoas: number[];
        vehicle_id: number | null;
        tipo_atividade_id: number | null;
      },
    ) {
      const from = new Date(b.inicio);
      const to = new Date(b.fim);
      if (!(to > from)) return { conflitos: [] };
      const raw = allConflicts(
        {
          id: b.id ?? 0,
          inicio: from.toISOString(),
          fim: to.toISOString(),
          pessoas: b.pessoas,
          vehicle_id: b.vehicle_id,
        },
        await repo.bookings(from, to, { pessoas: b.pessoas, vehicleId: b.vehicle_id }),
        await repo.upkeep(b.vehicle_id === null ? [] : [b.vehicle_id]),
      );
      const names = new Map((await repo.userNames(b.pessoas)).map((p) => [p.id, p.nome]));
      const told = await discloseReasons(
        db,
        u,
        await deps.access.gates.teamReasons(db, b.tipo_atividade_id, b.pessoas, to),
        'omitir',
      );
      const sst: AgendaConflict[] = told.map((p) => ({
        tipo: 'sst',
        ref_id: p.user_id,
        nome: names.get(p.user_id) ?? '',
        entry_id: 0,
        inicio: from.toISOString(),
        fim: to.toISOString(),
        motivo: p.motivo,
      }));
      return { conflitos: [...sst, ...(await named(repo, raw))] };
    },

    create: (u: AgendaActor, b: EntryBody) => save(u, b, null),

    async update(u: AgendaActor, id: number, b: EntryBody) {
      await visible(u, id);
      return save(u, b, id);
    },

    /**
     * Status move: gestores any allowed move; people of the entry start and finish it. Start
     * and finish keep the device's time of the action (queued offline) and the arrival time.
     */
    async setStatus(u: AgendaActor, id: number, to: AgendaStatus, at?: WriteTimes) {
      const now = new Date();
      const { device, arrival } = at ?? { device: now, arrival: now };
      await visible(u, id);
      const participant = (await repo.people([id])).some((p) => p.id === u.id);
      const manager = isManager(u);
      if (!manager && !participant) throw notFound('Agendamento');
      const { touched, version } = await db.transaction(async (tx) => {
        const r = createAgendaRepo(tx);
        const cur = (await r.lock(id))!;
        const refusal = agendaTransitionRefusal(cur.status, to, manager);
        if (refusal) {
          const impossible = !AGENDA_TRANSITIONS[cur.status].includes(to);
          throw new AppError(impossible ? 'CONFLICT' : 'FORBIDDEN', refusal, 'status');
        }
        // Starting the entry of an OS is starting the OS's work: the OS check-in's PT gate.
        if (to === 'em_execucao' && !cur.iniciadoEm) {
          await deps.access.startEntry({ tx, entryId: id, at: device });
        }
        const version = await r.update(id, {
          status: to,
          ...(to === 'em_execucao' && !cur.iniciadoEm
            ? { iniciadoEm: device, iniciadoRecebidoEm: arrival }
            : {}),
          ...(to === 'concluido' ? { concluidoEm: device, concluidoRecebidoEm: arrival } : {}),
          ...(to === 'agendado'
            ? {
                iniciadoEm: null,
                concluidoEm: null,
                iniciadoRecebidoEm: null,
                concluidoRecebidoEm: null,
              }
            : {}),
        });
        // Cancelling (or reopening a cancelled one) ends (or brings back) its conflicts.
        if ((cur.status === 'cancelado') === (to === 'cancelado')) return { touched: [], version };
        const placed = { ...cur, pessoas: (await r.people([id])).map((p) => p.id) };
        const touched =
          to === 'cancelado'
            ? await neighboursOfMove(r, id, placed, null)
            : await neighboursOfMove(r, id, null, placed);
        return { touched, version };
      });
      await publishChanged({
        entryIds: [id, ...touched],
        userIds: [u.id],
        written: { id, version },
      });
      return this.get(u, id);
    },
  };
}

export type AgendaService = ReturnType<typeof createAgendaService>;
