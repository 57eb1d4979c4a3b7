import {
  entityIdParams,
  timesheetApproveBody,
  timesheetEntryBody,
  timesheetExportQuery,
  timesheetOptionsResponse,
  timesheetReopenBody,
  timesheetTeamQuery,
  timesheetTeamResponse,
  timesheetWeekQuery,
  timesheetWeekResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/** /api/eproto/horas: weekly timesheets ("Horas" tab of /eproto/gantt). */
export const timesheetsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.timesheets;
  const tags = ['timesheets'];
  const approver = requirePermission('timesheets.approve');

  app.get('/semana', {
    schema: { tags, querystring: timesheetWeekQuery, response: { 200: timesheetWeekResponse } },
    handler: async (req) => service.week(currentUser(req), req.query.semana, req.query.user_id),
  });

  app.get('/equipe', {
    preHandler: approver,
    schema: { tags, querystring: timesheetTeamQuery, response: { 200: timesheetTeamResponse } },
    handler: async (req) => service.team(currentUser(req), req.query.semana),
  });

  app.get('/opcoes', {
    schema: { tags, response: { 200: timesheetOptionsResponse } },
    handler: async (req) => service.options(currentUser(req)),
  });

  app.post('/lancamentos', {
    schema: { tags, body: timesheetEntryBody, response: { 201: timesheetWeekResponse } },
    handler: async (req, reply) => {
      reply.code(201);
      return service.addEntry(currentUser(req), req.body);
    },
  });

  app.delete('/lancamentos/:id', {
    schema: { tags, params: entityIdParams, response: { 200: timesheetWeekResponse } },
    handler: async (req) => service.removeEntry(currentUser(req), req.params.id),
  });

  app.post('/semanas/aprovar', {
    preHandler: approver,
    schema: { tags, body: timesheetApproveBody, response: { 200: timesheetWeekResponse } },
    handler: async (req) => service.approve(currentUser(req), req.body),
  });

  app.post('/semanas/reabrir', {
    preHandler: approver,
    schema: { tags, body: timesheetReopenBody, response: { 200: timesheetWeekResponse } },
    handler: async (req) => service.reopen(currentUser(req), req.body),
  });

  app.get('/exportar', {
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags, querystring: timesheetExportQuery },
    handler: async (req, reply) => {
      const { file, name } = await service.exportXlsx(currentUser(req), req.query);
      return sendExport(reply, file, name);
    },
  });
};
