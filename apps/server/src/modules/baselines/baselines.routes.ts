import {
  baselineCreateBody,
  baselineDetailResponse,
  baselineListQuery,
  baselineListResponse,
  baselineSummarySchema,
  entityIdParams,
  okResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

/** /api/eproto/baselines: named snapshots of a demand's plan and their variance. */
export const baselinesRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.baselines;
  const tags = ['baselines'];

  app.get('/', {
    schema: { tags, querystring: baselineListQuery, response: { 200: baselineListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query.mural_id),
  });

  app.post('/', {
    schema: { tags, body: baselineCreateBody, response: { 201: baselineSummarySchema } },
    handler: async (req, reply) => {
      reply.code(201);
      return service.create(currentUser(req), req.body);
    },
  });

  app.get('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: baselineDetailResponse } },
    handler: async (req) => service.detail(currentUser(req), req.params.id),
  });

  app.delete('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { ok: true as const };
    },
  });
};
