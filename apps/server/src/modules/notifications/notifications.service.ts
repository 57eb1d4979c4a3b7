import {
  NOTIFICATION_TEXT_MAX,
  type Notification,
  type NotificationReadData,
  type NotificationType,
  RT_EVENTS,
} from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { ServiceDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { pushPayloadOf } from '../push/push.service.ts';
import { createNotificationsRepo, type NotificationInsert } from './notifications.repo.ts';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';

export interface NotifyInput {
  userIds: number[];
  type: NotificationType;
  authorId?: number | null;
  muralId?: number | null;
  protocolId?: number | null;
  texto?: string | null;
  customText?: string | null;
  /** App path the bell opens when there is no demand or task (a request, a ticket, EPI...). */
  link?: string | null;
}

/** Rows per INSERT of notifyMany (9 parameters a row, under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2_000;
/** People per event of notifyMany: a NOTIFY payload must stay under 8,000 bytes. */
const EVENT_CHUNK = 500;

/** The stored row of a notification to one person. */
function rowOf(input: NotifyInput, userId: number): NotificationInsert {
  return {
    userId,
    type: input.type,
    authorId: input.authorId ?? null,
    muralId: input.muralId ?? null,
    protocolId: input.protocolId ?? null,
    // Long enough for a whole comment: the bell shows it in full on demand.
    texto: input.texto?.slice(0, NOTIFICATION_TEXT_MAX) ?? null,
    customText: input.customText?.slice(0, NOTIFICATION_TEXT_MAX) ?? null,
    link: input.link ?? null,
  };
}

/**
 * Notifications for every area: notify() respects each user's preferences, and the kinds in
 * PUSH_RULES also go to the phones of those who turned pushes on.
 */
export function createNotificationsService(
  deps: Pick<ServiceDeps, 'database' | 'events' | 'push'>,
) {
  const repo = createNotificationsRepo(deps.database.db);

  return {
    /**
     * Creates notifications (inside tx when given) and returns a function that pushes them
     * to the open tabs; call it after the transaction commits.
     */
    async notify(input: NotifyInput, tx?: DbOrTx): Promise<() => Promise<void>> {
      const r = tx ? createNotificationsRepo(tx) : repo;
      const targets = [...new Set(input.userIds)].filter((id) => id !== input.authorId);
      // The preferences are read by the insert itself: one statement.
      const { userId: _nobody, ...row } = rowOf(input, 0);
      const wanted = await r.insertForWanted(row, targets);
      const push = pushPayloadOf(input);
      // A job in the same transaction: pushed only if it commits, by a worker (a slow or failing
      // push service never holds up the write).
      if (push && wanted.length) await deps.push?.enqueue(tx ?? deps.database.db, wanted, push);
      const publish = async () => {
        if (wanted.length) {
          await deps.events.publish({
            type: RT_EVENTS.notification,
            userIds: wanted,
            data: { type: input.type },
          });
        }
      };
      if (!tx) await publish();
      return publish;
    },

    /**
     * Many notifications at once (a scheduled job's batch): one read of the people's
     * preferences, inserts of INSERT_CHUNK rows, and after commit one event per kind with the
     * people told (in chunks that fit a NOTIFY payload), instead of three statements and an
     * event per item. Returns the publish function, as notify() does.
     */
    async notifyMany(inputs: NotifyInput[], tx: DbOrTx): Promise<() => Promise<void>> {
      const r = createNotificationsRepo(tx);
      const targets = [...new Set(inputs.flatMap((i) => i.userIds))];
      const prefs = new Map((await r.prefsOf(targets)).map((p) => [p.id, p]));
      const sends = inputs.map((input) => ({
        input,
        wanted: [...new Set(input.userIds)].filter((id) => {
          const p = prefs.get(id);
          return id !== input.authorId && p?.active && p.prefs[input.type] !== false;
        }),
      }));
      const rows = sends.flatMap(({ input, wanted }) =>
        wanted.map((userId) => rowOf(input, userId)),
      );
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        await r.insertMany(rows.slice(i, i + INSERT_CHUNK));
      }
      for (const { input, wanted } of sends) {
        const push = pushPayloadOf(input);
        if (push && wanted.length) await deps.push?.enqueue(tx, wanted, push);
      }
      return async () => {
        const told = new Map<NotificationType, Set<number>>();
        for (const { input, wanted } of sends) {
          if (wanted.length === 0) continue;
          const set = told.get(input.type) ?? new Set<number>();
          for (const id of wanted) set.add(id);
          told.set(input.type, set);
        }
        for (const [type, ids] of told) {
          const all = [...ids];
          for (let i = 0; i < all.length; i += EVENT_CHUNK) {
            await deps.events.publish({
              type: RT_EVENTS.notification,
              userIds: all.slice(i, i + EVENT_CHUNK),
              data: { type },
            });
          }
        }
      };
    },

    /**
     * The bell, newest first. The first page answers `cursor`; with `updatedSince` only its
     * notifications created or read since, and `ids` (the page in order: the phone drops the
     * ones that fell off it).
     */
    async list(
      userId: number,
      limit: number,
      onlyUnread: boolean,
      before?: number,
      updatedSince?: string,
    ) {
      const cursor = before ? undefined : nextSyncCursor();
      const ids = updatedSince ? await repo.pageIds(userId, limit, onlyUnread) : undefined;
      const [rows, unread] = await Promise.all([
        ids && updatedSince
          ? ids.length === 0
            ? []
            : repo.list(userId, limit, onlyUnread, undefined, {
                ids,
                since: new Date(updatedSince).toISOString(),
              })
          : repo.list(userId, limit, onlyUnread, before),
        repo.unreadCount(userId),
      ]);
      const items: Notification[] = rows.map(({ author_avatar_path, ...n }) => ({
        ...n,
        read_at: n.read_at?.toISOString() ?? null,
        created_at: n.created_at.toISOString(),
        author_nome: n.author_nome ?? null,
        author_email: n.author_email ?? null,
        author_avatar:
          author_avatar_path && n.author_id ? `/api/users/${n.author_id}/avatar-image` : null,
      }));
      return { items, unread, cursor, ids };
    },

    /**
     * Marks one read. The event carries what the bell shows (NotificationReadData: the id, its
     * read_at and the unread count now), so the person's open tabs patch it without a read.
     */
    async markRead(userId: number, id: number) {
      // In a transaction of its own: the request's audit row commits with it (plugins/audit.ts).
      const read = await deps.database.db.transaction(async (tx) => {
        const r = createNotificationsRepo(tx);
        const at = await r.markRead(userId, id);
        return at && { at, unread: await r.unreadCount(userId) };
      });
      if (!read) throw notFound('Aviso');
      const data: NotificationReadData = {
        id,
        read_at: read.at.toISOString(),
        unread: read.unread,
      };
      await deps.events.publish({ type: RT_EVENTS.notificationRead, userIds: [userId], data });
    },

    async markAllRead(userId: number) {
      // In a transaction of its own: the request's audit row commits with it (plugins/audit.ts).
      const read = await deps.database.db.transaction(async (tx) => {
        const r = createNotificationsRepo(tx);
        const at = await r.markAllRead(userId);
        return { at, unread: await r.unreadCount(userId) };
      });
      const data: NotificationReadData = {
        all: true,
        read_at: read.at.toISOString(),
        unread: read.unread,
      };
      await deps.events.publish({ type: RT_EVENTS.notificationRead, userIds: [userId], data });
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
