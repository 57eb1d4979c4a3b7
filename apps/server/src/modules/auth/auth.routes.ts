import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptInviteBody,
  inviteInfoResponse,
  inviteTokenQuery,
  loginBody,
  loginResponse,
  messageResponse,
  MSG,
  okResponse,
  passwordResetBody,
  passwordResetRequestBody,
  passwordResetTokenQuery,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { toCurrentUser } from '../users/users.mapper.ts';
import type { NewSession } from './auth.service.ts';
import { DEVICE_COOKIE_PATH } from './device-cookie.ts';
import { oidcRoutes } from './oidc.routes.ts';

const errors = { 400: z.any(), 401: z.any(), 409: z.any(), 429: z.any() };

/** /api/auth/*: sign-in, sign-out, password reset, invitation acceptance. */
export const authRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = app.services.auth;
  const info = (req: FastifyRequest) => ({
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? null,
    log: req.log,
  });
  const setCookie = (reply: FastifyReply, s: NewSession) => {
    reply.setCookie(SESSION_COOKIE, s.token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.secureCookies,
      expires: s.expiresAt,
    });
    // The device cookie outlives sessions and sign-outs: it says "this browser signed in here".
    if (s.device) {
      reply.setCookie(s.device.name, s.device.value, {
        path: DEVICE_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: deps.config.secureCookies,
        expires: s.device.expires,
      });
    }
  };
  const publicLimited = {
    public: true,
    rateLimit: { max: deps.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' },
  };

  await oidcRoutes(app, { deps, setCookie, info, limited: publicLimited });

  app.post('/login', {
    config: publicLimited,
    // A refused body (NUL in the e-mail, ...) still counts as a failed attempt in the limiter.
    attachValidation: true,
    schema: { tags: ['auth'], body: loginBody, response: { 200: loginResponse, ...errors } },
    handler: async (req, reply) => {
      if (req.validationError) {
        const raw: unknown = (req.body as { email?: unknown } | null)?.email;
        await service.recordRefusedLogin(typeof raw === 'string' ? raw : '', info(req));
        throw req.validationError;
      }
      const s = await service.login(
        req.body.email,
        req.body.password,
        info(req),
        req.cookies,
        req.cookies[SESSION_COOKIE],
      );
      setCookie(reply, s);
      return { user: toCurrentUser(s.user) };
    },
  });

  app.post('/logout', {
    config: { public: true },
    schema: { tags: ['auth'], response: { 200: okResponse } },
    handler: async (req, reply) => {
      await service.logout(req.cookies[SESSION_COOKIE], req.user?.id ?? null, req.ip);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ok: true as const };
    },
  });

  app.post('/password-reset-request', {
    config: { public: true, rateLimit: { max: 10, timeWindow: '15 minutes' } },
    schema: {
      tags: ['auth'],
      body: passwordResetRequestBody,
      response: { 200: messageResponse, ...errors },
    },
    // Answered before anything is looked up, so a known e-mail (token, mail) takes no longer
    // to answer than an unknown one; the work goes on after the answer.
    handler: async (req, reply) => {
      void reply.send({ message: MSG.resetOk });
      try {
        await service.requestPasswordReset(req.body.email, req.ip);
      } catch (err) {
        req.log.error({ err }, 'Falha ao preparar o link de redefinição de senha');
      }
      return reply;
    },
  });

  app.get('/password-reset', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      querystring: passwordResetTokenQuery,
      response: { 200: z.object({ email: z.string() }), ...errors },
    },
    handler: async (req) => service.resetTokenInfo(req.query.token),
  });

  app.post('/password-reset', {
    config: publicLimited,
    schema: { tags: ['auth'], body: passwordResetBody, response: { 200: okResponse, ...errors } },
    handler: async (req) => {
      await service.resetPassword(req.body.token, req.body.password, req.ip);
      return { ok: true as const };
    },
  });

  app.get('/invite', {
    config: publicLimited,
    schema: {
      tags: ['auth'],
      querystring: inviteTokenQuery,
      response: { 200: inviteInfoResponse, ...errors },
    },
    handler: async (req) => service.inviteInfo(req.query.token),
  });

  app.post('/accept-invite', {
    config: publicLimited,
    schema: { tags: ['auth'], body: acceptInviteBody, response: { 200: loginResponse, ...errors } },
    handler: async (req, reply) => {
      const s = await service.acceptInvite(
        req.body.token,
        req.body.nome,
        req.body.password,
        info(req),
      );
      setCookie(reply, s);
      return { user: toCurrentUser(s.user) };
    },
  });
};
