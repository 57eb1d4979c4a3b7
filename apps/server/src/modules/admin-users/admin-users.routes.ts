import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminUser,
  adminUserParams,
  anonymizeUserBody,
  messageResponse,
  rolesFor,
  updateUserBody,
  userListQuery,
  userListResponse,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission, requireRoles } from '../../plugins/auth.ts';

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/users administration calls of the /users screen (ti, administrador). */
export const adminUsersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.adminUsers;
  const preHandler = requireRoles(rolesFor('/users'));
  const tags = ['admin-users'];

  app.get('/', {
    preHandler,
    schema: { tags, querystring: userListQuery, response: { 200: userListResponse } },
    handler: async (req) => service.list(req.query),
  });

  app.patch('/:id', {
    preHandler,
    schema: { tags, params: adminUserParams, body: updateUserBody, response: { 200: adminUser } },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });

  app.post('/:id/deactivate', {
    preHandler,
    schema: { tags, params: adminUserParams, response: { 200: adminUser } },
    handler: async (req) => service.setActive(currentUser(req), req.params.id, false),
  });

  app.post('/:id/reactivate', {
    preHandler,
    schema: { tags, params: adminUserParams, response: { 200: adminUser } },
    handler: async (req) => service.setActive(currentUser(req), req.params.id, true),
  });

  // LGPD: only ti, only a deactivated account, with the name typed as confirmation.
  app.post('/:id/anonimizar', {
    preHandler: requirePermission('users.anonymize'),
    schema: {
      tags,
      params: adminUserParams,
      body: anonymizeUserBody,
      response: { 200: adminUser },
    },
    handler: async (req) => service.anonymize(req.params.id, req.body.confirmacao),
  });

  app.post('/:id/password-reset', {
    preHandler,
    config: { rateLimit: { max: 20, timeWindow: '15 minutes', keyGenerator: byUser } },
    schema: { tags, params: adminUserParams, response: { 200: messageResponse } },
    handler: async (req) => {
      await service.sendPasswordReset(req.params.id, req.ip);
      return { message: 'Link de redefinição de senha enviado.' };
    },
  });
};
