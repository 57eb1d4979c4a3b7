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
  // Preventive OSs of the maintenance plans, opened ahead (modules/assets/assets-plans.generate.ts).
  'asset-plans': periodic('23 * * * *'),
  // The daily e-mail digest at 07:00 company time (modules/email-digest), once per person and day.
  'email-digest': periodic('0 7 * * *'),
  // One e-mail (email_outbox row) by SMTP: 8 attempts over ~2 h (30 s, 1 min, 2 min, ...).
  'email-send': { retryLimit: 7, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  // A notification's push: writes one 'push-deliver' job per device of the people.
  'push-send': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 60 },
  // One push to one device: 6 attempts over ~10 min; a device gone (404/410) is forgotten.
  'push-deliver': { retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  // One webhook delivery (modules/webhooks): 11 attempts over ~24 h (1-2 min, 2-4 min, ...,
  // the last ~8.5-17 h after the one before it: pg-boss doubles the delay, with jitter).
  'webhook-deliver': { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 60 },
  // Stored files whose row let go of them (lib/storage-cleanup.ts): ~4 h of retries.
  'storage-remove': { retryLimit: 8, retryDelay: 60, retryBackoff: true, expireInSeconds: 120 },
} satisfies Record<string, QueueSpec>;

export type JobName = keyof typeof JOB_SPECS;
