import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SSO_OK } from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { NewSession, RequestInfo } from './auth.service.ts';
import { OIDC_CALLBACK_PATH, SsoRefused } from './oidc.service.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod<ServiceDeps>>[0];

const FLOW_COOKIE = 'eproto_oidc';
const FLOW_COOKIE_PATH = '/api/auth/oidc';

const ssoOptionsResponse = z.object({
  oidc: z.object({ nome: z.string() }).nullable(),
});

/**
 * /api/auth/sso (what /login offers), /api/auth/oidc/start and /callback: single sign-on. Both
 * legs are browser navigations that end in a redirect: to the provider, then to /login with
 * `?sso=ok` (signed in) or `?sso=<reason>`.
 */
export async function oidcRoutes(
  app: ZodApp,
  ctx: {
    deps: ServiceDeps;
    setCookie: (reply: FastifyReply, s: NewSession) => void;
    info: (req: FastifyRequest) => RequestInfo;
    limited: { public: boolean; rateLimit: { max: number; timeWindow: string } };
  },
) {
  const { deps } = ctx;
  const service = app.services.oidc;
  const flowCookie = { path: FLOW_COOKIE_PATH, httpOnly: true, sameSite: 'lax' as const };

  const refuse = async (req: FastifyRequest, reply: FastifyReply, err: unknown) => {
    const refusal =
      err instanceof SsoRefused
        ? err
        : new SsoRefused('invalido', `erro inesperado: ${String(err)}`);
    req.log.warn({ reason: refusal.reason, detail: refusal.detail }, 'Login único recusado');
    if (refusal.reason !== 'indisponivel') {
      await service.recordRefusal(refusal, req.ip).catch((e: unknown) => {
        req.log.error({ err: e }, 'Falha ao registrar login único recusado');
      });
    }
    return reply.redirect(`/login?sso=${refusal.reason}`);
  };

  app.get('/sso', {
    config: { public: true },
    schema: { tags: ['auth'], response: { 200: ssoOptionsResponse } },
    handler: async () => service.options(),
  });

  app.get('/oidc/start', {
    config: ctx.limited,
    schema: { tags: ['auth'], hide: true },
    handler: async (req, reply) => {
      try {
        const { url, cookie } = await service.start();
        reply.setCookie(FLOW_COOKIE, cookie, {
          ...flowCookie,
          secure: deps.config.secureCookies,
          maxAge: 600,
        });
        return reply.header('Cache-Control', 'no-store').redirect(url);
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  });

  app.get(OIDC_CALLBACK_PATH.slice('/api/auth'.length), {
    config: ctx.limited,
    schema: { tags: ['auth'], hide: true },
    handler: async (req, reply) => {
      reply.clearCookie(FLOW_COOKIE, flowCookie);
      reply.header('Cache-Control', 'no-store');
      try {
        const callbackUrl = new URL(req.url, deps.config.publicUrl);
        const session = await service.finish(
          req.cookies[FLOW_COOKIE],
          callbackUrl,
          ctx.info(req),
          req.cookies[SESSION_COOKIE],
        );
        ctx.setCookie(reply, session);
        return reply.redirect(`/login?sso=${SSO_OK}`);
      } catch (err) {
        return refuse(req, reply, err);
      }
    },
  });
}
