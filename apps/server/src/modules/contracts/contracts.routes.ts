import {
  contractAccessResponse,
  contractChangesQuery,
  contractChangesResponse,
  contractCreateBody,
  contractListQuery,
  contractListResponse,
  contractSchema,
  entityIdParams,
  okResponse,
  rolesFor,
  TOTAL_COUNT_HEADER,
  userContractCreateBody,
  userContractListQuery,
  userContractListResponse,
  userContractSchema,
  userSearchQuery,
  userSearchResponse,
  contractUpdateBody,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import './contracts.invite-hook.ts';

/** Contract administration is the /contracts screen's (ti). */
const ADMIN = requireRoles(rolesFor('/contracts'));
const tags = ['contracts'];

/** /api/eproto: contracts, user-contracts and users/search (SPEC.md §7 "Contracts"). */
export const contractsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.contracts;

  app.get('/contracts', {
    schema: { tags, querystring: contractListQuery, response: { 200: contractListResponse } },
    handler: async (req, reply) => {
      const { q, status, page, perPage } = req.query;
      if (perPage === undefined) return service.list(currentUser(req), q, status);
      const found = await service.page(currentUser(req), { q, status, page, perPage });
      reply.header(TOTAL_COUNT_HEADER, String(found.total));
      return found.items;
    },
  });

  app.get('/contracts/changes', {
    schema: { tags, querystring: contractChangesQuery, response: { 200: contractChangesResponse } },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      const { q, status, updated_since: since } = req.query;
      return service.changes(currentUser(req), since, q, status);
    },
  });

  app.get('/contracts/access', {
    schema: { tags, response: { 200: contractAccessResponse } },
    handler: async (req) => service.access(currentUser(req)),
  });

  app.post('/contracts', {
    preHandler: ADMIN,
    schema: { tags, body: contractCreateBody, response: { 201: contractSchema } },
    handler: async (req, reply) => {
      const created = await service.create(currentUser(req), req.body);
      return reply.status(201).send(created);
    },
  });

  app.patch('/contracts/:id', {
    preHandler: ADMIN,
    schema: {
      tags,
      params: entityIdParams,
      body: contractUpdateBody,
      response: { 200: contractSchema },
    },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });

  app.get('/user-contracts', {
    schema: {
      tags,
      querystring: userContractListQuery,
      response: { 200: userContractListResponse },
    },
    handler: async (req) => service.links(currentUser(req), req.query),
  });

  app.post('/user-contracts', {
    preHandler: ADMIN,
    schema: { tags, body: userContractCreateBody, response: { 201: userContractSchema } },
    handler: async (req, reply) => {
      const link = await service.link(currentUser(req), req.body.user_id, req.body.contract_id);
      return reply.status(201).send(link);
    },
  });

  app.delete('/user-contracts/:id', {
    preHandler: ADMIN,
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.unlink(req.params.id);
      return { ok: true as const };
    },
  });

  app.get('/users/search', {
    schema: { tags, querystring: userSearchQuery, response: { 200: userSearchResponse } },
    handler: async (req) =>
      service.searchUsers(currentUser(req), req.query.q, req.query.contract_id, req.query.limit),
  });
};
