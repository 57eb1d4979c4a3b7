import type { WebhookEvent, WebhookEventData } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createWebhooksRepo } from './webhooks.repo.ts';

/**
 * The one place an event reaches the webhooks (issue 35.3): inside the transaction of the
 * change, one delivery row and one 'webhook-deliver' job per active webhook that chose the
 * event. Both commit or roll back with the change; nothing is written when no webhook wants it.
 * `dados` is the event's body, typed per event by the domain's `WebhookEventData`
 * (docs/operations.md, "Webhooks assinados").
 */
export async function emitWebhook<E extends WebhookEvent>(
  deps: { jobs?: JobQueue },
  tx: DbOrTx,
  evento: E,
  dados: WebhookEventData[E],
): Promise<void> {
  const repo = createWebhooksRepo(tx);
  const targets = await repo.subscribersOf(evento);
  if (targets.length === 0) return;
  if (!deps.jobs) throw new Error('Webhooks precisam da fila de tarefas (deps.jobs).');
  const rows = await repo.insertDeliveries(
    targets.map((w) => ({ webhookId: w.id, evento, dados })),
  );
  for (const row of rows) await deps.jobs.send(tx, 'webhook-deliver', { deliveryId: row.id });
}
