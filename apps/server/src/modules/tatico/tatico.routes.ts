import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldPeopleResponse, rolesFor } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { listFieldPeople } from '../users/people.ts';

/** /api/tatico: what the tactical screens share (the people pickers). */
export const taticoRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  app.get('/pessoas', {
    preHandler: requireRoles(rolesFor('/tatico/frota')),
    schema: { tags: ['tatico'], response: { 200: fieldPeopleResponse } },
    handler: async () => ({ items: await listFieldPeople(deps.database.db) }),
  });
};
