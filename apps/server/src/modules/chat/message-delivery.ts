import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import type { AppEvent } from '../../lib/events.ts';
import {
  createNotificationsService,
  type NotifyInput,
} from '../notifications/notifications.service.ts';

/**
 * Stores a chat message (direct or room) and, when someone is mentioned, their notification in
 * one transaction; after commit it pushes `event` to the open tabs and rings the bells.
 */
export async function deliverMessage<M>(
  deps: ServiceDeps,
  store: (tx: DbOrTx) => Promise<M>,
  mention: Omit<NotifyInput, 'type'> | null,
  event: (message: M) => AppEvent,
): Promise<M> {
  const notifications = createNotificationsService(deps);
  const { message, publishMention } = await deps.database.db.transaction(async (tx) => ({
    message: await store(tx),
    publishMention: mention
      ? await notifications.notify({ ...mention, type: 'mention' }, tx)
      : null,
  }));
  await deps.events.publish(event(message));
  await publishMention?.();
  return message;
}
