import { CHANGES_HEADER, IDEMPOTENCY_HEADER, isOriginId, ORIGIN_HEADER } from '@eproto/domain';
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import { ChangeScope, withChangeScope } from '../lib/change-origin.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const scopes = new WeakMap<FastifyRequest, ChangeScope>();

/** JSON with every non-ASCII character escaped: a header value must be plain ASCII. */
function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * A write sent with `X-Origin` (the web's tab id) runs in a ChangeScope: the events it
 * publishes before answering carry that origin, and the answer lists them in `X-Changes`
 * (lib/change-origin.ts). A missing or malformed X-Origin changes nothing, and so does one
 * beside an Idempotency-Key (the offline outbox's writes).
 */
export const changeOriginPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function withOrigin(req, reply) {
      const origin = req.headers[ORIGIN_HEADER];
      // A write with an Idempotency-Key may be answered by a replay, which lists no changes:
      // its events reach every tab, the writer's too.
      const replayable = req.headers[IDEMPOTENCY_HEADER] !== undefined;
      if (!WRITES.has(req.method) || !req.user || !isOriginId(origin) || replayable) {
        return handler.call(this, req, reply);
      }
      const scope = new ChangeScope(origin, req.user.id);
      scopes.set(req, scope);
      return withChangeScope(scope, () => handler.call(this, req, reply));
    };
  });

  app.addHook('onSend', (req, reply, payload, done) => {
    const changes = scopes.get(req)?.close();
    if (changes && changes.length > 0) reply.header(CHANGES_HEADER, asciiJson(changes));
    done(null, payload);
  });
});
