import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okResponse,
  positiveId,
  pushDeviceListResponse,
  pushDeviceSchema,
  pushPublicKeyResponse,
  pushSubscribeBody,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const idParams = z.object({ id: positiveId });

/** /api/push: the VAPID public key and the signed-in person's devices that receive pushes. */
export const pushRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.pushDevices;
  const tags = ['push'];

  app.get('/public-key', {
    schema: { tags, response: { 200: pushPublicKeyResponse } },
    handler: async () => ({ public_key: await service.publicKey() }),
  });

  app.get('/subscriptions', {
    schema: { tags, response: { 200: pushDeviceListResponse } },
    handler: async (req) => service.list(currentUser(req).id),
  });

  app.post('/subscriptions', {
    schema: { tags, body: pushSubscribeBody, response: { 201: pushDeviceSchema } },
    handler: async (req, reply) => {
      const device = await service.subscribe(
        currentUser(req).id,
        req.body,
        req.headers['user-agent'],
      );
      return reply.status(201).send(device);
    },
  });

  app.delete('/subscriptions/:id', {
    schema: { tags, params: idParams, response: { 200: okResponse, 404: z.any() } },
    handler: async (req) => {
      await service.remove(currentUser(req).id, req.params.id);
      return { ok: true as const };
    },
  });
};
