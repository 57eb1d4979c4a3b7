import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { EventBus } from './lib/events.ts';
import type { Mailer } from './lib/mailer.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { HostLookup, OutboundGuard } from './lib/outbound-url.ts';
import type { Storage } from './lib/storage.ts';
import type { Access } from './app/access.ts';
import type { UnrecordedWrite } from './plugins/audit.ts';
import type { PushSender } from './modules/push/push-sender.ts';
import type { NotificationsService } from './modules/notifications/notifications.service.ts';

/** Everything the app needs from the outside; tests build it with their own database. */
export interface AppDeps {
  config: Config;
  database: Database;
  events: EventBus;
  storage: Storage;
  /** Defaults to SMTP/outbox; tests pass a recorder. */
  mailer?: Mailer;
  /** The background-work queue (default: one on DATABASE_DIRECT_URL, made by buildApp). */
  jobs?: JobQueue;
  /** Where the log goes (default stdout); tests capture it. */
  logStream?: { write(line: string): void };
  /** DNS of outbound URLs (push endpoints); default getaddrinfo, tests answer their own. */
  outboundLookup?: HostLookup;
  /**
   * Hears of each successful write request that changed data outside a transaction, so without
   * its activity row (plugins/audit.ts); the server tests fail on it (test/audit-guard.ts).
   */
  onUnrecordedWrite?: (write: UnrecordedWrite) => void;
}

/** Dependencies handed to every module service. */
export type ServiceDeps = Required<
  Omit<AppDeps, 'logStream' | 'jobs' | 'outboundLookup' | 'onUnrecordedWrite'>
> & {
  /** The job queue (buildApp makes it; hand-built deps in tests may leave it out). */
  jobs?: JobQueue;
  /** Web Push to the phones (buildApp makes it; hand-built deps in tests may leave it out). */
  push?: PushSender;
  /** The outbound-URL guard (buildApp makes it from config.outboundAllowList). */
  outbound?: OutboundGuard;
  /** The per-entity access seam (app/access.ts), built once by buildApp. */
  access: Access;
  /** Notifications (bell, push), built once by buildApp; every area notifies through it. */
  notifications: NotificationsService;
};
