import {
  entityIdParams,
  muralParticipantBody,
  muralParticipantListResponse,
  muralParticipantParams,
  okResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['murals'];

/** /api/eproto/murals/{id}/participants. */
export const muralParticipantsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const people = app.services.muralParticipants;

  app.get('/:id/participants', {
    schema: { tags, params: entityIdParams, response: { 200: muralParticipantListResponse } },
    handler: async (req) => people.list(currentUser(req), req.params.id),
  });

  app.post('/:id/participants', {
    schema: {
      tags,
      params: entityIdParams,
      body: muralParticipantBody,
      response: { 201: muralParticipantListResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await people.add(currentUser(req), req.params.id, req.body.user_id)),
  });

  app.delete('/:id/participants/:userId', {
    schema: { tags, params: muralParticipantParams, response: { 200: okResponse } },
    handler: async (req) => {
      await people.remove(currentUser(req), req.params.id, req.params.userId);
      return { ok: true as const };
    },
  });
};
