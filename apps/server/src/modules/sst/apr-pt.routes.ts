import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  aprBody,
  aprListQuery,
  aprListResponse,
  aprSchema,
  aprSignBody,
  fieldIdParams,
  ptBody,
  ptCloseBody,
  ptDecisionBody,
  ptListQuery,
  ptListResponse,
  ptSchema,
  ptServiceTypeBody,
  ptServiceTypeListResponse,
  rolesFor,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { sendFile } from '../../lib/file-http.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { renderAprPdf, renderPtPdf } from './apr-pt.pdf.ts';

/**
 * APR and PT under /api/tatico/sst (tab "APR e PT" of /tatico/epi). Everyone on the screen reads
 * what they are on (gestores read all); gestores write APRs and issue PTs; gerente/diretoria
 * approve others' PTs; each team member signs their own APR on the phone.
 */
export const aprPtRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const { aprs, pts, company } = app.services;
  const screenRoles = rolesFor('/tatico/epi');
  const screen = requireRoles(screenRoles);
  const manage = requirePermission('aprpt.manage');
  const approve = requirePermission('pt.approve');
  const tags = ['sst'];

  const pdf = async (reply: FastifyReply, bytes: Buffer, fileName: string) =>
    sendFile(reply, {
      stream: Readable.from(bytes),
      mimeType: 'application/pdf',
      fileName,
      size: bytes.length,
    });
  const empresa = () => company.get();

  // ---------------------------------------------------------------- APR

  app.get('/aprs', {
    preHandler: screen,
    schema: { tags, querystring: aprListQuery, response: { 200: aprListResponse } },
    handler: async (req) => aprs.list(currentUser(req), req.query),
  });

  app.post('/aprs', {
    preHandler: manage,
    schema: { tags, body: aprBody, response: { 201: aprSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await aprs.create(currentUser(req), req.body)),
  });

  app.get('/aprs/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: aprSchema } },
    handler: async (req) => aprs.get(currentUser(req), req.params.id),
  });

  app.put('/aprs/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, body: aprBody, response: { 200: aprSchema } },
    handler: async (req) => aprs.update(currentUser(req), req.params.id, req.body),
  });

  app.post('/aprs/:id/enviar', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, response: { 200: aprSchema } },
    handler: async (req) => aprs.send(currentUser(req), req.params.id),
  });

  app.post('/aprs/:id/assinar', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, body: aprSignBody, response: { 200: aprSchema } },
    handler: async (req) =>
      aprs.sign(currentUser(req), req.params.id, req.body, req.headers['user-agent'] ?? null),
  });

  app.get('/aprs/:id/pdf', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams },
    handler: async (req, reply) => {
      const apr = await aprs.get(currentUser(req), req.params.id);
      const bytes = await renderAprPdf(apr, await empresa(), deps.config.COMPANY_TIME_ZONE);
      return pdf(reply, bytes, `apr-${apr.id}.pdf`);
    },
  });

  // ---------------------------------------------------------------- PT

  app.get('/pts', {
    preHandler: screen,
    schema: { tags, querystring: ptListQuery, response: { 200: ptListResponse } },
    handler: async (req) => pts.list(currentUser(req), req.query),
  });

  app.post('/pts', {
    preHandler: manage,
    schema: { tags, body: ptBody, response: { 201: ptSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await pts.issue(currentUser(req), req.body)),
  });

  app.get('/pts/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: ptSchema } },
    handler: async (req) => pts.get(currentUser(req), req.params.id),
  });

  app.put('/pts/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, body: ptBody, response: { 200: ptSchema } },
    handler: async (req) => pts.update(currentUser(req), req.params.id, req.body),
  });

  app.post('/pts/:id/decisao', {
    preHandler: approve,
    schema: { tags, params: fieldIdParams, body: ptDecisionBody, response: { 200: ptSchema } },
    handler: async (req) => pts.decide(currentUser(req), req.params.id, req.body),
  });

  app.post('/pts/:id/encerrar', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, body: ptCloseBody, response: { 200: ptSchema } },
    handler: async (req) => pts.close(currentUser(req), req.params.id, req.body),
  });

  app.get('/pts/:id/pdf', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams },
    handler: async (req, reply) => {
      const pt = await pts.get(currentUser(req), req.params.id);
      const bytes = await renderPtPdf(pt, await empresa(), deps.config.COMPANY_TIME_ZONE);
      return pdf(reply, bytes, `pt-${pt.id}.pdf`);
    },
  });

  // ---------------------------------------------------------------- service types

  app.get('/pt-tipos-servico', {
    preHandler: manage,
    schema: { tags, response: { 200: ptServiceTypeListResponse } },
    handler: async () => pts.serviceTypes(),
  });

  app.put('/pt-tipos-servico/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, body: ptServiceTypeBody, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await pts.setServiceType(req.params.id, req.body.exige_pt);
      return reply.status(204).send(null);
    },
  });
};
