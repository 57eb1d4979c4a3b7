import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldIdParams,
  OS_TEMPLATE_ROLES,
  osCreateBody,
  osDetailSchema,
  osFromAgendaBody,
  osIdParams,
  osListQuery,
  osListResponse,
  osPatchBody,
  rolesFor,
  serviceTypeBody,
  serviceTypeListQuery,
  serviceTypeListResponse,
  serviceTypeSchema,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { createServiceOrdersService } from './service-orders.service.ts';
import { createServiceTypesService } from './service-types.service.ts';

/**
 * /api/tatico/os: service orders (screen /tatico/agenda, tab "Ordens de serviço"). Gestores
 * plan and manage the OSs of their contracts; the team runs them from "Minha agenda". The
 * route list with payloads is in docs/api/service-orders.md.
 */
export const serviceOrdersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const orders = createServiceOrdersService(deps);
  const typesService = createServiceTypesService(deps);
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const templates = requireRoles(
    rolesFor('/tatico/agenda').filter((r) => OS_TEMPLATE_ROLES.includes(r)),
  );
  const tags = ['ordens de serviço'];

  // ---------------------------------------------------------------- service types

  app.get('/tipos', {
    preHandler: screen,
    schema: { tags, querystring: serviceTypeListQuery, response: { 200: serviceTypeListResponse } },
    handler: async (req) => typesService.list(req.query.ativos === 'true'),
  });

  app.get('/tipos/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: serviceTypeSchema } },
    handler: async (req) => typesService.get(req.params.id),
  });

  app.post('/tipos', {
    preHandler: templates,
    schema: { tags, body: serviceTypeBody, response: { 201: serviceTypeSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await typesService.create(currentUser(req), req.body)),
  });

  app.put('/tipos/:id', {
    preHandler: templates,
    schema: {
      tags,
      params: fieldIdParams,
      body: serviceTypeBody,
      response: { 200: serviceTypeSchema },
    },
    handler: async (req) => typesService.update(currentUser(req), req.params.id, req.body),
  });

  // ---------------------------------------------------------------- OS

  app.get('/', {
    preHandler: screen,
    schema: { tags, querystring: osListQuery, response: { 200: osListResponse } },
    handler: async (req) => orders.list(currentUser(req), req.query),
  });

  app.post('/', {
    preHandler: screen,
    schema: { tags, body: osCreateBody, response: { 201: osDetailSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await orders.create(currentUser(req), req.body)),
  });

  app.post('/da-agenda', {
    preHandler: screen,
    schema: { tags, body: osFromAgendaBody, response: { 201: osDetailSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await orders.fromAgenda(currentUser(req), req.body)),
  });

  app.get('/:id', {
    preHandler: screen,
    schema: { tags, params: osIdParams, response: { 200: osDetailSchema } },
    handler: async (req) => orders.get(currentUser(req), req.params.id),
  });

  app.patch('/:id', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osPatchBody, response: { 200: osDetailSchema } },
    handler: async (req) => orders.patch(currentUser(req), req.params.id, req.body),
  });
};
