import {
  can,
  decodeSignaturePng,
  DELIVERY_REASON_LABELS,
  type deliveryBody,
  type EpiChangeData,
  type EpiDelivery,
  deliveryRefusal,
  type deliveryReturnBody,
  type epiItemBody,
  type epiItemPatchBody,
  type EpiSheet,
  epiSize,
  type FieldAlert,
  formatDateBr,
  isSignatureLongEnough,
  REPLACEMENT_REASON_LABELS,
  roleOf,
  type replacementRequestBody,
  type Role,
  SIGNATURE_TOO_SHORT,
  type signatureBody,
  type SignaturePlace,
  type SignatureStroke,
  todayIn,
  RT_EVENTS,
  WEBHOOK_EVENT,
} from '@eproto/domain';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { EpiItemRow, SignatureMeta } from './epi.repo.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { CompanyService } from '../company/company.service.ts';
import { emitWebhook } from '../webhooks/webhook-emit.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import { catalogueAlerts, replacementAlerts } from './epi.alerts.ts';
import { toDelivery, toEpiItem } from './epi.mapper.ts';
import { createEpiRepo } from './epi.repo.ts';

export interface EpiActor {
  id: number;
  nome: string;
  type: Role;
}

const SIGNATURE_PREFIX = 'epi-assinaturas';

