import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldIdParams,
  osSstCheckBody,
  osSstCheckResponse,
  osSstOverridesResponse,
  rolesFor,
  serviceTypeSstBody,
  serviceTypeSstSchema,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';

/**
 * /api/tatico/sst: SST requirements of service orders (issue 20 point 2). The requirement set
 * of a service type (read by everyone on the agenda, written by who edits service types), the
 * pre-check of an OS team and the overrides written on an OS.
 */
export const sstOsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.sstOs;
  const agendaRoles = rolesFor('/tatico/agenda');
  const screen = requireRoles(agendaRoles);
  const templates = requirePermission('os.template');
  const tags = ['sst'];

  app.get('/tipos-servico/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: serviceTypeSstSchema } },
    handler: async (req) => service.forServiceType(req.params.id),
  });

  app.put('/tipos-servico/:id', {
    preHandler: templates,
    schema: {
      tags,
      params: fieldIdParams,
      body: serviceTypeSstBody,
      response: { 200: serviceTypeSstSchema },
    },
    handler: async (req) =>
      service.setForServiceType(currentUser(req), req.params.id, req.body.tipo_atividade_id),
  });

  app.post('/os/verificar', {
    preHandler: screen,
    schema: { tags, body: osSstCheckBody, response: { 200: osSstCheckResponse } },
    handler: async (req) => service.check(currentUser(req), req.body),
  });

  app.get('/os/:id/liberacoes', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: osSstOverridesResponse } },
    handler: async (req) => service.overrides(currentUser(req), req.params.id),
  });
};
