import type { Services } from '../app/services.ts';
import type { ServiceDeps } from '../deps.ts';
import { createEmailSender } from '../lib/mailer.ts';
import { createOutboundGuard } from '../lib/outbound-url.ts';
import { runStorageRemove } from '../lib/storage-cleanup.ts';
import { runPlanGeneration } from '../modules/assets/assets-plans.generate.ts';
import { createSstAlerts } from '../modules/sst/sst-alerts.ts';
import { createWebhookDeliverHandler } from '../modules/webhooks/webhook-sender.ts';
import { runDeadlineReminders } from './deadline-reminders.ts';
import { runIdempotencyCleanup } from './idempotency-cleanup.ts';
import type { JobHandler } from './queue.ts';
import type { JobName } from './specs.ts';

/** The services the jobs run on, built once by buildServices. */
type JobServices = Pick<Services, 'agenda' | 'emailDigest' | 'fieldAlerts' | 'pts'>;

/** The handler of every job; tests run a job by calling its handler. */
export function jobHandlers(deps: ServiceDeps, services: JobServices): Record<JobName, JobHandler> {
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
    'pt-expiry': () => services.pts.expireOnce(),
    'asset-plans': () => runPlanGeneration({ ...deps, agenda: services.agenda }),
    'email-digest': () => services.emailDigest.runDaily(),
    'field-alerts': async () => {
      const alerts = services.fieldAlerts;
      const sent = await alerts.runOnce();
      await alerts.prune();
      return sent;
    },
  };
}
