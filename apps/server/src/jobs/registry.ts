import type { ServiceDeps } from '../deps.ts';
import { createPtService } from '../modules/sst/pt.service.ts';
import { createSstAlerts } from '../modules/sst/sst-alerts.ts';
import { createFieldAlertsService } from '../modules/tatico/field-alerts.service.ts';
import { runDeadlineReminders } from './deadline-reminders.ts';
import { runIdempotencyCleanup } from './idempotency-cleanup.ts';
import type { JobHandler } from './queue.ts';
import type { JobName } from './specs.ts';

/** The handler of every job; tests run a job by calling its handler. */
export function jobHandlers(deps: ServiceDeps): Record<JobName, JobHandler> {
  return {
    'deadline-reminders': () => runDeadlineReminders(deps),
    'idempotency-cleanup': () => runIdempotencyCleanup(deps),
    'sst-alerts': () => createSstAlerts(deps).runOnce(),
    'pt-expiry': () => createPtService(deps).expireOnce(),
    'field-alerts': async () => {
      const alerts = createFieldAlertsService(deps);
      const sent = await alerts.runOnce();
      await alerts.prune();
      return sent;
    },
  };
}