/** EPI rules (NR-6): catalogue, deliveries with acknowledgement, returns, ficha and alerts. */
export function createEpiService(
  deps: Pick<
    ServiceDeps,
    'database' | 'config' | 'events' | 'storage' | 'access' | 'jobs' | 'notifications'
  >,
  { company, requests }: { company: CompanyService; requests: RequestsService },
) {
  const db = deps.database.db;
  const repo = createEpiRepo(db);
  const notifications = deps.notifications;
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);
  const isManager = (u: EpiActor) => can(u, 'epi.manage');

  /** Who manages EPIs (epi.manage): every change of the catalogue and deliveries reaches them. */
  async function managerIds(): Promise<number[]> {
    const people = await repo.activePeople();
    return people.filter((p) => can(roleOf(p.role), 'epi.manage')).map((p) => p.id);
  }

  /**
   * 'epi.changed' of a delivery (issue 37): its id and version (its `updated_at` as the lists
   * show it) to its colaborador and to who manages EPIs, nobody else. Returns the delivery.
   */
  async function deliveryChanged(
    id: number,
    extra: Pick<EpiChangeData, 'stock' | 'replacement'> = {},
  ): Promise<EpiDelivery> {
    const d = toDelivery((await repo.delivery(id))!, today());
    const data: EpiChangeData = {
      kind: 'delivery',
      item_id: d.item.id,
      colaborador_id: d.colaborador.id,
      ...extra,
    };
    const userIds = [...new Set([...(await managerIds()), d.colaborador.id])];
    await deps.events.publish({
      type: RT_EVENTS.epiChanged,
      userIds,
      id: d.id,
      version: d.updated_at,
      data: { ...data },
    });
    return d;
  }

  /**
   * 'epi.changed' of a catalogue item: to who manages EPIs and, when what its deliveries show
   * may have changed (`holders`: name, CA, size), to everyone who received it.
   */
  async function itemChanged(row: EpiItemRow, holders: boolean) {
    const ids = await managerIds();
    if (holders) ids.push(...(await repo.holderIds(row.id)));
    const data: EpiChangeData = { kind: 'item', item_id: row.id, stock: true, holders };
    await deps.events.publish({
      type: RT_EVENTS.epiChanged,
      userIds: [...new Set(ids)],
      id: row.id,
      version: row.updatedAt.toISOString(),
      data: { ...data },
    });
  }

  /**
   * One employee's deliveries for a synced list (mine, ficha). With `updated_since` only those
   * changed since (the row, its item, its replacement request) and `ids`; a cursor from an
   * earlier day answers the whole list (the replacement warning, `troca_situacao`, moves with
   * the date).
   */
  async function syncedDeliveries(colaboradorId: number, since: string | undefined) {
    const cursor = nextSyncCursor();
    const sameDay =
      since !== undefined && todayIn(deps.config.COMPANY_TIME_ZONE, new Date(since)) === today();
    if (!sameDay) return { rows: await repo.deliveries({ colaboradorId }), cursor };
    const [rows, ids] = await Promise.all([
      repo.deliveries({ colaboradorId, changedSince: new Date(since).toISOString() }),
      repo.deliveryIds(colaboradorId),
    ]);
    return { rows, cursor, ids };
  }

  /**
   * Strokes, device and place kept beside a signature. A PNG without strokes, or with too
   * little ink (a tap, a dot), is refused: the image alone cannot prove a hand signed.
   */
  function signatureMeta(
    body: {
      assinatura_tracos?: SignatureStroke[] | null | undefined;
      assinatura_local?: SignaturePlace | null | undefined;
    },
    userAgent: string | undefined,
  ): SignatureMeta {
    const strokes = body.assinatura_tracos;
    if (!strokes || !isSignatureLongEnough(strokes)) {
      throw new AppError('VALIDATION', SIGNATURE_TOO_SHORT, 'assinatura');
    }
    return {
      tracos: strokes,
      dispositivo: userAgent?.slice(0, 400) || null,
      local: body.assinatura_local ?? null,
    };
  }

  async function storeSignature(dataUrl: string): Promise<string> {
    const png = decodeSignaturePng(dataUrl);
    if (!png) throw new AppError('VALIDATION', 'Assinatura inválida.', 'assinatura');
    return deps.storage.put(SIGNATURE_PREFIX, 'png', Buffer.from(png));
  }

  /** The delivery as its colaborador or a gestor may see it; 404 for anyone else. */
  async function visibleDelivery(u: EpiActor, id: number) {
    const row = await repo.delivery(id);
    if (!row || (!isManager(u) && row.d.colaboradorId !== u.id)) throw notFound('Entrega');
    return row;
  }

  return {
    isManager,

    async items(all: boolean) {
      const t = today();
      return { items: (await repo.items(!all)).map((i) => toEpiItem(i, t)) };
    },

    async createItem(actor: EpiActor, body: z.output<typeof epiItemBody>) {
      const item = await db.transaction(async (tx) => {
        const r = createEpiRepo(tx);
        const row = await r.insertItem({
          nome: body.nome,
          descricao: body.descricao,
          caNumero: body.ca_numero,
          caValidade: body.ca_validade,
          tamanho: body.tamanho,
          vidaUtilDias: body.vida_util_dias,
          estoque: body.estoque_inicial,
          estoqueMinimo: body.estoque_minimo,
          custoUnitario: body.custo_unitario ?? null,
        });
        if (body.estoque_inicial > 0) {
          await r.insertMovement({
            itemId: row.id,
            tipo: 'entrada',
            quantidade: body.estoque_inicial,
            saldoApos: body.estoque_inicial,
            observacao: 'Cadastro do EPI',
            userId: actor.id,
          });
        }
        return row;
      });
      await itemChanged(item, false);
      return toEpiItem(item, today());
    },

    async updateItem(id: number, body: z.output<typeof epiItemPatchBody>) {
      const row = await db.transaction((tx) =>
        createEpiRepo(tx).updateItem(id, {
          nome: body.nome,
          descricao: body.descricao,
          caNumero: body.ca_numero,
          caValidade: body.ca_validade,
          tamanho: body.tamanho,
          vidaUtilDias: body.vida_util_dias,
          estoqueMinimo: body.estoque_minimo,
          custoUnitario: body.custo_unitario,
          ativo: body.ativo,
        }),
      );
      if (!row) throw notFound('EPI');
      await itemChanged(row, true);
      return toEpiItem(row, today());
    },

    async stockEntry(actor: EpiActor, id: number, quantidade: number, observacao: string | null) {
      const row = await db.transaction(async (tx) => {
        const r = createEpiRepo(tx);
        const item = await r.lockItem(id);
        if (!item) throw notFound('EPI');
        const saldo = item.estoque + quantidade;
        await r.insertMovement({
          itemId: id,
          tipo: 'entrada',
          quantidade,
          saldoApos: saldo,
          observacao,
          userId: actor.id,
        });
        return r.updateItem(id, { estoque: saldo });
      });
      await itemChanged(row!, false);
      return toEpiItem(row!, today());
    },

    /**
     * The gestores' list of deliveries. With `updated_since` (same rule as `mine`) only the
     * deliveries changed since and the `ids` the filters list now.
     */
    async deliveries(f: {
      colaborador_id?: number | undefined;
      status?: 'pendente' | 'confirmada' | 'devolvida' | undefined;
      updated_since?: string | undefined;
    }) {
      const cursor = nextSyncCursor();
      const t = today();
      const filter = { colaboradorId: f.colaborador_id, status: f.status };
      const since = f.updated_since;
      if (since === undefined || todayIn(deps.config.COMPANY_TIME_ZONE, new Date(since)) !== t) {
        const rows = await repo.deliveries(filter);
        return { items: rows.map((r) => toDelivery(r, t)), cursor };
      }
      const [rows, ids] = await Promise.all([
        repo.deliveries({ ...filter, changedSince: new Date(since).toISOString() }),
        repo.listIds(filter),
      ]);
      return { items: rows.map((r) => toDelivery(r, t)), cursor, ids };
    },

    /**
     * The caller's EPIs. With `updated_since` only deliveries changed since (the row, its item,
     * its replacement request) and `ids`; a cursor from an earlier day answers the whole list
     * (the replacement warning, `troca_situacao`, moves with the date).
     */
    async mine(u: EpiActor, q: { updated_since?: string } = {}) {
      const { rows, cursor, ids } = await syncedDeliveries(u.id, q.updated_since);
      const t = today();
      return { items: rows.map((r) => toDelivery(r, t)), cursor, ids };
    },

    /**
     * Hands an EPI to an employee: the item row is locked, the CA must be valid on the delivery
     * date and the stock must cover the quantity; the signature (if drawn) is stored first and
     * removed again if the delivery is refused.
     */
    async deliver(actor: EpiActor, body: z.output<typeof deliveryBody>, userAgent?: string) {
      if (body.data > today()) {
        throw new AppError('VALIDATION', 'A data da entrega não pode estar no futuro.', 'data');
      }
      const meta = body.assinatura ? signatureMeta(body, userAgent) : null;
      const signatureKey = body.assinatura ? await storeSignature(body.assinatura) : null;
      let publish: () => Promise<void> = async () => undefined;
      let deliveryId: number;
      try {
        deliveryId = await db.transaction(async (tx) => {
          const r = createEpiRepo(tx);
          const person = await r.person(body.colaborador_id);
          if (!person?.active) {
            throw new AppError(
              'VALIDATION',
              'Colaborador não encontrado ou inativo.',
              'colaborador_id',
            );
          }
          const item = await r.lockItem(body.item_id);
          if (!item) throw new AppError('VALIDATION', 'EPI não encontrado no catálogo.', 'item_id');
          const refusal = deliveryRefusal(
            {
              nome: item.nome,
              ca_numero: item.caNumero,
              ca_validade: item.caValidade,
              estoque: item.estoque,
              ativo: item.ativo,
            },
            body.quantidade,
            body.data,
          );
          if (refusal) throw new AppError('VALIDATION', refusal.error, refusal.field);
          const saldo = item.estoque - body.quantidade;
          await r.updateItem(item.id, { estoque: saldo });
          const d = await r.insertDelivery({
            itemId: item.id,
            colaboradorId: person.id,
            data: body.data,
            quantidade: body.quantidade,
            // The cost of the day: a later price change does not rewrite the delivery.
            custoUnitario: item.custoUnitario,
            motivo: body.motivo,
            observacao: body.observacao,
            entreguePor: actor.id,
            ...(signatureKey
              ? {
                  assinaturaKey: signatureKey,
                  assinaturaMeta: meta,
                  confirmacao: 'assinatura' as const,
                  confirmadoEm: new Date(),
                }
              : {}),
          });
          await r.insertMovement({
            itemId: item.id,
            tipo: 'entrega',
            quantidade: body.quantidade,
            saldoApos: saldo,
            deliveryId: d.id,
            userId: actor.id,
          });
          await emitWebhook(deps, tx, WEBHOOK_EVENT.epiEntregue, {
            entrega: {
              id: d.id,
              data: body.data,
              quantidade: body.quantidade,
              motivo: body.motivo,
              item: { id: item.id, nome: item.nome, ca_numero: item.caNumero },
              colaborador: { id: person.id, nome: person.nome },
              entregue_por_id: actor.id,
              assinada: signatureKey !== null,
              ficha_url: `${deps.config.publicUrl.replace(/\/$/, '')}/tatico/epi?ficha=${person.id}`,
            },
          });
          publish = await notifications.notify(
            {
              userIds: [person.id],
              type: 'other',
              authorId: actor.id,
              customText: signatureKey
                ? `EPI entregue: ${body.quantidade} × ${item.nome} (CA ${item.caNumero}) em ${formatDateBr(body.data)}.`
                : `EPI entregue: ${body.quantidade} × ${item.nome} (CA ${item.caNumero}). Confirme o recebimento em EPI.`,
              link: '/tatico/epi?aba=meus',
            },
            tx,
          );
          return d.id;
        });
      } catch (err) {
        if (signatureKey) await deps.storage.remove(signatureKey).catch(() => undefined);
        throw err;
      }
      await publish();
      return deliveryChanged(deliveryId, { stock: true });
    },

    /** Signature drawn later on the gestor's device, for a delivery still unconfirmed. */
    async sign(id: number, body: z.output<typeof signatureBody>, userAgent?: string) {
      const meta = signatureMeta(body, userAgent);
      const key = await storeSignature(body.assinatura);
      try {
        await db.transaction(async (tx) => {
          const r = createEpiRepo(tx);
          const d = await r.lockDelivery(id);
          if (!d) throw notFound('Entrega');
          if (d.devolucaoData) throw new AppError('CONFLICT', 'Entrega já devolvida.');
          if (d.confirmacao)
            throw new AppError('CONFLICT', 'O recebimento desta entrega já foi confirmado.');
          await r.updateDelivery(id, {
            assinaturaKey: key,
            assinaturaMeta: meta,
            confirmacao: 'assinatura',
            confirmadoEm: new Date(),
          });
        });
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
      return deliveryChanged(id);
    },

    /** The employee confirms receipt in the app (only their own deliveries). */
    async confirm(u: EpiActor, id: number) {
      await db.transaction(async (tx) => {
        const r = createEpiRepo(tx);
        const d = await r.lockDelivery(id);
        if (!d || (d.colaboradorId !== u.id && !isManager(u))) throw notFound('Entrega');
        if (d.colaboradorId !== u.id) {
          throw new AppError(
            'FORBIDDEN',
            'Somente o colaborador pode confirmar o recebimento no aplicativo.',
          );
        }
        if (d.devolucaoData) throw new AppError('CONFLICT', 'Entrega já devolvida.');
        if (d.confirmacao) throw new AppError('CONFLICT', 'Recebimento já confirmado.');
        await r.updateDelivery(id, { confirmacao: 'app', confirmadoEm: new Date() });
      });
      return deliveryChanged(id);
    },

    async giveBack(actor: EpiActor, id: number, body: z.output<typeof deliveryReturnBody>) {
      const stock = await db.transaction(async (tx) => {
        const r = createEpiRepo(tx);
        const d = await r.lockDelivery(id);
        if (!d) throw notFound('Entrega');
        if (d.devolucaoData) throw new AppError('CONFLICT', 'Esta entrega já foi devolvida.');
        if (body.data < d.data) {
          throw new AppError('VALIDATION', 'A devolução não pode ser anterior à entrega.', 'data');
        }
        if (body.data > today()) {
          throw new AppError('VALIDATION', 'A data da devolução não pode estar no futuro.', 'data');
        }
        await r.updateDelivery(id, {
          devolucaoData: body.data,
          devolucaoMotivo: body.motivo,
          devolucaoEstoque: body.retorna_estoque,
          devolucaoPor: actor.id,
        });
        if (body.retorna_estoque) {
          const item = (await r.lockItem(d.itemId))!;
          const saldo = item.estoque + d.quantidade;
          await r.updateItem(item.id, { estoque: saldo });
          await r.insertMovement({
            itemId: item.id,
            tipo: 'devolucao',
            quantidade: d.quantidade,
            saldoApos: saldo,
            deliveryId: id,
            userId: actor.id,
            observacao: body.motivo,
          });
        }
        return body.retorna_estoque;
      });
      return deliveryChanged(id, { stock });
    },

    /**
     * The employee asks to replace an EPI they hold: opens a solicitação of type EPI linked to
     * the delivery (one open request per delivery; the row lock stops double submissions).
     */
    async requestReplacement(
      u: EpiActor,
      id: number,
      body: z.output<typeof replacementRequestBody>,
    ) {
      let after: () => Promise<void> = async () => undefined;
      const requestId = await db.transaction(async (tx) => {
        const r = createEpiRepo(tx);
        const d = await r.lockDelivery(id);
        if (!d || d.colaboradorId !== u.id) throw notFound('Entrega');
        if (d.devolucaoData) throw new AppError('CONFLICT', 'Este EPI já foi devolvido.');
        if (await requests.hasOpenForEpiDelivery(id, tx)) {
          throw new AppError(
            'CONFLICT',
            'Já existe uma solicitação de troca em andamento para este EPI.',
          );
        }
        const item = (await r.item(d.itemId))!;
        const extra = body.descricao ? ` ${body.descricao}` : '';
        const created = await requests.create(
          u,
          {
            tipo: 'epi',
            descricao: `Troca de EPI: ${d.quantidade} × ${item.nome} (tamanho ${epiSize(item.tamanho)}, CA ${item.caNumero}), entregue em ${formatDateBr(d.data)} por ${DELIVERY_REASON_LABELS[d.motivo].toLowerCase()}. Motivo da troca: ${REPLACEMENT_REASON_LABELS[body.motivo].toLowerCase()}.${extra}`,
            urgencia: body.motivo === 'perda' || body.motivo === 'dano' ? 'alta' : 'media',
            contract_id: null,
            valor: null,
            epiDeliveryId: id,
          },
          tx,
        );
        after = created.after;
        return created.id;
      });
      await after();
      return {
        solicitacao_id: requestId,
        entrega: await deliveryChanged(id, { replacement: true }),
      };
    },

    /** The caller's own EPI requests (their replacement requests and where they stand). */
    async myRequests(u: EpiActor) {
      return requests.list(u, { minhas: 'true', tipo: 'epi' });
    },

    async signature(u: EpiActor, id: number): Promise<Readable> {
      const row = await visibleDelivery(u, id);
      const key = row.d.assinaturaKey;
      if (!key || !(await deps.storage.exists(key))) throw notFound('Assinatura');
      return deps.storage.get(key);
    },

    visibleDelivery,

    /**
     * The "ficha de EPI": every delivery of one employee, returned ones included. With
     * `updated_since` (same rule as `mine`) only the deliveries changed since, plus `ids`.
     */
    async sheet(
      u: EpiActor,
      userId: number,
      q: { updated_since?: string } = {},
    ): Promise<EpiSheet> {
      if (!isManager(u) && userId !== u.id) throw notFound('Colaborador');
      const person = await repo.person(userId);
      if (!person) throw notFound('Colaborador');
      const t = today();
      const [{ rows, cursor, ids }, empresa] = await Promise.all([
        syncedDeliveries(userId, q.updated_since),
        company.get(),
      ]);
      return {
        empresa: empresa && { nome: empresa.nome, cnpj: empresa.cnpj },
        colaborador: {
          id: person.id,
          nome: person.nome,
          email: person.email,
          cargo: person.role,
          cpf: person.cpf,
          matricula: person.matricula,
          funcao: person.funcao,
          admissao: person.admissao,
        },
        entregas: rows.map((r) => toDelivery(r, t)).reverse(),
        gerado_em: new Date().toISOString(),
        cursor,
        ids,
      };
    },

    /** Signature image bytes of the deliveries of a ficha (for the PDF). */
    async signatureBuffers(sheet: EpiSheet): Promise<Map<number, Buffer>> {
      const out = new Map<number, Buffer>();
      for (const e of sheet.entregas) {
        if (!e.tem_assinatura) continue;
        const row = await repo.delivery(e.id);
        const key = row?.d.assinaturaKey;
        if (!key || !(await deps.storage.exists(key))) continue;
        const chunks: Buffer[] = [];
        for await (const c of deps.storage.get(key)) chunks.push(Buffer.from(c as Buffer));
        out.set(e.id, Buffer.concat(chunks));
      }
      return out;
    },

    async alerts(): Promise<FieldAlert[]> {
      const t = today();
      const [items, open] = await Promise.all([repo.items(true), repo.openDeliveries()]);
      return [
        ...catalogueAlerts(items, t),
        ...replacementAlerts(open.map((r) => toDelivery(r, t))),
      ];
    },
  };
}

export type EpiService = ReturnType<typeof createEpiService>;
