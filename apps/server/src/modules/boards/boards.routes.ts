import {
  boardCreateBody,
  boardListQuery,
  boardListResponse,
  boardParticipantBody,
  boardParticipantListResponse,
  boardParticipantParams,
  boardSchema,
  boardUpdateBody,
  entityIdParams,
  okResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['boards'];

/** /api/eproto/boards (SPEC.md §7 "Boards"). */
export const boardsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.boards;

  app.get('/', {
    schema: { tags, querystring: boardListQuery, response: { 200: boardListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query.contract_id),
  });

  app.post('/', {
    schema: { tags, body: boardCreateBody, response: { 201: boardSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.get('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: boardSchema } },
    handler: async (req) => service.get(currentUser(req), req.params.id),
  });

  app.patch('/:id', {
    schema: { tags, params: entityIdParams, body: boardUpdateBody, response: { 200: boardSchema } },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });

  app.delete('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.remove(currentUser(req), req.params.id);
      return { ok: true as const };
    },
  });

  app.get('/:id/participants', {
    schema: { tags, params: entityIdParams, response: { 200: boardParticipantListResponse } },
    handler: async (req) => service.participants(currentUser(req), req.params.id),
  });

  app.post('/:id/participants', {
    schema: {
      tags,
      params: entityIdParams,
      body: boardParticipantBody,
      response: { 201: boardParticipantListResponse },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.addParticipant(currentUser(req), req.params.id, req.body.user_key)),
  });

  app.delete('/:id/participants/:key', {
    schema: { tags, params: boardParticipantParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.removeParticipant(currentUser(req), req.params.id, req.params.key);
      return { ok: true as const };
    },
  });
};
