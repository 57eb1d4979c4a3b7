import {
  contractCostListQuery,
  contractCostListResponse,
  contractCostQuery,
  contractCostResponse,
  costRateBody,
  costRatesResponse,
  entityIdParams,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/** /api/eproto/custos: hourly cost rates and the cost of a contract (permission contracts.cost). */
export const costsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.costs;
  const tags = ['costs'];
  const preHandler = requirePermission('contracts.cost');

  app.get('/taxas', {
    preHandler,
    schema: { tags, response: { 200: costRatesResponse } },
    handler: async () => service.rates(),
  });

  app.post('/taxas', {
    preHandler,
    schema: { tags, body: costRateBody, response: { 201: costRatesResponse } },
    handler: async (req, reply) => {
      reply.code(201);
      return service.addRate(currentUser(req), req.body);
    },
  });

  app.delete('/taxas/:id', {
    preHandler,
    schema: { tags, params: entityIdParams, response: { 200: costRatesResponse } },
    handler: async (req) => service.removeRate(req.params.id),
  });

  app.get('/contratos', {
    preHandler,
    schema: {
      tags,
      querystring: contractCostListQuery,
      response: { 200: contractCostListResponse },
    },
    handler: async (req) => service.contractCosts(currentUser(req), req.query),
  });

  app.get('/contratos/:id', {
    preHandler,
    schema: {
      tags,
      params: entityIdParams,
      querystring: contractCostQuery,
      response: { 200: contractCostResponse },
    },
    handler: async (req) => service.contractCost(currentUser(req), req.params.id, req.query),
  });

  app.get('/contratos/:id/exportar', {
    preHandler,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags, params: entityIdParams, querystring: contractCostQuery },
    handler: async (req, reply) => {
      const { file, name } = await service.exportXlsx(currentUser(req), req.params.id, req.query);
      return sendExport(reply, file, name);
    },
  });
};
