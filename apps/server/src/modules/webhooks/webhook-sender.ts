import { createHmac } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import type { JobHandler } from '../../jobs/queue.ts';
import { requestChecked } from '../../lib/outbound-request.ts';
import { OutboundUrlError, type OutboundGuard } from '../../lib/outbound-url.ts';
import { createWebhooksRepo } from './webhooks.repo.ts';

/** Header names of a delivery (docs/integrations.md). */
export const SIGNATURE_HEADER = 'X-EProto-Assinatura';
export const TIMESTAMP_HEADER = 'X-EProto-Timestamp';

/** Thrown for an attempt the receiver did not take: the queue retries it with backoff. */
export class WebhookNotDelivered extends Error {}

/** `sha256=` + hex HMAC-SHA256 of `timestamp + "." + body` with the webhook's secret. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export interface WebhookSenderOptions {
  db: DbOrTx;
  /** Checked again before every send: the name may point somewhere else by now. */
  guard: OutboundGuard;
  timeoutMs?: number;
}

/**
 * The 'webhook-deliver' job: sends one delivery, once. The delivery row is claimed first
 * (pendente → enviando), so a second run of the job, on this node or another, sends nothing;
 * a 2xx marks it enviada; anything else records the HTTP code or error and throws, and the
 * queue tries again with exponential backoff (jobs/specs.ts) until the last attempt, which
 * leaves it "falhou" for the "Reenviar" of the delivery log.
 */
export function createWebhookDeliverHandler(opts: WebhookSenderOptions): JobHandler {
  const repo = createWebhooksRepo(opts.db);
  return async (data, run) => {
    const deliveryId = String(data.deliveryId);
    const claimed = await repo.claim(deliveryId);
    if (!claimed) return { skipped: 'já enviada, em envio ou removida' };
    const { delivery, webhook } = claimed;
    const last = run.retryCount >= run.retryLimit;

    async function failed(httpStatus: number | null, erro: string): Promise<never> {
      await repo.finish(delivery.id, {
        status: last ? 'falhou' : 'pendente',
        httpStatus,
        erro,
      });
      throw new WebhookNotDelivered(erro);
    }

    if (!webhook.ativo) {
      await repo.finish(delivery.id, {
        status: 'falhou',
        httpStatus: null,
        erro: 'Webhook desativado antes do envio.',
      });
      return { skipped: 'webhook desativado' };
    }
    let target;
    try {
      target = await opts.guard.check(webhook.url);
    } catch (err) {
      if (!(err instanceof OutboundUrlError)) throw err;
      return failed(null, `Endereço recusado: ${err.message}`);
    }
    const body = JSON.stringify({
      id: delivery.id,
      evento: delivery.evento,
      ocorrido_em: delivery.ocorridoEm.toISOString(),
      dados: delivery.dados,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    let status: number;
    try {
      // To the address just checked; a redirect is an answer like any other, never followed.
      ({ status } = await requestChecked(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'E-Proto-Webhooks/1',
          'x-eproto-evento': delivery.evento,
          'x-eproto-entrega': delivery.id,
          [TIMESTAMP_HEADER.toLowerCase()]: timestamp,
          [SIGNATURE_HEADER.toLowerCase()]: signWebhook(webhook.segredo, timestamp, body),
        },
        body: Buffer.from(body),
        timeoutMs: opts.timeoutMs ?? 10_000,
      }));
    } catch (err) {
      return failed(null, `Sem resposta: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (status >= 200 && status < 300) {
      await repo.finish(delivery.id, { status: 'enviada', httpStatus: status, erro: null });
      return { delivered: true, status };
    }
    return failed(
      status,
      status >= 300 && status < 400
        ? `HTTP ${status} (redirecionamento não seguido)`
        : `HTTP ${status}`,
    );
  };
}
