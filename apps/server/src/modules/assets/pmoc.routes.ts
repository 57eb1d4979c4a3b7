import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldIdParams,
  osVerifyParams,
  pmocQuery,
  pmocVerifyResponse,
  todayIn,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { sendFile } from '../../lib/file-http.ts';

/** /api/tatico/ativos/contratos/:id/pmoc.pdf: the contract's PMOC, issued and sealed (gestão). */
export const pmocRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.pmoc;
  app.get('/contratos/:id/pmoc.pdf', {
    preHandler: requirePermission('assets.manage'),
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: { tags: ['ativos'], params: fieldIdParams, querystring: pmocQuery },
    handler: async (req, reply) => {
      const ano = req.query.ano ?? Number(todayIn(deps.config.COMPANY_TIME_ZONE).slice(0, 4));
      const { body, nome } = await service.pdf(currentUser(req), req.params.id, ano);
      return sendFile(reply, {
        stream: Readable.from(body),
        mimeType: 'application/pdf',
        fileName: `${nome}.pdf`,
        size: body.length,
      });
    },
  });
};

/** /api/public/pmoc/verificar/:codigo: anyone holding the printed code checks its SHA-256. */
export const publicPmocRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.pmoc;
  app.get('/verificar/:codigo', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['público'], params: osVerifyParams, response: { 200: pmocVerifyResponse } },
    handler: async (req) => service.verify(req.params.codigo),
  });
};
