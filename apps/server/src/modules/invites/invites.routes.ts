import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createInviteBody,
  inviteListQuery,
  inviteListResponse,
  inviteOutboxResponse,
  inviteSchema,
  positiveId,
  rolesFor,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

const params = z.object({ id: positiveId });

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/invites: invitations of the /users/invite screen (ti, administrador). */
export const invitesRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.invites;
  const preHandler = requireRoles(rolesFor('/users/invite'));
  const tags = ['invites'];
  const mailLimit = { rateLimit: { max: 30, timeWindow: '15 minutes', keyGenerator: byUser } };

  app.get('/', {
    preHandler,
    schema: { tags, querystring: inviteListQuery, response: { 200: inviteListResponse } },
    handler: async (req) => service.list(req.query.status === 'pendente'),
  });

  // Reading invitation links is for ti only (same access as the activity log).
  app.get('/outbox', {
    preHandler: requireRoles(rolesFor('/users/activity')),
    schema: { tags, response: { 200: inviteOutboxResponse } },
    handler: async () => service.outbox(),
  });

  app.post('/', {
    preHandler,
    config: mailLimit,
    schema: { tags, body: createInviteBody, response: { 201: inviteSchema } },
    handler: async (req, reply) => {
      const invite = await service.create(currentUser(req), req.body);
      return reply.status(201).send(invite);
    },
  });

  app.post('/:id/resend', {
    preHandler,
    config: mailLimit,
    schema: { tags, params, response: { 200: inviteSchema } },
    handler: async (req) => service.resend(currentUser(req), req.params.id),
  });

  app.delete('/:id', {
    preHandler,
    schema: { tags, params, response: { 200: inviteSchema } },
    handler: async (req) => service.revoke(req.params.id),
  });
};
