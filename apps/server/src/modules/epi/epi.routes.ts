import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliveryBody,
  deliveryListQuery,
  deliveryListResponse,
  deliveryReturnBody,
  deliverySchema,
  epiItemBody,
  epiItemListResponse,
  epiItemPatchBody,
  epiItemSchema,
  epiSheetResponse,
  epiStockEntryBody,
  fieldAlertsResponse,
  fieldIdParams,
  replacementRequestBody,
  requestListResponse,
  rolesFor,
  sheetParams,
  signatureBody,
  syncQuery,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles, requirePermission } from '../../plugins/auth.ts';
import { renderEpiSheetPdf } from './epi.pdf.ts';

/** Signature PNGs arrive as data URLs inside JSON with their strokes: room for both. */
const SIGNATURE_BODY_LIMIT = 1024 * 1024;

/**
 * /api/tatico/epi (screen /tatico/epi). Everyone allowed on the screen reaches the "own" calls
 * (my deliveries, confirm receipt, my ficha); the rest is for gestores (epi.manage).
 */
export const epiRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.epi;
  const screen = requireRoles(rolesFor('/tatico/epi'));
  const manage = requirePermission('epi.manage');
  const tags = ['epi'];

  app.get('/itens', {
    preHandler: manage,
    schema: {
      tags,
      querystring: z.object({ todos: z.enum(['true', 'false']).optional() }),
      response: { 200: epiItemListResponse },
    },
    handler: async (req) => service.items(req.query.todos === 'true'),
  });

  app.post('/itens', {
    preHandler: manage,
    schema: { tags, body: epiItemBody, response: { 201: epiItemSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.createItem(currentUser(req), req.body)),
  });

  app.patch('/itens/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: epiItemPatchBody,
      response: { 200: epiItemSchema },
    },
    handler: async (req) => service.updateItem(req.params.id, req.body),
  });

  app.post('/itens/:id/entradas', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: epiStockEntryBody,
      response: { 200: epiItemSchema },
    },
    handler: async (req) =>
      service.stockEntry(currentUser(req), req.params.id, req.body.quantidade, req.body.observacao),
  });

  app.get('/entregas', {
    preHandler: manage,
    schema: { tags, querystring: deliveryListQuery, response: { 200: deliveryListResponse } },
    handler: async (req) => service.deliveries(req.query),
  });

  app.post('/entregas', {
    preHandler: manage,
    bodyLimit: SIGNATURE_BODY_LIMIT,
    schema: { tags, body: deliveryBody, response: { 201: deliverySchema } },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.deliver(currentUser(req), req.body, req.headers['user-agent'])),
  });

  app.post('/entregas/:id/assinatura', {
    preHandler: manage,
    bodyLimit: SIGNATURE_BODY_LIMIT,
    schema: { tags, params: fieldIdParams, body: signatureBody, response: { 200: deliverySchema } },
    handler: async (req) => service.sign(req.params.id, req.body, req.headers['user-agent']),
  });

  app.get('/entregas/:id/assinatura', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams },
    handler: async (req, reply) =>
      reply
        .type('image/png')
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Content-Type-Options', 'nosniff')
        .send(await service.signature(currentUser(req), req.params.id)),
  });

  app.post('/entregas/:id/confirmar', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: deliverySchema } },
    handler: async (req) => service.confirm(currentUser(req), req.params.id),
  });

  app.post('/entregas/:id/devolucao', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: deliveryReturnBody,
      response: { 200: deliverySchema },
    },
    handler: async (req) => service.giveBack(currentUser(req), req.params.id, req.body),
  });

  app.post('/entregas/:id/substituicao', {
    preHandler: screen,
    schema: {
      tags,
      params: fieldIdParams,
      body: replacementRequestBody,
      response: { 201: z.object({ solicitacao_id: z.number().int(), entrega: deliverySchema }) },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.requestReplacement(currentUser(req), req.params.id, req.body)),
  });

  app.get('/minhas-solicitacoes', {
    preHandler: screen,
    schema: { tags, response: { 200: requestListResponse } },
    handler: async (req) => service.myRequests(currentUser(req)),
  });

  app.get('/minhas-entregas', {
    preHandler: screen,
    schema: { tags, querystring: syncQuery, response: { 200: deliveryListResponse } },
    handler: async (req) => service.mine(currentUser(req), req.query),
  });

  app.get('/fichas/:userId', {
    preHandler: screen,
    schema: {
      tags,
      params: sheetParams,
      querystring: syncQuery,
      response: { 200: epiSheetResponse },
    },
    handler: async (req) => service.sheet(currentUser(req), req.params.userId, req.query),
  });

  app.get('/fichas/:userId/pdf', {
    preHandler: screen,
    schema: { tags, params: sheetParams },
    handler: async (req, reply) => {
      const sheet = await service.sheet(currentUser(req), req.params.userId);
      const pdf = await renderEpiSheetPdf(
        sheet,
        await service.signatureBuffers(sheet),
        deps.config.COMPANY_TIME_ZONE,
      );
      const slug = sheet.colaborador.nome
        .normalize('NFD')
        .replace(/[^\w\s-]/g, '')
        .trim()
        .replace(/\s+/g, '-')
        .toLowerCase();
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="ficha-epi-${slug || sheet.colaborador.id}.pdf"`,
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  });

  app.get('/alertas', {
    preHandler: manage,
    schema: { tags, response: { 200: fieldAlertsResponse } },
    handler: async () => {
      const items = await service.alerts();
      return { items, total: items.length };
    },
  });
};
