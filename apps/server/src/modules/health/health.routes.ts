import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';

const status = z.object({ status: z.string() });

/**
 * Liveness and readiness probes. /health: the process can do its work — 503 once the database
 * has been unreachable for DB_UNHEALTHY_AFTER_SECONDS, so a process manager or load balancer
 * acts; a short outage (the embedded server restarting) stays 200. /ready: the database answers
 * right now.
 */
export const healthRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: status, 503: status } },
    handler: async (_req, reply) => {
      const { health } = deps.database;
      if (health.isDown() && health.downForMs() >= deps.config.DB_UNHEALTHY_AFTER_SECONDS * 1000) {
        return reply.status(503).send({ status: 'banco de dados indisponível' });
      }
      return { status: 'ok' };
    },
  });
  app.get('/ready', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: status, 503: status } },
    handler: async (_req, reply) => {
      if (deps.database.health.isDown()) return reply.status(503).send({ status: 'indisponível' });
      try {
        await deps.database.pool.query('SELECT 1');
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'indisponível' });
      }
    },
  });
};
