import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agendaEntryBody,
  agendaEntrySchema,
  agendaListQuery,
  agendaListResponse,
  agendaStatusBody,
  conflictCheckBody,
  conflictListResponse,
  fieldIdParams,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { writeTimes } from '../../plugins/device-time.ts';

/**
 * /api/tatico/agenda (screen /tatico/agenda). Gestores plan (agenda.manage); everyone on
 * the screen sees "minha agenda" and starts/finishes the entries they are part of. The
 * service (with the OS of each entry from the service-orders module) is built in
 * app/services.ts.
 */
export const agendaRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.agenda;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const manage = requirePermission('agenda.manage');
  const tags = ['agenda'];

  app.get('/', {
    preHandler: manage,
    schema: { tags, querystring: agendaListQuery, response: { 200: agendaListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query),
  });

  app.get('/minha', {
    preHandler: screen,
    schema: { tags, querystring: agendaListQuery, response: { 200: agendaListResponse } },
    handler: async (req) => service.mine(currentUser(req), req.query),
  });

  app.post('/conflitos', {
    preHandler: manage,
    schema: { tags, body: conflictCheckBody, response: { 200: conflictListResponse } },
    handler: async (req) => service.conflicts(currentUser(req), req.body),
  });

  app.post('/', {
    preHandler: manage,
    schema: { tags, body: agendaEntryBody, response: { 201: agendaEntrySchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.get('/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: agendaEntrySchema } },
    handler: async (req) => service.get(currentUser(req), req.params.id),
  });

  app.put('/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: agendaEntryBody,
      response: { 200: agendaEntrySchema },
    },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });

  app.post('/:id/status', {
    preHandler: screen,
    schema: {
      tags,
      params: fieldIdParams,
      body: agendaStatusBody,
      response: { 200: agendaEntrySchema },
    },
    handler: async (req) =>
      service.setStatus(currentUser(req), req.params.id, req.body.status, writeTimes(req)),
  });
};
