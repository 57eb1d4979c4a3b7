import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldIdParams, meterReadingBody, meterResponse, rolesFor } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

/**
 * /api/tatico/ativos/:id/horimetro: the asset's hour meter readings (docs/assets.md). The
 * agenda's roles of the asset's contract read and record them (the technician at the asset).
 */
export const assetMeterRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.assetMeter;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const tags = ['ativos'];

  app.get('/:id/horimetro', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: meterResponse } },
    handler: async (req) => service.list(currentUser(req), req.params.id),
  });

  app.post('/:id/horimetro', {
    preHandler: screen,
    schema: {
      tags,
      params: fieldIdParams,
      body: meterReadingBody,
      response: { 201: meterResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.record(currentUser(req), req.params.id, req.body)),
  });
};
