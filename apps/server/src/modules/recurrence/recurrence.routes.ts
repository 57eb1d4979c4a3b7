import {
  concludeAndAdvanceResponse,
  entityIdParams,
  recurrenceBasesQuery,
  recurrenceCreateBody,
  recurrenceInstanceListResponse,
  recurrenceListResponse,
  recurrenceSchema,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['recurrence'];

/** /api/eproto/recurrence (SPEC.md §7 "Recurrence"). */
export const recurrenceRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { recurrence: series, recurrenceAdvance: advance } = app.services;

  app.post('/', {
    schema: { tags, body: recurrenceCreateBody, response: { 201: recurrenceSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await series.create(currentUser(req), req.body)),
  });

  app.get('/bases', {
    schema: { tags, querystring: recurrenceBasesQuery, response: { 200: recurrenceListResponse } },
    handler: async (req) => series.bases(currentUser(req), req.query.board_id),
  });

  app.get('/mural/:id', {
    schema: { tags, params: entityIdParams, response: { 200: recurrenceSchema } },
    handler: async (req) => series.byMural(currentUser(req), req.params.id),
  });

  app.patch('/mural/:id/conclude', {
    schema: { tags, params: entityIdParams, response: { 200: recurrenceSchema } },
    handler: async (req) => series.concludeByMural(currentUser(req), req.params.id),
  });

  app.get('/:id/instances', {
    schema: { tags, params: entityIdParams, response: { 200: recurrenceInstanceListResponse } },
    handler: async (req) => series.instances(currentUser(req), req.params.id),
  });

  app.patch('/:id/conclude', {
    schema: { tags, params: entityIdParams, response: { 200: recurrenceSchema } },
    handler: async (req) => series.conclude(currentUser(req), req.params.id),
  });

  app.delete('/:id', {
    schema: { tags, params: entityIdParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await series.remove(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/v2/murals/:id/conclude-and-advance', {
    schema: { tags, params: entityIdParams, response: { 200: concludeAndAdvanceResponse } },
    handler: async (req) => advance.concludeAndAdvance(currentUser(req), req.params.id),
  });
};
