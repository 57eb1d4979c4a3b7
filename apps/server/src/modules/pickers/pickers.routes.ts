import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldPeopleQuery,
  fieldPeopleResponse,
  inventoryListQuery,
  inventoryListResponse,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { requireRoles } from '../../plugins/auth.ts';
import { listFieldPeople } from '../users/people.ts';

/**
 * The field pickers' lists, one endpoint each, read by every role of the agenda screen (equipe
 * picks materials and helpers on the OS run; the gestores pick drivers, holders, EPI employees,
 * APR teams). The vehicles and contracts pickers read their own screens' lists
 * (/tatico/frota/veiculos, /eproto/contracts). Nothing is written here.
 */
export const pickersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const inventory = app.services.inventory;
  const preHandler = requireRoles(rolesFor('/tatico/agenda'));
  const tags = ['pickers'];

  // Active people; `?q=` is the list search (the EPI fichas' "Buscar colaborador").
  app.get('/pessoas', {
    preHandler,
    schema: { tags, querystring: fieldPeopleQuery, response: { 200: fieldPeopleResponse } },
    handler: async (req) => ({ items: await listFieldPeople(deps.database.db, req.query.q) }),
  });

  // Inventory items with their stock, to record as materials of an OS.
  app.get('/materiais', {
    preHandler,
    schema: { tags, querystring: inventoryListQuery, response: { 200: inventoryListResponse } },
    handler: async (req) => inventory.list(req.query),
  });
};
