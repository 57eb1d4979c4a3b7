import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetBody,
  assetDetailResponse,
  assetImportQuery,
  assetImportRefusal,
  assetImportResponse,
  assetListChangesQuery,
  assetListChangesResponse,
  assetListQuery,
  assetListResponse,
  assetPatchBody,
  assetTypeBody,
  assetTypeListResponse,
  assetTypePatchBody,
  assetTypeSchema,
  fieldIdParams,
  rolesFor,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { withUploadedFile } from '../../lib/incoming-file.ts';
import { currentUser, requirePermission, requireRoles } from '../../plugins/auth.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { assetImportTemplate } from './asset-template.ts';
import { readSpreadsheetUpload } from './asset-upload.ts';
import { AssetImportRefused } from './assets.service.ts';

/**
 * /api/tatico/ativos: customer assets (screen /tatico/agenda, tab "Ativos"; docs/assets.md).
 * The agenda's roles read the assets of their contracts; gestão creates, edits and imports.
 */
export const assetsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.assets;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const manage = requirePermission('assets.manage');
  const tags = ['ativos'];

  app.get('/', {
    preHandler: screen,
    schema: { tags, querystring: assetListQuery, response: { 200: assetListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query),
  });

  app.get('/changes', {
    preHandler: screen,
    schema: {
      tags,
      querystring: assetListChangesQuery,
      response: { 200: assetListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.listChanges(currentUser(req), req.query);
    },
  });

  app.post('/', {
    preHandler: manage,
    schema: { tags, body: assetBody, response: { 201: assetDetailResponse } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.get('/tipos', {
    preHandler: screen,
    schema: { tags, response: { 200: assetTypeListResponse } },
    handler: async () => service.types(),
  });

  app.post('/tipos', {
    preHandler: manage,
    schema: { tags, body: assetTypeBody, response: { 201: assetTypeSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.createType(currentUser(req), req.body)),
  });

  app.patch('/tipos/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: assetTypePatchBody,
      response: { 200: assetTypeSchema },
    },
    handler: async (req) => service.updateType(currentUser(req), req.params.id, req.body),
  });

  app.delete('/tipos/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await service.deleteType(currentUser(req), req.params.id);
      return reply.status(204).send(null);
    },
  });

  app.get('/importacao/modelo', {
    preHandler: manage,
    schema: { tags },
    handler: async (_req, reply) =>
      sendExport(
        reply,
        {
          body: await assetImportTemplate((await service.types()).items),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          extension: 'xlsx',
        },
        'modelo-importacao-ativos',
      ),
  });

  // multipart/form-data with the .xlsx in "file"; a refused file answers 400 with `erros`
  // (line + reason of each bad row) and writes nothing.
  app.post('/importacao', {
    preHandler: manage,
    schema: {
      tags,
      querystring: assetImportQuery,
      response: { 200: assetImportResponse, 400: assetImportRefusal },
    },
    handler: async (req, reply) => {
      try {
        const file = await withUploadedFile(
          await req.file(),
          readSpreadsheetUpload,
          'Envie a planilha (.xlsx).',
        );
        return await service.importXlsx(currentUser(req), req.query.contract_id, file);
      } catch (err) {
        if (!(err instanceof AssetImportRefused)) throw err;
        return reply.status(400).send({
          error: err.message,
          code: err.code,
          reqId: req.id,
          field: err.field,
          erros: err.erros,
        });
      }
    },
  });

  app.get('/:id', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: assetDetailResponse } },
    handler: async (req) => service.get(currentUser(req), req.params.id),
  });

  app.patch('/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: assetPatchBody,
      response: { 200: assetDetailResponse },
    },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });
};
