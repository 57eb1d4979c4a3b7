import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityTypeBody,
  activityTypeListResponse,
  activityTypeSchema,
  asoBody,
  asoSchema,
  cnhBody,
  cnhSchema,
  fieldAlertsResponse,
  fieldIdParams,
  matrixExportQuery,
  matrixQuery,
  matrixResponse,
  periodicityBody,
  rolesFor,
  rolesWith,
  teamCheckBody,
  teamCheckResponse,
  trainingBody,
  trainingListResponse,
  trainingPatchBody,
  trainingRecordBody,
  trainingRecordSchema,
  trainingSchema,
  userIdParams,
  workerSstSchema,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { readAttachmentForm, sendFile } from '../../lib/file-http.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { createSstAlerts } from './sst-alerts.ts';
import { discloseReasons } from './sst-disclosure.ts';
import { createSstGate } from './sst-gate.ts';
import { createSstMatrix } from './sst-matrix.ts';

/**
 * /api/tatico/sst (tabs of the screen /tatico/epi). Everyone on the screen reads the catalogue,
 * the activity types and their own records; SST gestores record trainings and CNHs; ASOs are
 * health data, recorded by gerente/diretoria and read in full only by aso.health.read and the
 * worker (ti reads a worker's file through the API for LGPD requests).
 */
export const sstRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.sst;
  const gate = createSstGate(deps);
  const matrix = createSstMatrix(deps);
  const screenRoles = rolesFor('/tatico/epi');
  const screen = requireRoles(screenRoles);
  const manage = requirePermission('sst.manage');
  const health = requirePermission('aso.record');
  const reader = requireRoles([...new Set([...screenRoles, ...rolesWith('aso.health.read')])]);
  const tags = ['sst'];

  app.get('/treinamentos', {
    preHandler: screen,
    schema: {
      tags,
      querystring: z.object({ todos: z.enum(['true', 'false']).optional() }),
      response: { 200: trainingListResponse },
    },
    handler: async (req) => service.trainings(req.query.todos === 'true'),
  });

  app.post('/treinamentos', {
    preHandler: manage,
    schema: { tags, body: trainingBody, response: { 201: trainingSchema } },
    handler: async (req, reply) => reply.status(201).send(await service.createTraining(req.body)),
  });

  app.patch('/treinamentos/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: trainingPatchBody,
      response: { 200: trainingSchema },
    },
    handler: async (req) => service.updateTraining(req.params.id, req.body),
  });

  app.post('/registros', {
    preHandler: manage,
    schema: { tags, body: trainingRecordBody, response: { 201: trainingRecordSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.addRecord(currentUser(req), req.body)),
  });

  app.post('/registros/:id/certificado', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, response: { 200: trainingRecordSchema } },
    handler: async (req) => service.attachCertificate(req.params.id, await readAttachmentForm(req)),
  });

  app.get('/registros/:id/certificado', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams },
    handler: async (req, reply) =>
      sendFile(reply, await service.certificate(currentUser(req), req.params.id)),
  });

  app.post('/asos', {
    preHandler: health,
    schema: { tags, body: asoBody, response: { 201: asoSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.addAso(currentUser(req), req.body)),
  });

  app.get('/minhas', {
    preHandler: screen,
    schema: { tags, response: { 200: workerSstSchema } },
    handler: async (req) => service.worker(currentUser(req), currentUser(req).id, req.ip),
  });

  app.get('/pessoas/:userId', {
    preHandler: reader,
    schema: { tags, params: userIdParams, response: { 200: workerSstSchema } },
    handler: async (req) => service.worker(currentUser(req), req.params.userId, req.ip),
  });

  app.put('/pessoas/:userId/periodicidade', {
    preHandler: health,
    schema: { tags, params: userIdParams, body: periodicityBody, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await service.setPeriodicity(req.params.userId, req.body.aso_periodicidade_meses);
      return reply.status(204).send(null);
    },
  });

  app.put('/pessoas/:userId/cnh', {
    preHandler: manage,
    schema: { tags, params: userIdParams, body: cnhBody, response: { 200: cnhSchema } },
    handler: async (req) => service.setCnh(currentUser(req), req.params.userId, req.body),
  });

  app.get('/tipos-atividade', {
    preHandler: screen,
    schema: {
      tags,
      querystring: z.object({ todos: z.enum(['true', 'false']).optional() }),
      response: { 200: activityTypeListResponse },
    },
    handler: async (req) => service.activityTypes(req.query.todos === 'true'),
  });

  app.post('/tipos-atividade', {
    preHandler: manage,
    schema: { tags, body: activityTypeBody, response: { 201: activityTypeSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.saveActivityType(null, req.body)),
  });

  app.put('/tipos-atividade/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: activityTypeBody,
      response: { 200: activityTypeSchema },
    },
    handler: async (req) => service.saveActivityType(req.params.id, req.body),
  });

  app.post('/verificar', {
    preHandler: manage,
    schema: { tags, body: teamCheckBody, response: { 200: teamCheckResponse } },
    handler: async (req) => {
      const check = await gate.checkTeam({
        userIds: req.body.pessoas,
        activityTypeId: req.body.tipo_atividade_id,
        date: req.body.data,
      });
      const viewer = currentUser(req);
      const pendencias = await discloseReasons(
        deps.database.db,
        viewer,
        check.pendencias,
        'omitir',
      );
      return { ok: pendencias.length === 0, pendencias };
    },
  });

  app.get('/matriz', {
    preHandler: manage,
    schema: { tags, querystring: matrixQuery, response: { 200: matrixResponse } },
    handler: async (req) => matrix.build(currentUser(req), req.query),
  });

  app.get('/matriz/exportar', {
    preHandler: manage,
    schema: { tags, querystring: matrixExportQuery },
    handler: async (req, reply) =>
      sendExport(reply, await matrix.export(currentUser(req), req.query), 'matriz-sst'),
  });

  app.get('/alertas', {
    preHandler: manage,
    schema: { tags, response: { 200: fieldAlertsResponse } },
    handler: async () => {
      const items = await createSstAlerts(deps).all();
      return { items, total: items.length };
    },
  });
};
