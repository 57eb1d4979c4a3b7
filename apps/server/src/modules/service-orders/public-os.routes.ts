import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OS_VERIFY_LABELS,
  osVerifyParams,
  osVerifyResponse,
  type OsVerifyResult,
} from '@eproto/domain';
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { sendFile } from '../../lib/file-http.ts';
import { createServiceOrdersRepo } from './service-orders.repo.ts';
import { verifySeals } from './service-order-seal.ts';

const wantsHtml = (accept: string | undefined) => /text\/html/.test(accept ?? '');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page a customer sees for a link that expired, was revoked or does not exist. */
const linkPage = (message: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8">` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Relatório indisponível</title></head><body>` +
  `<h1>Relatório indisponível</h1><p>${escapeHtml(message)}</p></body></html>`;

/**
 * /api/public/os: no session. The verification says only whether an OS report is authentic
 * (its sealed content unchanged): no names, CPF, place or answers.
 */
export const publicOsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const db = deps.database.db;
  const repo = createServiceOrdersRepo(db);

  // By the random code printed in the report and its QR, never by the sequential OS number.
  app.get('/verificar/:codigo', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['público'], params: osVerifyParams, response: { 200: osVerifyResponse } },
    handler: async (req) => {
      const o = await repo.byVerificationCode(req.params.codigo);
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

  const closing = app.services.osConclude;
  // The link e-mailed to the customer: a 256-bit random token (only its hash is stored), valid
  // OS_REPORT_LINK_DAYS unless revoked; 20 downloads a minute per address.
  app.get('/relatorio/:token', {
    config: { public: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
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
      const found = await closing.publicReport(req.params.token).catch((err: unknown) => {
        // A browser (the customer clicking the e-mail) gets the reason as a page, in Portuguese.
        if (err instanceof AppError && wantsHtml(req.headers.accept)) return err;
        throw err;
      });
      if (found instanceof AppError) {
        return reply
          .status(found.statusCode)
          .type('text/html; charset=utf-8')
          .send(linkPage(found.message));
      }
      const { codigo, pdf } = found;
      return sendFile(reply, {
        stream: Readable.from(pdf),
        mimeType: 'application/pdf',
        fileName: `relatorio-${codigo}.pdf`,
        size: pdf.length,
      });
    },
  });
};
