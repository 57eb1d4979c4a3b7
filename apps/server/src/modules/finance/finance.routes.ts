import {
  entityIdParams,
  financeCounterResponse,
  financeItemSchema,
  financeListChangesQuery,
  financeListChangesResponse,
  financeListQuery,
  financeListResponse,
  financeSendBody,
  TOTAL_COUNT_HEADER,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['financeiro'];

/** /api/eproto/financeiro (SPEC.md §7 "Finance"). */
export const financeRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { finance } = app.services;

  app.get('/murals', {
    schema: { tags, querystring: financeListQuery, response: { 200: financeListResponse } },
    handler: async (req, reply) => {
      const { items, total } = await finance.list(currentUser(req), req.query);
      reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
        .header('cache-control', 'no-cache');
      return items;
    },
  });

  app.get('/murals/changes', {
    schema: {
      tags,
      querystring: financeListChangesQuery,
      response: { 200: financeListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return finance.listChanges(currentUser(req), req.query);
    },
  });

  app.get('/contador', {
    schema: { tags, response: { 200: financeCounterResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return finance.counters(currentUser(req));
    },
  });

  app.get('/murals/:id', {
    schema: { tags, params: entityIdParams, response: { 200: financeItemSchema } },
    handler: async (req) => finance.item(currentUser(req), req.params.id),
  });

  app.post('/murals/:id/send', {
    schema: {
      tags,
      params: entityIdParams,
      body: financeSendBody,
      response: { 200: financeItemSchema },
    },
    handler: async (req) =>
      finance.send(currentUser(req), req.params.id, req.body?.observacao ?? undefined),
  });

  app.post('/murals/:id/view', {
    schema: { tags, params: entityIdParams, response: { 200: financeItemSchema } },
    handler: async (req) => finance.view(currentUser(req), req.params.id),
  });

  app.post('/murals/:id/done', {
    schema: { tags, params: entityIdParams, response: { 200: financeItemSchema } },
    handler: async (req) => finance.done(currentUser(req), req.params.id),
  });
};
