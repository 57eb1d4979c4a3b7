import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envioIdParams, envioListQuery, envioListResponse, rolesFor } from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';

/** /api/deliveries: e-mails and pushes on the job queue, for ti (tab of /users/activity). */
export const deliveriesRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.deliveries;
  const ti = requireRoles(rolesFor('/users/activity'));
  const tags = ['deliveries'];

  app.get('/', {
    preHandler: ti,
    schema: { tags, querystring: envioListQuery, response: { 200: envioListResponse } },
    handler: async (req) => service.list(req.query),
  });

  app.post('/:id/reenviar', {
    preHandler: ti,
    schema: {
      tags,
      params: envioIdParams,
      response: { 200: z.object({ ok: z.literal(true) }) },
    },
    handler: async (req) => {
      await service.retry(req.params.id);
      return { ok: true as const };
    },
  });
};
