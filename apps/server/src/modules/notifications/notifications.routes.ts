import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationListQuery, notificationListResponse, okResponse } from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createNotificationsService } from './notifications.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** /api/eproto/notifications: the bell. */
export const notificationsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = createNotificationsService(deps);

  app.get('/', {
    schema: {
      tags: ['notifications'],
      querystring: notificationListQuery,
      response: { 200: notificationListResponse },
    },
    handler: async (req) =>
      service.list(currentUser(req).id, req.query.limit, req.query.unread === 'true'),
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
