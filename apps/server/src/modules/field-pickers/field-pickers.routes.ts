import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldPeopleResponse,
  inventoryListQuery,
  inventoryListResponse,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { listFieldPeople } from '../users/people.ts';

/**
 * /api/tatico/agenda/opcoes: read-only pickers of the field team's own screens (the OS run on
 * the phone), open to everyone of the agenda screen, equipe included: the inventory items to
 * record as materials of an OS and the people who can join its team as helpers. Same answers
 * as the gestores' lists (/tatico/inventario/itens, /tatico/pessoas); nothing is written here.
 */
export const fieldPickersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const inventory = app.services.inventory;
  const preHandler = requireRoles(rolesFor('/tatico/agenda'));
  const tags = ['agenda'];

  app.get('/materiais', {
    preHandler,
    schema: { tags, querystring: inventoryListQuery, response: { 200: inventoryListResponse } },
    handler: async (req) => inventory.list(req.query),
  });

  app.get('/pessoas', {
    preHandler,
    schema: { tags, response: { 200: fieldPeopleResponse } },
    handler: async () => ({ items: await listFieldPeople(deps.database.db) }),
  });
};
