import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldPeopleQuery, fieldPeopleResponse, rolesFor } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { listFieldPeople } from '../users/people.ts';

/** /api/tatico: what the tactical screens share (the people pickers, `?q=` the EPI fichas' search). */
export const taticoRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  app.get('/pessoas', {
    preHandler: requireRoles(rolesFor('/tatico/frota')),
    schema: {
      tags: ['tatico'],
      querystring: fieldPeopleQuery,
      response: { 200: fieldPeopleResponse },
    },
    handler: async (req) => ({ items: await listFieldPeople(deps.database.db, req.query.q) }),
  });
};
