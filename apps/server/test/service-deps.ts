import path from 'node:path';
import { createAccess } from '../src/app/access.ts';
import type { Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import type { ServiceDeps } from '../src/deps.ts';
import type { EventBus } from '../src/lib/events.ts';
import { localStorage } from '../src/lib/storage.ts';
import { createNotificationsService } from '../src/modules/notifications/notifications.service.ts';

/**
 * The ServiceDeps buildApp hands to every service, built by hand for a test that runs a service
 * or a job directly: a second node on its own database connection, a fixed clock, a mail
 * recorder. `over` replaces any part.
 */
export function serviceDepsOf(
  node: { config: Config; database: Database; events: EventBus },
  over: Partial<ServiceDeps> = {},
): ServiceDeps {
  return {
    config: node.config,
    database: node.database,
    events: node.events,
    storage: localStorage(path.join(node.config.dataDir, 'uploads')),
    mailer: () => Promise.resolve(),
    access: createAccess(node),
    notifications: createNotificationsService(node),
    ...over,
  };
}
