import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { avatarUrlResponse, currentUser as currentUserSchema, positiveId } from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { serialize } from '../../lib/read-cache.ts';
import { currentUser, type SessionUser } from '../../plugins/auth.ts';
import { avatarUrl, toCurrentUser } from './users.mapper.ts';
import { createUsersRepo } from './users.repo.ts';

/** /api/users: the signed-in user and avatar images. */
export const usersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  // The session's user object lives as long as its cache entry (5 s): its answer is encoded once.
  const answers = new WeakMap<SessionUser, string>();
  app.get('/me', {
    schema: { tags: ['users'], response: { 200: currentUserSchema } },
    handler: async (req, reply) => {
      const u = currentUser(req);
      let json = answers.get(u);
      if (json === undefined) {
        json = serialize(currentUserSchema, toCurrentUser({ ...u, role: u.rawType }));
        answers.set(u, json);
      }
      // Already encoded with currentUserSchema: a JSON string skips the serializer.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  });

  app.get('/profile/avatar', {
    schema: { tags: ['users'], response: { 200: avatarUrlResponse } },
    handler: async (req) => {
      const u = currentUser(req);
      return { url: avatarUrl(u) };
    },
  });

  app.get('/:id/avatar-image', {
    schema: { tags: ['users'], params: z.object({ id: positiveId }) },
    handler: async (req, reply) => {
      const avatarPath = await createUsersRepo(deps.database.db).avatarPath(req.params.id);
      if (!avatarPath || !(await deps.storage.exists(avatarPath))) {
        throw notFound('Avatar');
      }
      const ext = avatarPath.split('.').pop();
      const type = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
      return reply
        .type(type)
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .send(deps.storage.get(avatarPath));
    },
  });
};
