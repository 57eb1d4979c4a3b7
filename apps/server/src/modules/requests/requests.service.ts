import {
  can,
  isDecision,
  REQUEST_STATUS_VERBS,
  REQUEST_STATUSES,
  REQUEST_TRANSITIONS,
  REQUEST_TYPE_LABELS,
  REQUEST_URGENCY_LABELS,
  type EpiChangeData,
  type requestBody,
  type RequestDetail,
  type requestListQuery,
  type RequestStatus,
  type RequestType,
  type RequestUrgency,
  type Role,
  roleOf,
  rolesFor,
  type transitionBody,
  transitionRefusal,
  RT_EVENTS,
  type WebhookEventData,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import { seesEverything } from '../access/scope.service.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import { toAttachment, toEvent, toRequest } from './requests.mapper.ts';
import {
  createRequestsRepo,
  requestScopeSql,
  type RequestRow,
  type RequestScope,
} from './requests.repo.ts';

/** The request opened in the drawer of /solicitacoes (what its notifications open). */
const requestLink = (id: number) => `/solicitacoes?id=${id}`;

/** A request's step as webhooks carry it (docs/operations.md, "Webhooks assinados"). */
function stepWebhookData(
  publicUrl: string,
  row: { id: number; tipo: RequestType; urgencia: RequestUrgency; contractId: number | null },
  step: { de: RequestStatus | null; para: RequestStatus; comentario: string | null },
): WebhookEventData[typeof WEBHOOK_EVENT.solicitacaoEtapa] {
  return {
    solicitacao: {
      id: row.id,
      tipo: row.tipo,
      urgencia: row.urgencia,
      contrato_id: row.contractId,
      status: step.para,
      url: `${publicUrl.replace(/\/$/, '')}${requestLink(row.id)}`,
    },
    etapa_anterior: step.de,
    etapa: step.para,
    comentario: step.comentario,
  };
}

export interface RequestActor {
  id: number;
  nome: string;
  type: Role;
}

type NewRequest = z.output<typeof requestBody> & { epiDeliveryId?: number | null };

/** Who may move requests through the workflow: the roles of the /solicitacoes screen. */
const HANDLERS = rolesFor('/solicitacoes');

/** Solicitações: creation, the aberta -> em análise -> aprovada/recusada -> atendida workflow. */
export function createRequestsService(
  deps: Pick<
    ServiceDeps,
    'database' | 'events' | 'storage' | 'access' | 'config' | 'jobs' | 'notifications'
  >,
) {
  const db = deps.database.db;
  const repo = createRequestsRepo(db);
  const scopes = deps.access.scope(db);
  const notifications = deps.notifications;

  async function scopeOf(u: RequestActor): Promise<RequestScope> {
    if (seesEverything(u)) return 'all';
    const ids = await scopes.contractIds(u);
    return { userId: u.id, contractIds: ids === 'all' ? [] : ids };
  }

  function actionsFor(
    u: RequestActor,
    r: Pick<RequestRow, 'status' | 'requesterId'>,
  ): RequestStatus[] {
    if (!HANDLERS.includes(u.type)) return [];
    return REQUEST_TRANSITIONS[r.status].filter(
      (to) => !(isDecision(to) && r.requesterId === u.id),
    );
  }

  /**
   * 'requests.changed' of one request (issue 37): its id and version (its `updated_at` after
   * the write) to who may see it only: its requester and the people of the /solicitacoes
   * screen whose scope holds it (all contracts, its contract's, or any for one without). A
   * replacement request of an EPI delivery also tells the requester's Meus EPIs
   * ('epi.changed' of the delivery: its 'troca solicitada' follows the request).
   */
  async function changed(row: RequestRow) {
    const people = await repo.people(row.contractId);
    const userIds = people
      .filter((p) => {
        const type = roleOf(p.role);
        return HANDLERS.includes(type) && (seesEverything({ id: p.id, type }) || p.linked);
      })
      .map((p) => p.id);
    if (row.requesterId !== null) userIds.push(row.requesterId);
    const version = row.updatedAt.toISOString();
    await deps.events.publish({
      type: RT_EVENTS.requestsChanged,
      userIds: [...new Set(userIds)],
      id: row.id,
      version,
      data: { id: row.id, epi_delivery_id: row.epiDeliveryId },
    });
    const itemId =
      row.epiDeliveryId === null ? undefined : await repo.deliveryItem(row.epiDeliveryId);
    if (row.epiDeliveryId !== null && row.requesterId !== null && itemId !== undefined) {
      const data: EpiChangeData = {
        kind: 'delivery',
        item_id: itemId,
        colaborador_id: row.requesterId,
        replacement: true,
      };
      await deps.events.publish({
        type: RT_EVENTS.epiChanged,
        userIds: [row.requesterId],
        id: row.epiDeliveryId,
        version,
        data: { ...data },
      });
    }
  }

  async function detail(u: RequestActor, id: number): Promise<RequestDetail> {
    const row = await repo.byId(await scopeOf(u), id);
    if (!row) throw notFound('Solicitação');
    const [events, files] = await Promise.all([repo.events(id), repo.attachments(id)]);
    return {
      solicitacao: toRequest(row),
      eventos: events.map(toEvent),
      anexos: files.map(toAttachment),
      acoes: actionsFor(u, row.r),
    };
  }

  return {
    detail,

    /** Condition on `requests` selecting what the user may open (the global search uses it). */
    async scopeSql(u: RequestActor) {
      return requestScopeSql(await scopeOf(u));
    },

    /** True while a replacement request of this EPI delivery is still in the workflow. */
    async hasOpenForEpiDelivery(deliveryId: number, tx: DbOrTx = db) {
      return (await createRequestsRepo(tx).openForDelivery(deliveryId)) !== undefined;
    },

    /**
     * The requests in the caller's scope with the counts per status. With `updated_since`
     * (issue 37) only those changed since and the `ids` the filters list now.
     */
    async list(u: RequestActor, q: z.output<typeof requestListQuery>) {
      const cursor = nextSyncCursor();
      const scope = await scopeOf(u);
      const filter = {
        status: q.status,
        tipo: q.tipo,
        urgencia: q.urgencia,
        contractId: q.contract_id,
        requesterId: q.minhas === 'true' ? u.id : undefined,
        q: q.q,
      };
      const since = q.updated_since;
      const [listed, counts] = await Promise.all([
        since === undefined
          ? repo.list(scope, filter).then((rows) => ({ rows, ids: undefined }))
          : repo.listChangesSince(scope, filter, new Date(since)),
        repo.countByStatus(scope, filter),
      ]);
      const contagem = Object.fromEntries(REQUEST_STATUSES.map((s) => [s, 0])) as Record<
        RequestStatus,
        number
      >;
      for (const c of counts) contagem[c.status] = c.n;
      const { rows, ids } = listed;
      return { items: rows.map(toRequest), contagem, cursor, ...(ids && { ids }) };
    },

    /** Opens a request; inside `tx` when another service (EPI) opens it as part of its own write. */
    async create(u: RequestActor, body: NewRequest, tx?: DbOrTx) {
      const run = async (t: DbOrTx) => {
        const r = createRequestsRepo(t);
        if (body.contract_id !== null) {
          const visible = await scopes.contractIds(u);
          const contract = await r.contract(body.contract_id);
          if (!contract || (visible !== 'all' && !visible.includes(contract.id))) {
            throw new AppError('VALIDATION', 'Contrato não encontrado.', 'contract_id');
          }
        }
        const row = await r.insert({
          tipo: body.tipo,
          descricao: body.descricao,
          urgencia: body.urgencia,
          contractId: body.contract_id,
          valor: body.tipo === 'reembolso' ? body.valor : null,
          requesterId: u.id,
          epiDeliveryId: body.epiDeliveryId ?? null,
        });
        await r.addEvent({ requestId: row.id, fromStatus: null, toStatus: 'aberta', userId: u.id });
        await emitWebhook(
          deps,
          t,
          WEBHOOK_EVENT.solicitacaoEtapa,
          stepWebhookData(deps.config.publicUrl, row, {
            de: null,
            para: 'aberta',
            comentario: null,
          }),
        );
        const reviewers = (await r.reviewers(body.contract_id))
          .filter((p) => can(roleOf(p.role), 'requests.notified'))
          .map((p) => p.id);
        const publish = await notifications.notify(
          {
            userIds: reviewers,
            type: 'other',
            authorId: u.id,
            customText: `Nova solicitação #${row.id} (${REQUEST_TYPE_LABELS[body.tipo]}, urgência ${REQUEST_URGENCY_LABELS[body.urgencia].toLowerCase()}) de ${u.nome}.`,
            link: requestLink(row.id),
          },
          t,
        );
        return { row, publish };
      };
      const { row, publish } = tx ? await run(tx) : await db.transaction(run);
      const after = async () => {
        await publish();
        // An EPI replacement: the EPI service tells the delivery's lists itself.
        await changed(tx ? { ...row, epiDeliveryId: null } : row);
      };
      const { id } = row;
      if (!tx) await after();
      return { id, after };
    },

    /**
     * A problem reported without an account on an asset's public page (issue 34, point 5):
     * a manutenção request of the asset's contract, written in `tx` with its photos (already
     * stored); the contract's coordenadores and gerentes hear of it. Call `after` past commit.
     */
    async openPublic(
      tx: DbOrTx,
      input: {
        contractId: number;
        descricao: string;
        solicitante: string;
        photos: Array<{ storageKey: string; fileName: string; mimeType: string; size: number }>;
      },
    ) {
      const r = createRequestsRepo(tx);
      const row = await r.insert({
        tipo: 'manutencao',
        descricao: input.descricao,
        urgencia: 'media',
        contractId: input.contractId,
        valor: null,
        requesterId: null,
        solicitanteExterno: input.solicitante,
      });
      await r.addEvent({
        requestId: row.id,
        fromStatus: null,
        toStatus: 'aberta',
        userId: null,
        comentario: 'Relato público pela etiqueta QR do equipamento.',
      });
      await emitWebhook(
        deps,
        tx,
        WEBHOOK_EVENT.solicitacaoEtapa,
        stepWebhookData(deps.config.publicUrl, row, {
          de: null,
          para: 'aberta',
          comentario: 'Relato público pela etiqueta QR do equipamento.',
        }),
      );
      for (const p of input.photos) {
        await r.addAttachment({ requestId: row.id, ...p, uploadedBy: null });
      }
      const reviewers = (await r.reviewers(input.contractId))
        .filter((p) => can(roleOf(p.role), 'requests.notified'))
        .map((p) => p.id);
      const publish = await notifications.notify(
        {
          userIds: reviewers,
          type: 'other',
          authorId: null,
          customText: `Nova solicitação #${row.id} (Manutenção) relatada pela etiqueta QR por ${input.solicitante}.`,
          link: requestLink(row.id),
        },
        tx,
      );
      return {
        id: row.id,
        after: async () => {
          await publish();
          await changed(row);
        },
      };
    },

    /** One workflow step, under a row lock so two people cannot move the same request at once. */
    async transition(u: RequestActor, id: number, body: z.output<typeof transitionBody>) {
      const scope = await scopeOf(u);
      if (!(await repo.byId(scope, id))) throw notFound('Solicitação');
      let publish: () => Promise<void> = async () => undefined;
      const after = await db.transaction(async (tx) => {
        const r = createRequestsRepo(tx);
        const row = (await r.lock(id))!;
        const refusal = transitionRefusal(row.status, body.status, body.comentario);
        if (refusal) throw new AppError('CONFLICT', refusal, 'status');
        if (isDecision(body.status) && row.requesterId === u.id) {
          throw new AppError(
            'FORBIDDEN',
            'Você não pode aprovar ou recusar a própria solicitação.',
          );
        }
        const updated = await r.setStatus(id, body.status);
        await r.addEvent({
          requestId: id,
          fromStatus: row.status,
          toStatus: body.status,
          userId: u.id,
          comentario: body.comentario,
        });
        await emitWebhook(
          deps,
          tx,
          WEBHOOK_EVENT.solicitacaoEtapa,
          stepWebhookData(deps.config.publicUrl, row, {
            de: row.status,
            para: body.status,
            comentario: body.comentario ?? null,
          }),
        );
        const comment = body.comentario ? ` Comentário: ${body.comentario}` : '';
        publish = await notifications.notify(
          {
            userIds: row.requesterId === null ? [] : [row.requesterId],
            type: 'other',
            authorId: u.id,
            customText: `Sua solicitação #${id} (${REQUEST_TYPE_LABELS[row.tipo]}) ${REQUEST_STATUS_VERBS[body.status]} por ${u.nome}.${comment}`,
            link: requestLink(id),
          },
          tx,
        );
        return updated;
      });
      await publish();
      await changed(after);
      return detail(u, id);
    },

    async addAttachment(u: RequestActor, id: number, file: IncomingFile) {
      const row = await repo.byId(await scopeOf(u), id);
      if (!row) throw notFound('Solicitação');
      if (row.r.requesterId !== u.id && !HANDLERS.includes(u.type)) throw notFound('Solicitação');
      const fileName = safeFileName(file.fileName);
      const type = acceptedFileType(file.head, fileName);
      const key = await deps.storage.put('solicitacoes', type.ext, file.stream);
      let touched: RequestRow;
      try {
        touched = await db.transaction(async (tx) => {
          const r = createRequestsRepo(tx);
          await r.addAttachment({
            requestId: id,
            storageKey: key,
            fileName,
            mimeType: type.mime,
            size: file.size(),
            uploadedBy: u.id,
          });
          // Its row counts attachments: its version moves.
          return r.touch(id);
        });
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      await changed(touched);
      return detail(u, id);
    },

    async download(
      u: RequestActor,
      id: number,
      attId: number,
    ): Promise<{ stream: Readable; fileName: string; mimeType: string; size: number }> {
      const row = await repo.byId(await scopeOf(u), id);
      if (!row) throw notFound('Solicitação');
      const a = await repo.attachment(id, attId);
      if (!a || !(await deps.storage.exists(a.storageKey))) throw notFound('Anexo');
      return {
        stream: deps.storage.get(a.storageKey),
        fileName: a.fileName,
        mimeType: a.mimeType,
        size: a.size,
      };
    },
  };
}

export type RequestsService = ReturnType<typeof createRequestsService>;
