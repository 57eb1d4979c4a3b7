import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_MB,
  changePasswordBody,
  messageResponse,
  profileSchema,
  rolesFor,
  updateProfileBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/profile: the signed-in user's own profile (every role). */
export const profileRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.profile;
  const preHandler = requireRoles(rolesFor('/profile'));
  const tags = ['profile'];

  app.get('/', {
    preHandler,
    schema: { tags, response: { 200: profileSchema } },
    handler: async (req) => service.get(currentUser(req)),
  });

  app.patch('/', {
    preHandler,
    schema: { tags, body: updateProfileBody, response: { 200: profileSchema } },
    handler: async (req) => service.update(currentUser(req), req.body),
  });

  app.post('/avatar', {
    preHandler,
    config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: byUser } },
    schema: { tags, response: { 200: profileSchema } },
    handler: async (req) => {
      const part = await req.file({ limits: { fileSize: AVATAR_MAX_MB * 1_048_576 } });
      if (!part) throw new AppError('VALIDATION', 'Envie uma imagem.', 'file');
      return service.setAvatar(currentUser(req), await part.toBuffer());
    },
  });

  app.delete('/avatar', {
    preHandler,
    schema: { tags, response: { 200: profileSchema } },
    handler: async (req) => service.removeAvatar(currentUser(req)),
  });

  app.post('/password', {
    preHandler,
    config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: byUser } },
    schema: { tags, body: changePasswordBody, response: { 200: messageResponse } },
    handler: async (req) => {
      await service.changePassword(currentUser(req), req.body);
      return { message: 'Senha alterada. As outras sessões foram encerradas.' };
    },
  });
};
