import type { ServiceDeps } from '../deps.ts';
import { createEmailSender } from '../lib/mailer.ts';
import { createOutboundGuard } from '../lib/outbound-url.ts';
import { runStorageRemove } from '../lib/storage-cleanup.ts';
import { runPlanGeneration } from '../modules/assets/assets-plans.generate.ts';
import { createEmailDigestService } from '../modules/email-digest/email-digest.service.ts';
import { serviceOrdersOfEntries } from '../modules/service-orders/agenda-link.ts';
import { createPtService } from '../modules/sst/pt.service.ts';
import { createSstAlerts } from '../modules/sst/sst-alerts.ts';
import { createWebhookDeliverHandler } from '../modules/webhooks/webhook-sender.ts';
import { createFieldAlertsService } from './field-alerts.ts';
import { runDeadlineReminders } from './deadline-reminders.ts';
import { runIdempotencyCleanup } from './idempotency-cleanup.ts';
import type { JobHandler } from './queue.ts';
import type { JobName } from './specs.ts';

/** The handler of every job; tests run a job by calling its handler. */
export function jobHandlers(deps: ServiceDeps): Record<JobName, JobHandler> {
  const noPush = () => Promise.reject(new Error('Push não configurado nestas dependências'));
  return {
    'email-send': createEmailSender({
      db: deps.database.db,
      log: { error: () => undefined },
      smtpUrl: deps.config.SMTP_URL,
      from: deps.config.MAIL_FROM,
      domain: new URL(deps.config.publicUrl).hostname,
    }),
    'push-send': deps.push?.handlers.send ?? noPush,
    'push-deliver': deps.push?.handlers.deliver ?? noPush,
    'webhook-deliver': createWebhookDeliverHandler({
      db: deps.database.db,
      guard: deps.outbound ?? createOutboundGuard({ allowList: deps.config.outboundAllowList }),
    }),
    'storage-remove': (data) => runStorageRemove(deps.storage, data),
    'deadline-reminders': () => runDeadlineReminders(deps),
    'idempotency-cleanup': () => runIdempotencyCleanup(deps),
    'sst-alerts': () => createSstAlerts(deps).runOnce(),
    'pt-expiry': () => createPtService(deps).expireOnce(),
    'asset-plans': () => runPlanGeneration(deps),
    'email-digest': () => createEmailDigestService(deps, serviceOrdersOfEntries).runDaily(),
    'field-alerts': async () => {
      const alerts = createFieldAlertsService(deps);
      const sent = await alerts.runOnce();
      await alerts.prune();
      return sent;
    },
  };
}
