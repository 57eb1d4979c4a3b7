import { randomBytes } from 'node:crypto';
import {
  WEBHOOKS_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEvent,
  type webhookCreateBody,
  type webhookUpdateBody,
} from '@eproto/domain';
import type { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createOutboundGuard, OutboundUrlError } from '../../lib/outbound-url.ts';
import { createWebhooksRepo, type WebhookDeliveryRow, type WebhookRow } from './webhooks.repo.ts';

/** A new secret: 32 random bytes, base64url, with a prefix that says what it is. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

function toWebhook(w: WebhookRow, falhas = 0, ultima: Date | null = null): Webhook {
  return {
    id: w.id,
    url: w.url,
    eventos: w.eventos as WebhookEvent[],
    ativo: w.ativo,
    segredo_final: w.segredo.slice(-4),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
    falhas,
    ultima_entrega_em: ultima?.toISOString() ?? null,
  };
}

function toDelivery(d: WebhookDeliveryRow, proxima: Date | null = null): WebhookDelivery {
  return {
    id: d.id,
    evento: d.evento as WebhookEvent,
    status: d.status as WebhookDeliveryStatus,
    http_status: d.httpStatus,
    tentativas: d.tentativas,
    ultimo_erro: d.ultimoErro,
    ocorrido_em: d.ocorridoEm.toISOString(),
    ultima_tentativa_em: d.ultimaTentativaEm?.toISOString() ?? null,
    proxima_tentativa_em: d.status === 'pendente' ? (proxima?.toISOString() ?? null) : null,
    enviada_em: d.enviadaEm?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Webhook não encontrado.');

/** ti's webhooks (issue 35.3): register, choose events, rotate the secret, delivery log. */
export function createWebhooksService(deps: ServiceDeps) {
  const { db } = deps.database;
  const guard = deps.outbound ?? createOutboundGuard({ allowList: deps.config.outboundAllowList });

  /** The outbound guard at registration: the same refusals as at send time, in Portuguese. */
  async function checkUrl(url: string) {
    try {
      await guard.check(url, 'store');
    } catch (err) {
      if (!(err instanceof OutboundUrlError)) throw err;
      throw new AppError('VALIDATION', `Endereço do webhook recusado: ${err.message}`, 'url');
    }
  }

  return {
    async list() {
      const rows = await createWebhooksRepo(db).list();
      return { items: rows.map((r) => toWebhook(r.w, r.falhas ?? 0, r.ultima ?? null)) };
    },

    async create(userId: number, b: z.output<typeof webhookCreateBody>) {
      await checkUrl(b.url);
      const segredo = newSecret();
      const row = await db.transaction(async (tx) => {
        const repo = createWebhooksRepo(tx);
        if ((await repo.count()) >= WEBHOOKS_MAX) {
          throw new AppError('CONFLICT', `No máximo ${WEBHOOKS_MAX} webhooks.`);
        }
        return repo.insert({
          url: b.url,
          eventos: b.eventos,
          ativo: b.ativo,
          segredo,
          createdBy: userId,
        });
      });
      return { webhook: toWebhook(row), segredo };
    },

    async update(id: number, b: z.output<typeof webhookUpdateBody>) {
      if (b.url === undefined && b.eventos === undefined && b.ativo === undefined) {
        throw new AppError('VALIDATION', 'Nada para alterar.');
      }
      if (b.url !== undefined) await checkUrl(b.url);
      const row = await db.transaction((tx) =>
        createWebhooksRepo(tx).update(id, {
          ...(b.url !== undefined && { url: b.url }),
          ...(b.eventos !== undefined && { eventos: b.eventos }),
          ...(b.ativo !== undefined && { ativo: b.ativo }),
        }),
      );
      if (!row) throw notFound();
      return toWebhook(row);
    },

    async remove(id: number) {
      const removed = await db.transaction((tx) => createWebhooksRepo(tx).remove(id));
      if (!removed) throw notFound();
    },

    /** A new secret, shown once; deliveries from now on are signed with it. */
    async rotate(id: number) {
      const segredo = newSecret();
      const row = await db.transaction((tx) => createWebhooksRepo(tx).update(id, { segredo }));
      if (!row) throw notFound();
      return { webhook: toWebhook(row), segredo };
    },

    async deliveries(id: number, page: number, perPage: number) {
      const repo = createWebhooksRepo(db);
      if (!(await repo.byId(id))) throw notFound();
      const { items, total } = await repo.deliveries(id, perPage, (page - 1) * perPage);
      return { items: items.map((r) => toDelivery(r.d, r.proxima)), total };
    },

    /** "Reenviar": the same delivery (same id) back on the queue, with a new job. */
    async resend(id: number, deliveryId: string) {
      const jobs = deps.jobs;
      if (!jobs) throw new Error('Webhooks precisam da fila de tarefas (deps.jobs).');
      const row = await db.transaction(async (tx) => {
        const repo = createWebhooksRepo(tx);
        const found = await repo.delivery(id, deliveryId);
        if (!found) throw new AppError('NOT_FOUND', 'Entrega não encontrada.');
        const requeued = await repo.requeue(id, deliveryId);
        if (!requeued) {
          throw new AppError(
            'CONFLICT',
            'A entrega está sendo enviada agora; aguarde o resultado.',
          );
        }
        await jobs.send(tx, 'webhook-deliver', { deliveryId });
        return repo.delivery(id, deliveryId);
      });
      return toDelivery(row!);
    },
  };
}
