import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportQuery,
  fieldAlertsResponse,
  fieldIdParams,
  inventoryItemBody,
  inventoryItemPatchBody,
  inventoryListChangesQuery,
  inventoryListChangesResponse,
  inventoryListQuery,
  inventoryListResponse,
  itemDetailResponse,
  movementBody,
  movementListQuery,
  movementListResponse,
  rolesFor,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { sendExport } from '../../lib/export/send-export.ts';

/** /api/tatico/inventario: items, movements, alerts and exports (screen /tatico/frota). */
export const inventoryRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.inventory;
  const preHandler = requireRoles(rolesFor('/tatico/frota'));
  const tags = ['inventario'];
  const today = () => todayIn(deps.config.COMPANY_TIME_ZONE);

  app.get('/itens', {
    preHandler,
    schema: { tags, querystring: inventoryListQuery, response: { 200: inventoryListResponse } },
    handler: async (req) => service.list(req.query),
  });

  app.get('/itens/changes', {
    preHandler,
    schema: {
      tags,
      querystring: inventoryListChangesQuery,
      response: { 200: inventoryListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.listChanges(req.query);
    },
  });

  app.get('/itens/export', {
    preHandler,
    schema: { tags, querystring: exportQuery },
    handler: async (req, reply) =>
      sendExport(reply, await service.exportItems(req.query.format), `inventario-${today()}`),
  });

  app.post('/itens', {
    preHandler,
    schema: { tags, body: inventoryItemBody, response: { 201: itemDetailResponse } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.get('/itens/:id', {
    preHandler,
    schema: { tags, params: fieldIdParams, response: { 200: itemDetailResponse } },
    handler: async (req) => service.get(req.params.id),
  });

  app.patch('/itens/:id', {
    preHandler,
    schema: {
      tags,
      params: fieldIdParams,
      body: inventoryItemPatchBody,
      response: { 200: itemDetailResponse },
    },
    handler: async (req) => service.update(req.params.id, req.body),
  });

  app.post('/itens/:id/movimentacoes', {
    preHandler,
    schema: {
      tags,
      params: fieldIdParams,
      body: movementBody,
      response: { 201: itemDetailResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.move(currentUser(req), req.params.id, req.body)),
  });

  app.get('/movimentacoes', {
    preHandler,
    schema: { tags, querystring: movementListQuery, response: { 200: movementListResponse } },
    handler: async (req) => service.movements(req.query),
  });

  app.get('/movimentacoes/export', {
    preHandler,
    schema: { tags, querystring: exportQuery },
    handler: async (req, reply) =>
      sendExport(
        reply,
        await service.exportMovements(req.query.format),
        `movimentacoes-${today()}`,
      ),
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
