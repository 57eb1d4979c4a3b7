import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkinBody,
  checkoutBody,
  exportQuery,
  fieldAlertsResponse,
  fieldIdParams,
  fuelBody,
  kmCorrectionBody,
  maintenanceBody,
  maintenanceFinishBody,
  maintenanceStartBody,
  positiveId,
  rolesFor,
  todayIn,
  vehicleBody,
  vehicleDetailResponse,
  vehicleListChangesQuery,
  vehicleListChangesResponse,
  vehicleListQuery,
  vehicleListResponse,
  vehiclePatchBody,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { sendExport } from '../../lib/export/send-export.ts';

const maintenanceParams = z.object({
  id: positiveId,
  mid: positiveId,
});

/** /api/tatico/frota: vehicles, maintenance, fuel, check-out/check-in (screen /tatico/frota). */
export const fleetRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.fleet;
  const preHandler = requireRoles(rolesFor('/tatico/frota'));
  const tags = ['frota'];
  const detail = { 200: vehicleDetailResponse };

  app.get('/veiculos', {
    preHandler,
    schema: { tags, querystring: vehicleListQuery, response: { 200: vehicleListResponse } },
    handler: async (req) => service.list(req.query),
  });

  app.get('/veiculos/changes', {
    preHandler,
    schema: {
      tags,
      querystring: vehicleListChangesQuery,
      response: { 200: vehicleListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.listChanges(req.query);
    },
  });

  app.get('/veiculos/export', {
    preHandler,
    schema: { tags, querystring: exportQuery },
    handler: async (req, reply) => {
      const file = await service.export(req.query.format);
      return sendExport(reply, file, `frota-${todayIn(deps.config.COMPANY_TIME_ZONE)}`);
    },
  });

  app.post('/veiculos', {
    preHandler,
    schema: { tags, body: vehicleBody, response: { 201: vehicleDetailResponse } },
    handler: async (req, reply) => reply.status(201).send(await service.create(req.body)),
  });

  app.get('/veiculos/:id', {
    preHandler,
    schema: { tags, params: fieldIdParams, response: detail },
    handler: async (req) => service.get(req.params.id),
  });

  app.patch('/veiculos/:id', {
    preHandler,
    schema: { tags, params: fieldIdParams, body: vehiclePatchBody, response: detail },
    handler: async (req) => service.update(req.params.id, req.body),
  });

  app.post('/veiculos/:id/manutencoes', {
    preHandler,
    schema: {
      tags,
      params: fieldIdParams,
      body: maintenanceBody,
      response: { 201: vehicleDetailResponse },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.addMaintenance(currentUser(req), req.params.id, req.body)),
  });

  app.post('/veiculos/:id/manutencoes/:mid/iniciar', {
    preHandler,
    schema: { tags, params: maintenanceParams, body: maintenanceStartBody, response: detail },
    handler: async (req) =>
      service.startMaintenance(req.params.id, req.params.mid, req.body.observacao),
  });

  app.post('/veiculos/:id/manutencoes/:mid/concluir', {
    preHandler,
    schema: { tags, params: maintenanceParams, body: maintenanceFinishBody, response: detail },
    handler: async (req) => service.finishMaintenance(req.params.id, req.params.mid, req.body),
  });

  app.post('/veiculos/:id/abastecimentos', {
    preHandler,
    schema: {
      tags,
      params: fieldIdParams,
      body: fuelBody,
      response: { 201: vehicleDetailResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.addFuel(currentUser(req), req.params.id, req.body)),
  });

  app.post('/veiculos/:id/checkout', {
    preHandler,
    schema: { tags, params: fieldIdParams, body: checkoutBody, response: detail },
    handler: async (req) => service.checkout(currentUser(req), req.params.id, req.body),
  });

  app.post('/veiculos/:id/checkin', {
    preHandler,
    schema: { tags, params: fieldIdParams, body: checkinBody, response: detail },
    handler: async (req) => service.checkin(currentUser(req), req.params.id, req.body),
  });

  app.post('/veiculos/:id/correcoes-km', {
    preHandler: requirePermission('fleet.km.correct'),
    schema: {
      tags,
      params: fieldIdParams,
      body: kmCorrectionBody,
      response: { 201: vehicleDetailResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.correctKm(currentUser(req), req.params.id, req.body)),
  });

  app.get('/alertas', {
    preHandler,
    schema: { tags, response: { 200: fieldAlertsResponse } },
    handler: async () => {
      const items = await service.alerts();
      return { items, total: items.length };
    },
  });
};
