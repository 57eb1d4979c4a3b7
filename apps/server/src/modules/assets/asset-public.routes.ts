import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetCodeParams,
  assetPublicResponse,
  assetReportResponse,
  assetReportStatusResponse,
  assetReportTokenParams,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { readReportForm, removeAll } from './asset-report-form.ts';

/**
 * /api/public/ativos: no session. What a QR label opens for anyone: the asset's tag, type and
 * site, nothing internal (a signed-in person who may open the asset also gets its id); the
 * "Relatar problema" form and the follow page of a report (docs/assets.md).
 */
export const assetPublicRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const { assetLabels: labels, assetReports: reports } = app.services;
  const tags = ['público'];

  app.get('/:codigo', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags, params: assetCodeParams, response: { 200: assetPublicResponse } },
    handler: async (req, reply) => {
      // The answer differs with the session (interno_id): never kept by a shared cache.
      void reply.header('Cache-Control', 'private, no-store');
      return labels.publicView(req.params.codigo, req.user ?? null, reports.enabled);
    },
  });

  // multipart/form-data: nome, contato, descricao, the honeypot and up to 3 photos in "fotos".
  // No session and no cookie is read, so there is nothing for a forged cross-site form to ride
  // on; the SPA's x-requested-with header is still required (security.ts) like every write.
  app.post('/:codigo/relatos', {
    config: { public: true, rateLimit: { max: 10, timeWindow: '10 minutes' } },
    schema: { tags, params: assetCodeParams, response: { 201: assetReportResponse } },
    handler: async (req, reply) => {
      // Refused before the body is read: unknown label, switched off, too many from here.
      await reports.admit(req.params.codigo, req.ip);
      const form = await readReportForm(req, deps.storage);
      try {
        const done = await reports.report(req.params.codigo, req.ip, form.fields, form.photos);
        return await reply.status(201).send(done);
      } catch (err) {
        await removeAll(deps.storage, form.photos);
        throw err;
      }
    },
  });

  app.get('/relatos/:token', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags, params: assetReportTokenParams, response: { 200: assetReportStatusResponse } },
    handler: async (req, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return reports.status(req.params.token);
    },
  });
};
