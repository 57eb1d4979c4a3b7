import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityExportQuery,
  activityListResponse,
  activityQuery,
  rolesFor,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/activity: the activity log of the /users/activity screen (ti only). */
export const activityRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.activity;
  const preHandler = requireRoles(rolesFor('/users/activity'));
  const tags = ['activity'];

  app.get('/', {
    preHandler,
    schema: { tags, querystring: activityQuery, response: { 200: activityListResponse } },
    handler: async (req) => service.list(req.query),
  });

  app.get('/export', {
    preHandler,
    config: { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: byUser } },
    schema: { tags, querystring: activityExportQuery },
    handler: async (req, reply) => {
      const { format, ...filter } = req.query;
      const file = await service.export(filter, format);
      const name = `atividade-${todayIn(deps.config.COMPANY_TIME_ZONE)}.${file.extension}`;
      return reply
        .type(file.contentType)
        .header('Content-Disposition', `attachment; filename="${name}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
};
