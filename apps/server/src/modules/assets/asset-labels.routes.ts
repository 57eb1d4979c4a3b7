import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetByCodeResponse,
  assetCodeParams,
  assetLabelsQuery,
  assetReportSettingBody,
  assetReportSettingResponse,
  fieldIdParams,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission, requireRoles } from '../../plugins/auth.ts';

/**
 * /api/tatico/ativos/etiquetas (the PDF of QR labels, gestão) and /codigo/{codigo} (the asset a
 * label scanned in the app names, agenda roles); docs/assets.md.
 */
export const assetLabelsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { assetLabels: service, assetReports: reports } = app.services;
  const manage = requirePermission('assets.manage');
  const tags = ['ativos'];

  app.get('/etiquetas', {
    preHandler: manage,
    schema: { tags, querystring: assetLabelsQuery },
    handler: async (req, reply) => {
      const pdf = await service.labelsPdf(currentUser(req), req.query.ids);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', 'attachment; filename="etiquetas-ativos.pdf"')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  });

  app.get('/codigo/:codigo', {
    preHandler: requireRoles(rolesFor('/tatico/agenda')),
    schema: { tags, params: assetCodeParams, response: { 200: assetByCodeResponse } },
    handler: async (req) => service.byCode(currentUser(req), req.params.codigo),
  });

  // Whether the labels of a contract's assets take public problem reports (gestão).
  app.get('/relatos/contratos/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, response: { 200: assetReportSettingResponse } },
    handler: async (req) => reports.getEnabled(currentUser(req), req.params.id),
  });

  app.put('/relatos/contratos/:id', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: assetReportSettingBody,
      response: { 200: assetReportSettingResponse },
    },
    handler: async (req) => reports.setEnabled(currentUser(req), req.params.id, req.body.ativo),
  });
};
