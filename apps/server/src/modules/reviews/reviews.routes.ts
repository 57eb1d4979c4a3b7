import {
  entityIdParams,
  reviewApproveBody,
  reviewChangesQuery,
  reviewChangesResponse,
  reviewCountQuery,
  reviewCountResponse,
  reviewDecisionResponse,
  reviewListQuery,
  reviewListResponse,
  reviewMuralListResponse,
  reviewMuralsQuery,
  reviewRejectBody,
  rolesFor,
  TOTAL_COUNT_HEADER,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

const tags = ['reviews'];
const reviewers = requireRoles(rolesFor('/eproto/reviews'));

/** /api/eproto/reviews (SPEC.md §7 "Reviews"); the count answers 0 to roles that do not review. */
export const reviewsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { reviews } = app.services;

  app.get('/', {
    preHandler: reviewers,
    schema: { tags, querystring: reviewListQuery, response: { 200: reviewListResponse } },
    handler: async (req, reply) => {
      const { items, total } = await reviews.list(currentUser(req), req.query);
      reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
        .header('cache-control', 'no-cache');
      return items;
    },
  });

  app.get('/changes', {
    preHandler: reviewers,
    schema: { tags, querystring: reviewChangesQuery, response: { 200: reviewChangesResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return reviews.changes(currentUser(req), req.query);
    },
  });

  app.get('/count', {
    schema: { tags, querystring: reviewCountQuery, response: { 200: reviewCountResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return reviews.count(currentUser(req), req.query);
    },
  });

  app.get('/murals', {
    preHandler: reviewers,
    schema: { tags, querystring: reviewMuralsQuery, response: { 200: reviewMuralListResponse } },
    handler: async (req) => reviews.murals(currentUser(req), req.query.contract_id),
  });

  app.patch('/:id/approve', {
    preHandler: reviewers,
    schema: {
      tags,
      params: entityIdParams,
      body: reviewApproveBody,
      response: { 200: reviewDecisionResponse },
    },
    handler: async (req) => reviews.approve(currentUser(req), req.params.id, req.body?.comment),
  });

  app.patch('/:id/reject', {
    preHandler: reviewers,
    schema: {
      tags,
      params: entityIdParams,
      body: reviewRejectBody,
      response: { 200: reviewDecisionResponse },
    },
    handler: async (req) => reviews.reject(currentUser(req), req.params.id, req.body.comment),
  });
};
