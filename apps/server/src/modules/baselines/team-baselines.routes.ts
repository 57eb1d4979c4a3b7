import {
  entityIdParams,
  okResponse,
  teamBaselineCreateBody,
  teamBaselineDetailResponse,
  teamBaselineListQuery,
  teamBaselineListResponse,
  teamBaselineSummarySchema,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/** /api/eproto/team/baselines: named snapshots of a team's Gantt and their variance. */
export const teamBaselinesRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.teamBaselines;
  const tags = ['baselines'];
  const preHandler = requirePermission('team.baselines');

  app.get('/', {
    schema: {
      tags,
      querystring: teamBaselineListQuery,
      response: { 200: teamBaselineListResponse },
    },
    preHandler,
    handler: async (req) => service.list(currentUser(req), req.query.coordenador_id),
  });

  app.post('/', {
    schema: { tags, body: teamBaselineCreateBody, response: { 201: teamBaselineSummarySchema } },
    preHandler,
    handler: async (req, reply) => {
      reply.code(201);
      return service.create(currentUser(req), req.body);
    },
  });

  app.get('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: teamBaselineDetailResponse } },
    preHandler,
    handler: async (req) => service.detail(currentUser(req), req.params.id),
  });

  app.delete('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    preHandler,
    handler: async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { ok: true as const };
    },
  });
};
