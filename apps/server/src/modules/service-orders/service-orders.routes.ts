import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  fieldIdParams,
  osAddendumBody,
  osAnswerBody,
  osConcludeBody,
  osCreateBody,
  osDetailSchema,
  osExportQuery,
  osFromAgendaBody,
  osIdParams,
  osKmBody,
  osListQuery,
  osListResponse,
  osMaterialBody,
  osPatchBody,
  osPhotoListResponse,
  osPhotoPatchBody,
  osSendReportBody,
  osSendReportResponse,
  osStepBody,
  osSubParams,
  osTeamBody,
  rolesFor,
  seesOsCost,
  serviceTypeBody,
  serviceTypeListQuery,
  serviceTypeListResponse,
  serviceTypeSchema,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { sendFile } from '../../lib/file-http.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { withDeviceTime as stamped } from '../../plugins/device-time.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { exportOrders } from './service-order-export.ts';

/**
 * /api/tatico/os: service orders (screen /tatico/agenda, tab "Ordens de serviço"). Gestores
 * plan and manage the OSs of their contracts; the team runs them from "Minha agenda". The
 * route list with payloads is in docs/api/service-orders.md.
 */
export const serviceOrdersRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const {
    serviceOrders: orders,
    osSteps: steps,
    osResources: resources,
    osPhotos: photos,
    osConclude: closing,
    serviceTypes: typesService,
  } = app.services;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const templates = requirePermission('os.template');
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

  app.get('/exportar', {
    preHandler: screen,
    config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { tags, querystring: osExportQuery },
    handler: async (req, reply) => {
      const { format, ...filters } = req.query;
      const u = currentUser(req);
      const rows = await orders.all(u, filters);
      return sendExport(
        reply,
        await exportOrders(format, rows, deps.config.COMPANY_TIME_ZONE, seesOsCost(u.type)),
        'ordens-de-servico',
      );
    },
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

  // ---------------------------------------------------------------- the team's work

  const detail = { 200: osDetailSchema };

  app.post('/:id/etapas', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osStepBody, response: detail },
    handler: async (req) => steps.step(currentUser(req), req.params.id, stamped(req, req.body)),
  });

  app.put('/:id/checklist/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams, body: osAnswerBody, response: detail },
    handler: async (req) =>
      steps.answer(currentUser(req), req.params.id, req.params.subId, stamped(req, req.body)),
  });

  app.post('/:id/equipe', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osTeamBody, response: detail },
    handler: async (req) =>
      steps.addPerson(currentUser(req), req.params.id, stamped(req, req.body)),
  });

  app.delete('/:id/equipe/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams, response: detail },
    handler: async (req) =>
      steps.removePerson(currentUser(req), req.params.id, req.params.subId, stamped(req, {})),
  });

  app.post('/:id/fotos', {
    preHandler: screen,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags, params: osIdParams, response: { 201: osPhotoListResponse } },
    handler: async (req, reply) =>
      reply.status(201).send(await photos.upload(currentUser(req), req.params.id, req)),
  });

  app.get('/:id/fotos/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams },
    handler: async (req, reply) =>
      sendFile(
        reply,
        await photos.download(currentUser(req), req.params.id, req.params.subId),
        'private, max-age=3600',
      ),
  });

  app.get('/:id/fotos/:subId/miniatura', {
    preHandler: screen,
    schema: { tags, params: osSubParams },
    handler: async (req, reply) =>
      sendFile(
        reply,
        await photos.thumbnail(currentUser(req), req.params.id, req.params.subId),
        'private, max-age=3600',
      ),
  });

  app.patch('/:id/fotos/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams, body: osPhotoPatchBody, response: detail },
    handler: async (req) =>
      photos.patch(currentUser(req), req.params.id, req.params.subId, stamped(req, req.body)),
  });

  app.delete('/:id/fotos/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams },
    handler: async (req, reply) => {
      await photos.remove(currentUser(req), req.params.id, req.params.subId, stamped(req, {}));
      return reply.status(204).send();
    },
  });

  app.post('/:id/materiais', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osMaterialBody, response: { 201: osDetailSchema } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await resources.addMaterial(currentUser(req), req.params.id, stamped(req, req.body))),
  });

  app.delete('/:id/materiais/:subId', {
    preHandler: screen,
    schema: { tags, params: osSubParams, response: detail },
    handler: async (req) =>
      resources.removeMaterial(currentUser(req), req.params.id, req.params.subId, stamped(req, {})),
  });

  app.post('/:id/km', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osKmBody, response: detail },
    handler: async (req) => resources.km(currentUser(req), req.params.id, stamped(req, req.body)),
  });

  app.post('/:id/concluir', {
    preHandler: screen,
    bodyLimit: 2_097_152,
    schema: { tags, params: osIdParams, body: osConcludeBody, response: detail },
    handler: async (req) =>
      closing.conclude(
        currentUser(req),
        req.params.id,
        stamped(req, req.body),
        req.headers['user-agent'],
      ),
  });

  app.get('/:id/assinatura', {
    preHandler: screen,
    schema: { tags, params: osIdParams },
    handler: async (req, reply) => {
      const { stream } = await closing.signature(currentUser(req), req.params.id);
      return sendFile(reply, { stream, mimeType: 'image/png', fileName: 'assinatura.png' });
    },
  });

  app.get('/:id/relatorio.pdf', {
    preHandler: screen,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags, params: osIdParams },
    handler: async (req, reply) => {
      const { codigo, pdf } = await closing.report(currentUser(req), req.params.id);
      return sendFile(reply, {
        stream: Readable.from(pdf),
        mimeType: 'application/pdf',
        fileName: `relatorio-${codigo}.pdf`,
        size: pdf.length,
      });
    },
  });

  app.post('/:id/enviar-relatorio', {
    preHandler: screen,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags,
      params: osIdParams,
      body: osSendReportBody,
      response: { 200: osSendReportResponse },
    },
    handler: async (req) => closing.sendReport(currentUser(req), req.params.id, req.body),
  });

  // The customer's link stops working at once (a new sending makes a new one).
  app.post('/:id/relatorio-link/revogar', {
    preHandler: screen,
    config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: { tags, params: osIdParams, response: { 200: osDetailSchema } },
    handler: async (req) => closing.revokeLink(currentUser(req), req.params.id),
  });

  app.post('/:id/adendos', {
    preHandler: screen,
    schema: { tags, params: osIdParams, body: osAddendumBody, response: { 201: osDetailSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await closing.addendum(currentUser(req), req.params.id, req.body)),
  });
};
