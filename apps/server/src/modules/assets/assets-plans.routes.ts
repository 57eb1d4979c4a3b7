import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetMaintenanceResponse,
  assetYearResponse,
  fieldIdParams,
  osAnswerBody,
  osAssetParams,
  osAssetsBody,
  osAssetsResponse,
  osMeterBody,
  osMeterParams,
  overdueQuery,
  overdueResponse,
  planBody,
  planGenerateBody,
  planGenerateResponse,
  planListQuery,
  planListResponse,
  planPatchBody,
  planSchema,
  preventiveSettingsBody,
  preventiveSettingsSchema,
  rolesFor,
  yearQuery,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { withDeviceTime as stamped } from '../../plugins/device-time.ts';
import { currentUser, requirePermission, requireRoles } from '../../plugins/auth.ts';

/**
 * /api/tatico/ativos: maintenance plans, the contract's preventive settings, an asset's
 * maintenance and yearly grid (docs/assets.md "Planos de manutenção"). The agenda's roles read
 * their contracts'; gestão (`assets.manage`) writes.
 */
export const assetPlansRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.assetPlans;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const manage = requirePermission('assets.manage');
  const tags = ['ativos'];

  app.get('/planos', {
    preHandler: screen,
    schema: { tags, querystring: planListQuery, response: { 200: planListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query),
  });

  app.post('/planos', {
    preHandler: manage,
    schema: { tags, body: planBody, response: { 201: planSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.post('/planos/gerar', {
    preHandler: manage,
    schema: { tags, body: planGenerateBody, response: { 200: planGenerateResponse } },
    handler: async (req) => service.generateNow(currentUser(req), req.body.contract_id),
  });

  app.patch('/planos/:id', {
    preHandler: manage,
    schema: { tags, params: fieldIdParams, body: planPatchBody, response: { 200: planSchema } },
    handler: async (req) => service.update(currentUser(req), req.params.id, req.body),
  });

  app.get('/preventivas/atrasadas', {
    preHandler: screen,
    schema: { tags, querystring: overdueQuery, response: { 200: overdueResponse } },
    handler: async (req) => service.overdue(currentUser(req), req.query.contract_id),
  });

  app.get('/contratos/:id/preventiva', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: preventiveSettingsSchema } },
    handler: async (req) => service.settings(currentUser(req), req.params.id),
  });

  app.put('/contratos/:id/preventiva', {
    preHandler: manage,
    schema: {
      tags,
      params: fieldIdParams,
      body: preventiveSettingsBody,
      response: { 200: preventiveSettingsSchema },
    },
    handler: async (req) => service.saveSettings(currentUser(req), req.params.id, req.body),
  });

  app.get('/:id/preventiva', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: assetMaintenanceResponse } },
    handler: async (req) => service.ofAsset(currentUser(req), req.params.id),
  });

  app.get('/:id/ano', {
    preHandler: screen,
    schema: {
      tags,
      params: fieldIdParams,
      querystring: yearQuery,
      response: { 200: assetYearResponse },
    },
    handler: async (req) => service.year(currentUser(req), req.params.id, req.query.ano),
  });
};

/** /api/tatico/os/:id/ativos: the assets an OS serves and their checklist answers. */
export const osAssetsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.osAssets;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const tags = ['ordens de serviço'];
  const response = { 200: osAssetsResponse };

  app.get('/:id/ativos', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response },
    handler: async (req) => service.view(currentUser(req), req.params.id),
  });

  app.put('/:id/ativos', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, body: osAssetsBody, response },
    handler: async (req) => service.replace(currentUser(req), req.params.id, req.body.ativos),
  });

  app.put('/:id/ativos/:assetId/checklist/:itemId', {
    preHandler: screen,
    schema: { tags, params: osAssetParams, body: osAnswerBody, response },
    handler: async (req) =>
      service.answer(
        currentUser(req),
        req.params.id,
        req.params.assetId,
        req.params.itemId,
        stamped(req, req.body),
      ),
  });

  app.put('/:id/ativos/:assetId/horimetro', {
    preHandler: screen,
    schema: { tags, params: osMeterParams, body: osMeterBody, response },
    handler: async (req) =>
      service.meter(currentUser(req), req.params.id, req.params.assetId, stamped(req, req.body)),
  });
};
