import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OS_VERIFY_LABELS,
  osCodeParams,
  osVerifyResponse,
  type OsVerifyResult,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';
import { verifySeals } from './service-order-seal.ts';

/**
 * /api/public/os: no session. The verification says only whether an OS report is authentic
 * (its sealed content unchanged): no names, CPF, place or answers.
 */
export const publicOsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const db = deps.database.db;
  const repo = createServiceOrdersRepo(db);

  app.get('/verificar/:codigo', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['público'], params: osCodeParams, response: { 200: osVerifyResponse } },
    handler: async (req) => {
      const o = await repo.byCode(req.params.codigo);
      if (!o) throw new AppError('NOT_FOUND', 'OS não encontrada.');
      let resultado: OsVerifyResult = 'nao_selado';
      if (o.selo !== null) {
        const ok = (await verifySeals(db, [o.id])).get(o.id) === true;
        resultado = ok ? 'autentico' : 'alterado';
      }
      return {
        codigo: o.codigo,
        resultado,
        autentico: resultado === 'autentico',
        mensagem: OS_VERIFY_LABELS[resultado],
        selada_em: o.seladaEm?.toISOString() ?? null,
        sha256: o.selo,
      };
    },
  });
};
