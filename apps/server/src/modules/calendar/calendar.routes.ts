import {
  dayOffBody,
  dayOffListResponse,
  dayOffSchema,
  entityIdParams,
  holidayCitiesResponse,
  nonWorkingDaysQuery,
  nonWorkingDaysResponse,
  okResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/**
 * /api/calendario: the working calendar. Any signed-in user reads it (the Gantt and the
 * calendar shade days off); ti and diretoria keep the company's days off (calendar.manage).
 */
export const calendarRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.calendar;
  const tags = ['calendario'];
  const manage = requirePermission('calendar.manage');

  app.get('/dias-nao-uteis', {
    schema: {
      tags,
      querystring: nonWorkingDaysQuery,
      response: { 200: nonWorkingDaysResponse },
    },
    handler: async (req) => service.nonWorkingDays(currentUser(req), req.query),
  });

  app.get('/municipios', {
    schema: { tags, response: { 200: holidayCitiesResponse } },
    handler: async () => service.cities(),
  });

  app.get('/folgas', {
    schema: { tags, response: { 200: dayOffListResponse } },
    handler: async () => service.listDaysOff(),
  });

  app.post('/folgas', {
    preHandler: manage,
    schema: { tags, body: dayOffBody, response: { 201: dayOffSchema } },
    handler: async (req, reply) => {
      reply.code(201);
      return service.createDayOff(currentUser(req), req.body);
    },
  });

  app.delete('/folgas/:id', {
    preHandler: manage,
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.removeDayOff(req.params.id);
      return { ok: true as const };
    },
  });
};
