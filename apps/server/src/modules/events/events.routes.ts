import { eventsQuery } from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { tokenHash } from '../../lib/crypto.ts';
import { currentUser, SESSION_COOKIE } from '../../plugins/auth.ts';
import { createEventHub } from './event-hub.ts';

/** /api/events: the push channel, one Server-Sent-Events stream per browser tab. */
export const eventsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const hub = createEventHub(deps.events);
  // Before the server waits for open connections, or app.close() would hang on the streams.
  app.addHook('preClose', (done) => {
    hub.closeAll();
    done();
  });

  app.get('/', {
    schema: {
      tags: ['events'],
      summary: 'Canal de eventos em tempo real (text/event-stream)',
      querystring: eventsQuery,
    },
    handler: async (req, reply) => {
      const user = currentUser(req);
      reply.hijack();
      hub.open(
        {
          userId: user.id,
          tokenHash: tokenHash(req.cookies[SESSION_COOKIE] ?? ''),
          res: reply.raw,
        },
        req.query.gap_ms,
      );
    },
  });
};
