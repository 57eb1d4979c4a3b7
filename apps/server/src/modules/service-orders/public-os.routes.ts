import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OS_VERIFY_LABELS,
  osCodeParams,
  osVerifyResponse,
  type OsVerifyResult,
} from '@eproto/domain';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendFile } from '../../lib/file-http.ts';
import { createOsConcludeService } from './service-order-conclude.service.ts';
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

  const closing = createOsConcludeService(deps);
  // The link e-mailed to the customer: a 256-bit random token (only its hash is stored).
  app.get('/relatorio/:token', {
    config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['público'],
      params: z.object({
        token: z
          .string()
          .max(64, 'Link inválido.')
          .regex(/^[A-Za-z0-9_-]{20,64}$/, 'Link inválido.'),
      }),
    },
    handler: async (req, reply) => {
      const { codigo, pdf } = await closing.publicReport(req.params.token);
      return sendFile(reply, {
        stream: Readable.from(pdf),
        mimeType: 'application/pdf',
        fileName: `relatorio-${codigo}.pdf`,
        size: pdf.length,
      });
    },
  });
};
