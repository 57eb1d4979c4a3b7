import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emailDigestBody,
  emailDigestStatus,
  emailDigestTokenParams,
  parseDigestToken,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { digestPage } from './email-digest.page.ts';

/** /api/profile/resumo-diario: the signed-in person's "Resumo diário por e-mail" switch. */
export const emailDigestRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.emailDigest;
  const preHandler = requireRoles(rolesFor('/profile'));
  const tags = ['profile'];

  app.get('/', {
    preHandler,
    schema: { tags, response: { 200: emailDigestStatus } },
    handler: async (req) => service.status(currentUser(req)),
  });

  app.put('/', {
    preHandler,
    schema: { tags, body: emailDigestBody, response: { 200: emailDigestStatus } },
    handler: async (req) => service.set(currentUser(req), req.body.ativo),
  });
};

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .send(body);

/** A browser (a person who clicked) gets pages; anything else the API's JSON errors. */
const wantsHtml = (req: FastifyRequest) => /\btext\/html\b/.test(req.headers.accept ?? '');

/** A refused link: forged, expired or of someone gone, the same 404. */
function refused(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (!(err instanceof AppError) || err.code !== 'NOT_FOUND' || !wantsHtml(req)) throw err;
  return html(
    reply,
    404,
    digestPage({
      title: 'Link inválido ou expirado',
      message:
        'Este link de descadastro não vale mais. Para parar de receber o resumo diário, desligue "Resumo diário por e-mail" em Perfil, no E-Proto.',
    }),
  );
}

/** A link that is not of the right shape (cut short, hostile): 400. */
function malformed(req: FastifyRequest, reply: FastifyReply) {
  if (!wantsHtml(req)) throw new AppError('VALIDATION', 'Link de descadastro inválido.');
  return html(
    reply,
    400,
    digestPage({
      title: 'Link inválido',
      message: 'Este link de descadastro está incompleto. Copie o endereço inteiro do e-mail.',
    }),
  );
}

/**
 * /api/public/resumo-diario/<token>: no session. GET shows a confirmation page with one button;
 * POST (that button, or a mail provider's one-click per RFC 8058 with
 * `List-Unsubscribe=One-Click`) unsubscribes the person the signed token names.
 */
export const publicEmailDigestRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.emailDigest;
  const config = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } };
  const schema = { tags: ['público'], params: emailDigestTokenParams };
  // RFC 8058's body (`List-Unsubscribe=One-Click`) is a form: the token alone decides.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_req, body, done) => done(null, body),
  );

  /** Checks the link's shape, runs `act` on it, then answers `page` (or the refusal). */
  const answer =
    (act: (token: string) => Promise<unknown>, page: Parameters<typeof digestPage>[0]) =>
    async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
      if (!parseDigestToken(req.params.token)) return malformed(req, reply);
      try {
        await act(req.params.token);
      } catch (err) {
        return refused(req, reply, err);
      }
      return html(reply, 200, digestPage(page));
    };

  app.get('/:token', {
    config,
    schema,
    handler: answer((token) => service.check(token), {
      title: 'Cancelar o resumo diário?',
      message:
        'Você deixará de receber o "Resumo diário por e-mail" do E-Proto. Dá para voltar a recebê-lo quando quiser, em Perfil.',
      confirm: true,
    }),
  });

  app.post('/:token', {
    config: { ...config, signedLinkWrite: true },
    schema,
    handler: answer((token) => service.unsubscribe(token), {
      title: 'Resumo diário cancelado',
      message:
        'Pronto: você não vai mais receber o resumo diário por e-mail. Para voltar a recebê-lo, ligue "Resumo diário por e-mail" em Perfil, no E-Proto.',
    }),
  });
};
