import {
  can,
  type Pt,
  PT_ARCHIVED,
  PT_STATUS_LABELS,
  PT_TYPE_LABELS,
  type PtAction,
  type ptBody,
  type ptCloseBody,
  ptCovers,
  type ptDecisionBody,
  type PtListItem,
  type ptListQuery,
  ptShiftRefusal,
  type PtStatus,
  type PtType,
  RT_EVENTS,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { createAprPtRepo, type AprPtScope, type PtRow } from './apr-pt.repo.ts';
import { managesAprPt, type AprPtActor } from './apr.service.ts';

type PtInput = z.output<typeof ptBody>;
type Repo = ReturnType<typeof createAprPtRepo>;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const ARCHIVED = 'PT arquivada: somente leitura.';

/** What `u` may do with a PT now (the approvals pattern: nobody decides on their own). */
export function ptActions(
  u: AprPtActor,
  p: Pick<PtRow, 'status' | 'responsavelId' | 'fim'>,
  now: Date,
) {
  const out: PtAction[] = [];
  const own = p.responsavelId === u.id;
  const approver = can(u, 'pt.approve');
  if (p.status === 'emitida' && own && managesAprPt(u)) out.push('editar');
  if (p.status === 'emitida' && approver && !own && p.fim > now) out.push('aprovar', 'recusar');
  if (p.status === 'aprovada' && (own || approver)) out.push('encerrar');
  return out;
}

/** PT for one shift: emitida -> aprovada -> encerrada | recusada | expirada (job). */
export function createPtService(
  deps: Pick<ServiceDeps, 'database' | 'events' | 'config' | 'access' | 'notifications'>,
) {
  const db = deps.database.db;
  const repo = createAprPtRepo(db);
  const notifications = deps.notifications;
  const tz = deps.config.COMPANY_TIME_ZONE;
  const changed = () => deps.events.publish({ type: RT_EVENTS.sstChanged });

  async function items(u: AprPtActor, rows: PtRow[], r: Repo = repo): Promise<PtListItem[]> {
    const now = new Date();
    // One after the other: `r` may be a transaction (one connection).
    const aprs = await r.aprsById(rows.map((p) => p.aprId));
    const names = await r.names(
      rows.flatMap((p) => [p.responsavelId, ...(p.aprovadorId ? [p.aprovadorId] : [])]),
    );
    const codes = await r.osCodes(
      rows.flatMap((p) => (p.serviceOrderId ? [p.serviceOrderId] : [])),
    );
    return rows.map((p) => {
      const apr = aprs.find((a) => a.id === p.aprId)!;
      return {
        id: p.id,
        tipo: p.tipo,
        status: p.status,
        apr: { id: apr.id, atividade: apr.atividade, status: apr.status },
        os: p.serviceOrderId
          ? { id: p.serviceOrderId, codigo: codes.get(p.serviceOrderId) ?? '' }
          : null,
        local: apr.local,
        inicio: p.inicio.toISOString(),
        fim: p.fim.toISOString(),
        responsavel: { id: p.responsavelId, nome: names.get(p.responsavelId) ?? '' },
        aprovador: p.aprovadorId
          ? { id: p.aprovadorId, nome: names.get(p.aprovadorId) ?? '' }
          : null,
        vigente:
          p.status === 'aprovada' &&
          ptCovers({ inicio: p.inicio.toISOString(), fim: p.fim.toISOString() }, now),
        acoes: ptActions(u, p, now),
      };
    });
  }

  async function view(u: AprPtActor, p: PtRow): Promise<Pt> {
    const [item] = await items(u, [p]);
    const [team, events] = await Promise.all([repo.ptPeople([p.id]), repo.ptEvents(p.id)]);
    const names = await repo.names([
      ...(p.encerradaPor ? [p.encerradaPor] : []),
      ...events.flatMap((e) => (e.userId ? [e.userId] : [])),
    ]);
    const ref = (id: number | null) => (id ? { id, nome: names.get(id) ?? '' } : null);
    return {
      ...item!,
      medidas: p.medidas,
      observacoes: p.observacoes,
      equipe: team.map((t) => ({ id: t.id, nome: t.nome })),
      decidida_em: iso(p.decididaEm),
      comentario_decisao: p.comentarioDecisao,
      encerrada_por: ref(p.encerradaPor),
      encerrada_em: iso(p.encerradaEm),
      observacao_encerramento: p.observacaoEncerramento,
      eventos: events.map((e) => ({
        de: e.fromStatus,
        para: e.toStatus,
        por: ref(e.userId),
        em: e.createdAt.toISOString(),
        comentario: e.comentario,
      })),
      created_at: p.createdAt.toISOString(),
    };
  }

  /** Shift, APR and team rules shared by issue and edit. */
  async function resolve(r: Repo, b: PtInput, now: Date, scope: AprPtScope) {
    const shift = ptShiftRefusal(b.inicio, b.fim, tz);
    if (shift) throw new AppError('VALIDATION', shift, 'fim');
    if (new Date(b.fim) <= now)
      throw new AppError(
        'VALIDATION',
        'O turno informado já terminou: a PT vale só para o turno dela.',
        'fim',
      );
    const apr = await r.apr(b.apr_id, scope);
    if (!apr) throw new AppError('VALIDATION', 'APR não encontrada.', 'apr_id');
    if (apr.status === 'rascunho')
      throw new AppError(
        'CONFLICT',
        'A APR vinculada ainda está em rascunho: envie-a para assinatura antes de emitir a PT.',
        'apr_id',
      );
    let team = b.pessoas;
    if (team.length === 0) team = (await r.aprPeople([apr.id])).map((p) => p.p.userId);
    const people = await r.activePeople(team);
    if (team.length === 0 || people.length !== team.length)
      throw new AppError('VALIDATION', 'Pessoa da equipe não encontrada ou inativa.', 'pessoas');
    return { apr, team };
  }

  async function locked(r: Repo, id: number) {
    const row = await r.lockPt(id);
    if (!row) throw notFound('PT');
    if (PT_ARCHIVED.includes(row.status)) throw new AppError('CONFLICT', ARCHIVED);
    return row;
  }

  async function move(r: Repo, p: PtRow, to: PtStatus, u: AprPtActor, comentario: string | null) {
    await r.addPtEvent({
      ptId: p.id,
      fromStatus: p.status,
      toStatus: to,
      userId: u.id,
      comentario,
    });
  }

  return {
    async list(u: AprPtActor, q: z.output<typeof ptListQuery>) {
      const { rows, total } = await repo.ptList(await deps.access.aprPtScope(u), {
        status: q.status,
        tipo: q.tipo,
        osId: q.service_order_id,
        busca: q.busca,
        page: q.page,
        perPage: q.perPage,
      });
      return { items: await items(u, rows), total };
    },

    async get(u: AprPtActor, id: number) {
      const row = await repo.pt(id, await deps.access.aprPtScope(u));
      if (!row) throw notFound('PT');
      return view(u, row);
    },

    async issue(u: AprPtActor, b: PtInput) {
      const now = new Date();
      const scope = await deps.access.aprPtScope(u);
      let publish: () => Promise<void> = async () => undefined;
      const id = await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        const { apr, team } = await resolve(r, b, now, scope);
        const row = await r.insertPt({
          tipo: b.tipo,
          aprId: apr.id,
          serviceOrderId: apr.serviceOrderId,
          inicio: new Date(b.inicio),
          fim: new Date(b.fim),
          medidas: b.medidas,
          observacoes: b.observacoes,
          responsavelId: u.id,
        });
        await r.setPtPeople(row.id, team);
        await r.addPtEvent({ ptId: row.id, fromStatus: null, toStatus: 'emitida', userId: u.id });
        const approvers = await r.activeWith('pt.approve');
        publish = await notifications.notify(
          {
            userIds: approvers,
            type: 'other',
            authorId: u.id,
            customText: `PT nº ${row.id} (${PT_TYPE_LABELS[b.tipo]}) emitida por ${u.nome} aguarda aprovação.`,
            link: `/tatico/epi?aba=apr-pt&pt=${row.id}`,
          },
          tx,
        );
        return row.id;
      });
      await publish();
      await changed();
      return this.get(u, id);
    },

    async update(u: AprPtActor, id: number, b: PtInput) {
      const now = new Date();
      const scope = await deps.access.aprPtScope(u);
      if (!(await repo.pt(id, scope))) throw notFound('PT');
      await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        const row = await locked(r, id);
        if (row.responsavelId !== u.id)
          throw new AppError('FORBIDDEN', 'Só o responsável que emitiu a PT pode alterá-la.');
        if (row.status !== 'emitida')
          throw new AppError('CONFLICT', 'A PT já foi aprovada e não pode mais ser alterada.');
        const { apr, team } = await resolve(r, b, now, scope);
        await r.updatePt(id, {
          tipo: b.tipo,
          aprId: apr.id,
          serviceOrderId: apr.serviceOrderId,
          inicio: new Date(b.inicio),
          fim: new Date(b.fim),
          medidas: b.medidas,
          observacoes: b.observacoes,
        });
        await r.setPtPeople(id, team);
      });
      await changed();
      return this.get(u, id);
    },

    /** Approve or refuse (authorised roles, never one's own, only before the shift ends). */
    async decide(u: AprPtActor, id: number, b: z.output<typeof ptDecisionBody>) {
      if (!(await repo.pt(id, await deps.access.aprPtScope(u)))) throw notFound('PT');
      const now = new Date();
      let publish: () => Promise<void> = async () => undefined;
      await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        const row = await locked(r, id);
        if (row.responsavelId === u.id)
          throw new AppError('FORBIDDEN', 'Você não pode aprovar ou recusar a própria PT.');
        if (row.status !== 'emitida')
          throw new AppError(
            'CONFLICT',
            `Uma PT ${PT_STATUS_LABELS[row.status].toLowerCase()} não pode mais ser decidida.`,
          );
        const to: PtStatus = b.decisao === 'aprovar' ? 'aprovada' : 'recusada';
        if (to === 'aprovada') {
          if (row.fim <= now)
            throw new AppError(
              'CONFLICT',
              'O turno desta PT já terminou: ela está fora do turno e não pode ser aprovada.',
            );
          const apr = await r.apr(row.aprId);
          if (apr?.status !== 'assinada')
            throw new AppError(
              'CONFLICT',
              'A APR vinculada ainda não foi assinada por toda a equipe.',
            );
        }
        await r.updatePt(id, {
          status: to,
          aprovadorId: u.id,
          decididaEm: now,
          comentarioDecisao: b.comentario,
        });
        await move(r, row, to, u, b.comentario);
        publish = await notifications.notify(
          {
            userIds: [row.responsavelId],
            type: 'other',
            authorId: u.id,
            customText: `PT nº ${id} ${to === 'aprovada' ? 'foi aprovada' : 'foi recusada'} por ${u.nome}.${b.comentario ? ` Comentário: ${b.comentario}` : ''}`,
            link: `/tatico/epi?aba=apr-pt&pt=${id}`,
          },
          tx,
        );
      });
      await publish();
      await changed();
      return this.get(u, id);
    },

    /** aprovada -> encerrada, by the responsible or an approver; archived read-only after. */
    async close(u: AprPtActor, id: number, b: z.output<typeof ptCloseBody>) {
      if (!(await repo.pt(id, await deps.access.aprPtScope(u)))) throw notFound('PT');
      await db.transaction(async (tx) => {
        const r = createAprPtRepo(tx);
        const row = await locked(r, id);
        if (row.responsavelId !== u.id && !can(u, 'pt.approve'))
          throw new AppError('FORBIDDEN', 'Só o responsável ou quem aprova PTs pode encerrá-la.');
        if (row.status !== 'aprovada')
          throw new AppError('CONFLICT', 'Só uma PT aprovada pode ser encerrada.');
        const now = new Date();
        await r.updatePt(id, {
          status: 'encerrada',
          encerradaPor: u.id,
          encerradaEm: now,
          observacaoEncerramento: b.observacao,
        });
        await move(r, row, 'encerrada', u, b.observacao);
      });
      await changed();
      return this.get(u, id);
    },

    /** Service types and the PT each requires ("exige PT"). */
    async serviceTypes() {
      const rows = await repo.serviceTypePts();
      return { items: rows.map((t) => ({ id: t.id, nome: t.nome, exige_pt: t.tipo })) };
    },

    async setServiceType(id: number, tipo: PtType | null) {
      if (!(await repo.serviceTypeExists(id))) throw notFound('Tipo de serviço');
      await db.transaction((tx) => createAprPtRepo(tx).setRequiredPt(id, tipo));
      await changed();
    },

    /** The job: PTs whose shift ended without being closed become expiradas. */
    async expireOnce(now = new Date()) {
      const rows = await db.transaction((tx) => createAprPtRepo(tx).expireEnded(now));
      if (rows.length) await changed();
      return rows.length;
    },
  };
}

export type PtService = ReturnType<typeof createPtService>;
