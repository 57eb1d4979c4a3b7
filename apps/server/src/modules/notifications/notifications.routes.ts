import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationListQuery,
  notificationListResponse,
  okResponse,
  positiveId,
  RT_EVENTS,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { answerOf, ReadCache, sendAnswer, serialize } from '../../lib/read-cache.ts';
import { currentUser } from '../../plugins/auth.ts';

const idParams = z.object({ id: positiveId });

/** /api/eproto/notifications: the bell. */
export const notificationsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.notifications;
  // Each person's bell, kept serialized until their next notification/read event (any node);
  // ttlMs bounds how long an author's renamed name may stay.
  const bells = new ReadCache({
    ttlMs: 60_000,
    maxBytes: deps.config.CACHE_NOTIFICATIONS_MB * 1_048_576,
    staleOn: (e) =>
      e.type === RT_EVENTS.notification || e.type === RT_EVENTS.notificationRead
        ? (e.userIds ?? 'all')
        : null,
  });
  const stop = bells.follow(deps.events);
  app.addHook('onClose', async () => stop());

  app.get('/', {
    schema: {
      tags: ['notifications'],
      querystring: notificationListQuery,
      response: { 200: notificationListResponse },
    },
    handler: async (req, reply) => {
      const userId = currentUser(req).id;
      const { limit, unread, before, updated_since } = req.query;
      const build = async () =>
        answerOf(
          serialize(
            notificationListResponse,
            await service.list(userId, limit, unread === 'true', before, updated_since),
          ),
        );
      // The first page is what the bell polls: kept; older pages and syncs are read on demand.
      const answer =
        before || updated_since
          ? await build()
          : await bells.get(userId, `${limit}|${unread ?? ''}`, build);
      // Already encoded with notificationListResponse: bytes skip the serializer.
      return sendAnswer(req, reply, answer);
    },
  });

  app.patch('/read-all', {
    schema: { tags: ['notifications'], response: { 200: okResponse } },
    handler: async (req) => {
      await service.markAllRead(currentUser(req).id);
      return { ok: true as const };
    },
  });

  app.patch('/:id/read', {
    schema: {
      tags: ['notifications'],
      params: idParams,
      response: { 200: okResponse, 404: z.any() },
    },
    handler: async (req) => {
      await service.markRead(currentUser(req).id, req.params.id);
      return { ok: true as const };
    },
  });
};
