import {
  type Apr,
  type aprBody,
  type AprListItem,
  type aprListQuery,
  type aprSignBody,
  type Role,
  can,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createScopeService } from '../access/scope.service.ts';
import { createAprPtRepo, type AprPtScope, type AprRow } from './apr-pt.repo.ts';

export interface AprPtActor {
  id: number;
  nome: string;
  type: Role;
}

type AprInput = z.output<typeof aprBody>;

export const managesAprPt = (u: Pick<AprPtActor, 'type'>) => can(u, 'aprpt.manage');
/**
 * What `u` may see and act on: the APRs/PTs they are responsible for or on the team of and,
 * for gestores, those of their contracts (everything for who sees every contract). Outside it
 * is 404, as everywhere.
 */
export async function scopeOf(db: DbOrTx, u: Pick<AprPtActor, 'id' | 'type'>): Promise<AprPtScope> {
  if (!managesAprPt(u)) return { userId: u.id, contractIds: [] };
  const ids = await createScopeService(db).contractIds(u);
  return ids === 'all' ? 'all' : { userId: u.id, contractIds: ids };
}

/** 'OS/agendamento não encontrado' unless the link's contract is in scope. */
function assertLinkInScope(scope: AprPtScope, contractId: number | null, field: string) {
  if (scope === 'all') return;
  if (contractId !== null && scope.contractIds.includes(contractId)) return;
  throw new AppError(
    'VALIDATION',
    field === 'service_order_id' ? 'OS não encontrada.' : 'Agendamento não encontrado.',
    field,
  );
}
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** APR of an OS or agenda entry: rascunho -> em_assinatura -> assinada (each member taps). */
export function createAprService(deps: Pick<ServiceDeps, 'database' | 'events' | 'access'>) {
  const db = deps.database.db;
  const repo = createAprPtRepo(db);
  const changed = () => deps.events.publish({ type: RT_EVENTS.sstChanged });

  /** The APR as the API shows it to `u`, with the EPI warnings of its team. */
  async function view(u: AprPtActor, row: AprRow, r = repo): Promise<Apr> {
    // One after the other: `r` may be a transaction (one connection).
    const epiLinks = await r.aprEpiIds([row.id]);
    const people = await r.aprPeople([row.id]);
    const names = await r.names([row.responsavelId]);
    const epis = await r.epiItems(epiLinks.map((e) => e.epiItemId));
    const held = await r.heldEpiNames(people.map((p) => p.p.userId));
    const holds = new Set(held.map((h) => `${h.userId}:${h.nome}`));
    const avisos = people.flatMap((p) =>
      epis
        .filter((e) => !holds.has(`${p.p.userId}:${e.nome.toLowerCase()}`))
        .map((e) => ({
          pessoa: { id: p.p.userId, nome: p.nome },
          epi: e.nome,
          texto: `${p.nome} não recebeu ${e.nome} (sem entrega registrada na ficha de EPI).`,
        })),
    );
    const os = row.serviceOrderId ? await r.serviceOrder(row.serviceOrderId) : null;
    const entry = row.agendaEntryId ? await r.agendaEntry(row.agendaEntryId) : null;
    const me = people.find((p) => p.p.userId === u.id);
    return {
      id: row.id,
      status: row.status,
      atividade: row.atividade,
      local: row.local,
      os: os
        ? {
            id: os.id,
            codigo: os.codigo,
            local: os.local,
            previsto_inicio: os.previstoInicio.toISOString(),
            previsto_fim: os.previstoFim.toISOString(),
          }
        : null,
      agendamento: entry
        ? {
            id: entry.id,
            titulo: entry.descricao,
            local: entry.local,
            inicio: entry.inicio.toISOString(),
            fim: entry.fim.toISOString(),
          }
        : null,
      etapas: row.etapas,
      epis: epis.map((e) => ({
        id: e.id,
        nome: e.nome,
        tamanho: e.tamanho,
        ca_numero: e.caNumero,
      })),
      equipe: people.map((p) => ({
        id: p.p.userId,
        nome: p.nome,
        assinado_em: iso(p.p.assinadoEm),
        latitude: p.p.latitude,
        longitude: p.p.longitude,
        precisao_m: p.p.precisaoM,
      })),
      avisos_epi: avisos,
      responsavel: { id: row.responsavelId, nome: names.get(row.responsavelId) ?? '' },
      enviada_em: iso(row.enviadaEm),
      assinada_em: iso(row.assinadaEm),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      pode_editar: row.status === 'rascunho' && managesAprPt(u),
      pode_assinar: row.status === 'em_assinatura' && Boolean(me && !me.p.assinadoEm),
    };
  }

  /** Checks the links, EPI items and team; returns what is stored. */
  async function resolve(r: ReturnType<typeof createAprPtRepo>, b: AprInput, scope: AprPtScope) {
    let team: number[] = b.pessoas;
    let local = b.local;
    if (b.service_order_id !== null) {
      const os = await r.serviceOrder(b.service_order_id);
      if (!os) throw new AppError('VALIDATION', 'OS não encontrada.', 'service_order_id');
      assertLinkInScope(scope, os.contractId, 'service_order_id');
      if (os.status === 'cancelada' || os.status === 'concluida')
        throw new AppError(
          'CONFLICT',
          'Esta OS já foi encerrada; não cabe uma nova APR.',
          'service_order_id',
        );
      if (team.length === 0) team = await r.osTeam(os.id);
      local ??= os.local;
    } else if (b.agenda_entry_id !== null) {
      const entry = await r.agendaEntry(b.agenda_entry_id);
      if (!entry)
        throw new AppError('VALIDATION', 'Agendamento não encontrado.', 'agenda_entry_id');
      assertLinkInScope(scope, entry.contractId, 'agenda_entry_id');
      if (team.length === 0) team = await r.entryTeam(entry.id);
      local ??= entry.local;
    }
    if (team.length === 0)
      throw new AppError('VALIDATION', 'Informe a equipe que vai assinar a APR.', 'pessoas');
    const people = await r.activePeople(team);
    if (people.length !== team.length)
      throw new AppError('VALIDATION', 'Pessoa da equipe não encontrada ou inativa.', 'pessoas');
    const items = await r.epiItems(b.epi_item_ids);
    if (items.length !== b.epi_item_ids.length)
      throw new AppError('VALIDATION', 'EPI não encontrado no catálogo.', 'epi_item_ids');
    return { team, local };
  }

  async function lockedDraft(r: ReturnType<typeof createAprPtRepo>, id: number) {
    const row = await r.lockApr(id);
    if (!row) throw notFound('APR');
    if (row.status === 'assinada') throw new AppError('CONFLICT', 'APR assinada: somente leitura.');
    if (row.status !== 'rascunho')
      throw new AppError(
        'CONFLICT',
        'A APR já foi enviada para assinatura e não pode mais ser alterada.',
      );
    return row;
  }

  return {
    view,

    async list(u: AprPtActor, q: z.output<typeof aprListQuery>) {
      const { rows, total } = await repo.aprList(await deps.access.aprPtScope(u), {
        status: q.status,
        osId: q.service_order_id,
        busca: q.busca,
        page: q.page,
        perPage: q.perPage,
      });
      const ids = rows.map((r) => r.id);
      const [people, names, osLinks, entryLinks] = await Promise.all([
        repo.aprPeople(ids),
        repo.names(rows.map((r) => r.responsavelId)),
        repo.osLinks(rows.flatMap((r) => (r.serviceOrderId ? [r.serviceOrderId] : []))),
        repo.entryLinks(rows.flatMap((r) => (r.agendaEntryId ? [r.agendaEntryId] : []))),
      ]);
      const items: AprListItem[] = rows.map((r) => {
        const team = people.filter((p) => p.p.aprId === r.id);
        const me = team.find((p) => p.p.userId === u.id);
        const os = osLinks.find((o) => o.id === r.serviceOrderId);
        const entry = entryLinks.find((e) => e.id === r.agendaEntryId);
        return {
          id: r.id,
          status: r.status,
          atividade: r.atividade,
          local: r.local,
          os: os
            ? {
                id: os.id,
                codigo: os.codigo,
                local: os.local,
                previsto_inicio: os.inicio.toISOString(),
                previsto_fim: os.fim.toISOString(),
              }
            : null,
          agendamento: entry
            ? {
                id: entry.id,
                titulo: entry.titulo,
                local: entry.local,
                inicio: entry.inicio.toISOString(),
                fim: entry.fim.toISOString(),
              }
            : null,
          cliente: os?.cliente ?? entry?.cliente ?? null,
          responsavel: { id: r.responsavelId, nome: names.get(r.responsavelId) ?? '' },
          created_at: r.createdAt.toISOString(),
          pode_assinar: r.status === 'em_assinatura' && Boolean(me && !me.p.assinadoEm),
          assinaturas: team.filter((p) => p.p.assinadoEm).length,
          equipe_total: team.length,
        };
      });
      return { items, total };
    },

    async get(u: AprPtActor, id: number) {
      const row = await repo.apr(id, await deps.access.aprPtScope(u));
      if (!row) throw notFound('APR');
      return view(u, row);
    },

    async create(u: AprPtActor, b: AprInput) {
      const scope = await deps.access.aprPtScope(u);
      const id = await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        const { team, local } = await resolve(r, b, scope);
        const row = await r.insertApr({
          serviceOrderId: b.service_order_id,
          agendaEntryId: b.agenda_entry_id,
          atividade: b.atividade,
          local,
          etapas: b.etapas,
          responsavelId: u.id,
        });
        await r.setAprEpis(row.id, b.epi_item_ids);
        await r.setAprPeople(row.id, team);
        return row.id;
      });
      await changed();
      return this.get(u, id);
    },

    async update(u: AprPtActor, id: number, b: AprInput) {
      const scope = await deps.access.aprPtScope(u);
      if (!(await repo.apr(id, scope))) throw notFound('APR');
      await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        await lockedDraft(r, id);
        const { team, local } = await resolve(r, b, scope);
        await r.updateApr(id, {
          serviceOrderId: b.service_order_id,
          agendaEntryId: b.agenda_entry_id,
          atividade: b.atividade,
          local,
          etapas: b.etapas,
        });
        await r.setAprEpis(id, b.epi_item_ids);
        await r.setAprPeople(id, team);
      });
      await changed();
      return this.get(u, id);
    },

    /** rascunho -> em_assinatura: the team can sign from now on; no more edits. */
    async send(u: AprPtActor, id: number) {
      if (!(await repo.apr(id, await deps.access.aprPtScope(u)))) throw notFound('APR');
      await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        await lockedDraft(r, id);
        await r.updateApr(id, { status: 'em_assinatura', enviadaEm: new Date() });
      });
      await changed();
      return this.get(u, id);
    },

    /** One member's "Li e concordo"; the last one makes the APR assinada. */
    async sign(u: AprPtActor, id: number, b: z.output<typeof aprSignBody>, device: string | null) {
      const visible = await repo.apr(id, await deps.access.aprPtScope(u));
      if (!visible) throw notFound('APR');
      await db.transaction(async (tx: DbOrTx) => {
        const r = createAprPtRepo(tx);
        const row = (await r.lockApr(id))!;
        const people = await r.aprPeople([id]);
        const me = people.find((p) => p.p.userId === u.id);
        if (!me) throw new AppError('FORBIDDEN', 'Só quem está na equipe da APR pode assiná-la.');
        if (me.p.assinadoEm) throw new AppError('CONFLICT', 'Você já assinou esta APR.');
        if (row.status === 'rascunho')
          throw new AppError(
            'CONFLICT',
            'A APR ainda está em rascunho; aguarde o envio para assinatura.',
          );
        if (row.status !== 'em_assinatura')
          throw new AppError('CONFLICT', 'APR assinada: somente leitura.');
        const now = new Date();
        const ok = await r.sign(id, u.id, {
          assinadoEm: now,
          dispositivo: device ? device.slice(0, 300) : null,
          latitude: b.latitude,
          longitude: b.longitude,
          precisaoM: b.precisao_m,
        });
        if (!ok) throw new AppError('CONFLICT', 'Você já assinou esta APR.');
        if ((await r.unsignedCount(id)) === 0)
          await r.updateApr(id, { status: 'assinada', assinadaEm: now });
      });
      await changed();
      return this.get(u, id);
    },
  };
}

export type AprService = ReturnType<typeof createAprService>;
