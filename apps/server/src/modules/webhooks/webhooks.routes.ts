import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entityIdParams,
  okResponse,
  webhookCreateBody,
  webhookDeliveriesQuery,
  webhookDeliveriesResponse,
  webhookDeliveryParams,
  webhookDeliverySchema,
  webhookListResponse,
  webhookSchema,
  webhookSecretResponse,
  webhookUpdateBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/** /api/integrations/webhooks: ti's signed webhooks (docs/integrations.md). */
export const webhooksRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.webhooks;
  const preHandler = requirePermission('integrations.manage');
  const tags = ['integrações'];

  app.get('/', {
    preHandler,
    schema: { tags, response: { 200: webhookListResponse } },
    handler: async () => service.list(),
  });

  app.post('/', {
    preHandler,
    schema: { tags, body: webhookCreateBody, response: { 201: webhookSecretResponse } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req).id, req.body)),
  });

  app.patch('/:id', {
    preHandler,
    schema: {
      tags,
      params: entityIdParams,
      body: webhookUpdateBody,
      response: { 200: webhookSchema },
    },
    handler: async (req) => service.update(req.params.id, req.body),
  });

  app.delete('/:id', {
    preHandler,
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.remove(req.params.id);
      return { ok: true as const };
    },
  });

  app.post('/:id/segredo', {
    preHandler,
    schema: { tags, params: entityIdParams, response: { 200: webhookSecretResponse } },
    handler: async (req) => service.rotate(req.params.id),
  });

  app.get('/:id/entregas', {
    preHandler,
    schema: {
      tags,
      params: entityIdParams,
      querystring: webhookDeliveriesQuery,
      response: { 200: webhookDeliveriesResponse },
    },
    handler: async (req) => service.deliveries(req.params.id, req.query.page, req.query.perPage),
  });

  app.post('/:id/entregas/:deliveryId/reenviar', {
    preHandler,
    schema: { tags, params: webhookDeliveryParams, response: { 200: webhookDeliverySchema } },
    handler: async (req) => service.resend(req.params.id, req.params.deliveryId),
  });
};
