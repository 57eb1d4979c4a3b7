import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppDeps, ServiceDeps } from './deps.ts';
import { createJobQueue, type JobQueue } from './jobs/queue.ts';
import { jobHandlers } from './jobs/registry.ts';
import { JOB_SPECS } from './jobs/specs.ts';
import { createMailer } from './lib/mailer.ts';
import { createOutboundGuard } from './lib/outbound-url.ts';
import { validateRequest } from './lib/validation.ts';
import { createAccess } from './app/access.ts';
import { buildServices } from './app/services.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { MODULES } from './modules/index.ts';
import { createPushSender, type PushSender } from './modules/push/push-sender.ts';
import { auditPlugin } from './plugins/audit.ts';
import { API_DESCRIPTION } from './plugins/api-token.ts';
import { authPlugin, SESSION_COOKIE } from './plugins/auth.ts';
import { changeOriginPlugin } from './plugins/change-origin.ts';
import { deviceTimePlugin } from './plugins/device-time.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { idempotencyPlugin } from './plugins/idempotency.ts';
import { frameworkErrorReply, securityHeaderList, securityPlugin } from './plugins/security.ts';

/** One API route as registered (method, URL pattern, public or session-only). */
export interface ApiRoute {
  method: string;
  url: string;
  isPublic: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
    /** Web Push sender of this app (tests wait on push.idle()). */
    push: PushSender;
    /** The job queue, its handlers registered; server.ts starts and stops its workers. */
    jobs: JobQueue;
  }
}

/** A URL with the value of every `token` query parameter masked, for the log. */
export function withoutTokens(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[oculto]');
}

/** Builds the Fastify app with every plugin and module; server.ts and tests call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: [
              'req.headers.cookie',
              'req.headers.authorization',
              'res.headers["set-cookie"]',
            ],
            // Reset and invitation links carry their token in the query string.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: withoutTokens(req.url),
                host: req.host,
                remoteAddress: req.ip,
              }),
            },
            ...(deps.logStream && { stream: deps.logStream }),
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    logController: new LogController({ disableRequestLogging: config.NODE_ENV !== 'development' }),
    // A text path parameter past the router's limit (/api/public/os/verificar/:codigo) is
    // answered before any hook: give it the security headers too.
    frameworkErrors: frameworkErrorReply(
      securityHeaderList({ hsts: config.NODE_ENV === 'production' }),
    ),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validateRequest);
  app.setSerializerCompiler(serializerCompiler);

  // Every API route, for the security suite and the permission matrix.
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (r) => {
    if (!r.url.startsWith('/api/') || r.url.startsWith('/api/docs')) return;
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD')
        apiRoutes.push({ method, url: r.url, isPublic: r.config?.public === true });
    }
  });

  const outbound = createOutboundGuard({
    allowList: config.outboundAllowList,
    lookup: deps.outboundLookup,
  });
  const jobs =
    deps.jobs ??
    createJobQueue({
      directUrl: deps.database.directUrl,
      timeZone: config.COMPANY_TIME_ZONE,
      log: app.log,
    });
  const push = createPushSender({
    db: deps.database.db,
    subject: config.vapidSubject,
    log: app.log,
    guard: outbound,
    jobs,
  });
  app.decorate('push', push);

  const serviceDeps: ServiceDeps = {
    ...deps,
    mailer:
      deps.mailer ??
      createMailer({
        db: deps.database.db,
        log: app.log,
        smtpUrl: config.SMTP_URL,
        logLinks: config.NODE_ENV !== 'production',
        jobs,
      }),
    push,
    jobs,
    outbound,
    access: createAccess(deps),
    notifications: createNotificationsService({ ...deps, push }),
  };
  const services = buildServices(serviceDeps, app.log, (stop) =>
    app.addHook('onClose', async () => stop()),
  );
  jobs.register(JOB_SPECS, jobHandlers(serviceDeps, services));
  app.decorate('jobs', jobs);
  app.decorate('services', services);

  await app.register(errorHandlerPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { hsts: config.NODE_ENV === 'production' });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_MB * 1_048_576, files: 1, fields: 10, parts: 12 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'E-Proto API', version: '1.0.0', description: API_DESCRIPTION },
      components: {
        securitySchemes: {
          sessao: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          tokenApi: { type: 'http', scheme: 'bearer', bearerFormat: 'ep_…' },
        },
      },
      security: [{ sessao: [] }, { tokenApi: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, deps);
  await app.register(auditPlugin, deps);
  await app.register(changeOriginPlugin);
  await app.register(deviceTimePlugin);
  await app.register(idempotencyPlugin, deps);

  for (const [prefix, plugin] of MODULES) await app.register(plugin, { prefix, ...serviceDeps });

  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each text asset (vite-plugin-compression2).
      preCompressed: true,
      setHeaders: (res, file) => {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/') || req.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send({ error: 'Recurso não encontrado.', code: 'NOT_FOUND', reqId: req.id });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}
