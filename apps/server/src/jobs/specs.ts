import type { QueueSpec } from './queue.ts';

/** A periodic job: one at a time, a failed run retried twice a minute apart. */
const periodic = (cron: string, expireInSeconds = 15 * 60): QueueSpec => ({
  cron,
  policy: 'stately',
  retryLimit: 2,
  retryDelay: 60,
  retryBackoff: true,
  expireInSeconds,
});

/**
 * Every background job of the app: its queue name, schedule (cron, company time zone) and
 * retry policy. The handlers are in `jobHandlers` (registry.ts); buildApp registers both and server.ts
 * starts the workers. Adding a job: one line here, its handler in registry.ts.
 */
export const JOB_SPECS = {
  // Deadline reminders every 15 minutes from 7 h on (company time).
  'deadline-reminders': periodic('*/15 7-23 * * *'),
  // Idempotency-Key results older than 48 h.
  'idempotency-cleanup': periodic('7 * * * *'),
  // SST expiries at 30, 15 and 0 days (bell).
  'sst-alerts': periodic('*/30 * * * *'),
  // PTs whose shift ended without being closed become expiradas.
  'pt-expiry': periodic('*/5 * * * *', 5 * 60),
  // Fleet, inventory and EPI alerts of the day (bell), then the alert log's old rows.
  'field-alerts': periodic('*/30 * * * *'),
} satisfies Record<string, QueueSpec>;

export type JobName = keyof typeof JOB_SPECS;
