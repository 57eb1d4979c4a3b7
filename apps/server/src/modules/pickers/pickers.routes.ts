import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  contractFilterQuery,
  contractListResponse,
  fieldPeopleQuery,
  fieldPeopleResponse,
  inventoryListQuery,
  inventoryListResponse,
  rolesFor,
  vehicleListQuery,
  vehicleListResponse,
  type Role,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { peopleScopeSql } from '../access/scope.service.ts';
import { listFieldPeople } from '../users/people.ts';

/**
 * The screens whose forms and filters pick a contract: agenda, OS and assets (/tatico/agenda),
 * frota's cost forms, the SST matrix (/tatico/epi), requests and invitations. Financeiro picks none.
 */
const CONTRACT_PICKER_SCREENS = [
  '/tatico/agenda',
  '/tatico/frota',
  '/tatico/epi',
  '/solicitacoes',
  '/users/invite',
] as const;
const contractPickerRoles: readonly Role[] = [
  ...new Set(CONTRACT_PICKER_SCREENS.flatMap((s) => rolesFor(s))),
];

/**
 * The field pickers' lists, one endpoint each. People and materials are read by every role of
 * the agenda screen (equipe picks materials and helpers on the OS run; the gestores pick
 * drivers, holders, EPI employees, APR teams); vehicles by the fleet's roles (the agenda and
 * the new OS book one); contracts by every screen that picks one, each caller's contracts only
 * (the scope of /eproto/contracts). Nothing is written here.
 */
export const pickersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const inventory = app.services.inventory;
  const preHandler = requireRoles(rolesFor('/tatico/agenda'));
  const tags = ['pickers'];

  // Active people who share a contract with the caller (all of them for who sees every
  // contract); `?q=` is the list search (the EPI fichas' "Buscar colaborador").
  app.get('/pessoas', {
    preHandler,
    schema: { tags, querystring: fieldPeopleQuery, response: { 200: fieldPeopleResponse } },
    handler: async (req) => ({
      items: await listFieldPeople(deps.database.db, peopleScopeSql(currentUser(req)), req.query.q),
    }),
  });

  // Every vehicle (inactive ones too: the web hides them); same roles as /tatico/frota.
  app.get('/veiculos', {
    preHandler: requireRoles(rolesFor('/tatico/frota')),
    schema: { tags, querystring: vehicleListQuery, response: { 200: vehicleListResponse } },
    handler: async (req) => app.services.fleet.list(req.query),
  });

  // The caller's contracts, every status (the web keeps "ativo" or drops "encerrado").
  app.get('/contratos', {
    preHandler: requireRoles(contractPickerRoles),
    schema: { tags, querystring: contractFilterQuery, response: { 200: contractListResponse } },
    handler: async (req) =>
      app.services.contracts.list(currentUser(req), req.query.q, req.query.status),
  });

  // Inventory items with their stock, to record as materials of an OS.
  app.get('/materiais', {
    preHandler,
    schema: { tags, querystring: inventoryListQuery, response: { 200: inventoryListResponse } },
    handler: async (req) => inventory.list(req.query),
  });
};
