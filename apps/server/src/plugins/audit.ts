import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { activityLog } from '../db/schema/index.ts';
import type { AppDeps } from '../deps.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every successful write through the API leaves a row in the activity log. */
export const auditPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  // onSend (not onResponse): the row exists by the time the client has the answer.
  // Callback style: reads pass through without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    // A replayed Idempotency-Key answer repeats a write already logged.
    if (!WRITES.has(req.method) || !req.user || reply.statusCode >= 400 || req.idempotentReplay) {
      return done(null, payload);
    }
    const route = req.routeOptions.url;
    if (!route || route.startsWith('/api/auth/')) return done(null, payload);
    const params = (req.params ?? {}) as Record<string, unknown>;
    const objectType = route.replace(/^\/api\/(eproto\/)?/, '').split('/')[0] ?? null;
    const objectId = params.id ?? params.taskId ?? null;
    deps.database.db
      .insert(activityLog)
      .values({
        userId: req.user.id,
        email: req.user.email,
        action: `${req.method} ${route}`,
        objectType,
        objectId: objectId === null ? null : String(objectId as string | number),
        ip: req.ip,
      })
      .catch((err: unknown) => req.log.warn({ err }, 'Falha ao registrar atividade'))
      .then(() => done(null, payload), done);
  });
});
