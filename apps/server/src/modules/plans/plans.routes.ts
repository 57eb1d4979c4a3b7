import {
  entityIdParams,
  planExportQuery,
  planImportRefusal,
  planImportResponse,
  planPreviewResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { safeFileName } from '../../lib/file-type.ts';
import { withUploadedFile } from '../../lib/incoming-file.ts';
import { sendExport } from '../../lib/export/send-export.ts';
import { currentUser } from '../../plugins/auth.ts';
import { readPlanUpload } from './plan-upload.ts';
import { planTemplate } from './plan-xlsx.ts';
import { PlanImportRefused } from './plans.service.ts';

const tags = ['murals'];
const MISSING = 'Envie o arquivo do plano (.xlsx ou .xml do MS Project).';

/**
 * /api/eproto/murals/{id}/plano: a demand's plan as XLSX or MS Project XML, the import template,
 * and the import (multipart "file"): /previa answers what would be imported and every bad line,
 * /importar writes it all in one transaction or nothing (400 with `erros`).
 */
export const plansRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.plans;

  app.get('/:id/plano', {
    schema: { tags, params: entityIdParams, querystring: planExportQuery },
    handler: async (req, reply) => {
      const file = await service.export(currentUser(req), req.params.id, req.query.formato);
      return sendExport(reply, file, file.nome);
    },
  });

  app.get('/:id/plano/modelo', {
    schema: { tags, params: entityIdParams },
    handler: async (req, reply) => {
      await service.assertVisible(currentUser(req), req.params.id);
      return sendExport(
        reply,
        {
          body: await planTemplate(),
          contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          extension: 'xlsx',
        },
        'modelo-plano',
      );
    },
  });

  app.post('/:id/plano/previa', {
    schema: { tags, params: entityIdParams, response: { 200: planPreviewResponse } },
    handler: async (req) =>
      withUploadedFile(
        await req.file(),
        async (f) => service.preview(currentUser(req), req.params.id, await readPlanUpload(f)),
        MISSING,
      ),
  });

  app.post('/:id/plano/importar', {
    schema: {
      tags,
      params: entityIdParams,
      response: { 200: planImportResponse, 400: planImportRefusal },
    },
    handler: async (req, reply) => {
      try {
        return await withUploadedFile(
          await req.file(),
          async (f) =>
            service.import(
              currentUser(req),
              req.params.id,
              await readPlanUpload(f),
              safeFileName(f.fileName).slice(0, 120) || 'plano',
            ),
          MISSING,
        );
      } catch (err) {
        if (!(err instanceof PlanImportRefused)) throw err;
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
};
