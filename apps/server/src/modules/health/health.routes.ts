import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';

const status = z.object({ status: z.string() });

/** Liveness and readiness probes. */
export const healthRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  app.get('/health', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: status } },
    handler: async () => ({ status: 'ok' }),
  });
  app.get('/ready', {
    config: { public: true },
    schema: { tags: ['health'], response: { 200: status, 503: status } },
    handler: async (_req, reply) => {
      try {
        await deps.database.pool.query('SELECT 1');
        return { status: 'ok' };
      } catch {
        return reply.status(503).send({ status: 'indisponível' });
      }
    },
  });
};
