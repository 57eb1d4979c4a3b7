import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rolesFor } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/profile/meus-dados: the signed-in person's LGPD export ("Meus dados", a ZIP). */
export const lgpdRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.lgpdExport;

  app.get('/', {
    preHandler: requireRoles(rolesFor('/profile')),
    // Each export reads every table and streams every file of the person: a few a day are
    // plenty, and a loop of them would load the database.
    config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: byUser } },
    schema: {
      tags: ['profile'],
      summary: 'Baixar meus dados (LGPD): um ZIP com um JSON por área e os arquivos da pessoa',
    },
    handler: async (req, reply) => {
      const file = await service.export(currentUser(req), req.ip);
      return reply
        .type('application/zip')
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  });
};
