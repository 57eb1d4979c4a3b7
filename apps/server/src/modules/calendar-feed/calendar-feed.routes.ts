import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  calendarFeedCreated,
  calendarFeedParams,
  calendarFeedStatus,
  rolesFor,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

/** /api/profile/calendario: the signed-in person's own feed link ("Calendário" on /profile). */
export const calendarFeedRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.calendarFeed;
  const preHandler = requireRoles(rolesFor('/profile'));
  const tags = ['profile'];

  app.get('/', {
    preHandler,
    schema: { tags, response: { 200: calendarFeedStatus } },
    handler: async (req) => service.status(currentUser(req)),
  });

  app.post('/', {
    preHandler,
    config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
    schema: { tags, response: { 201: calendarFeedCreated } },
    handler: async (req, reply) => reply.status(201).send(await service.create(currentUser(req))),
  });

  app.delete('/', {
    preHandler,
    schema: { tags, response: { 200: calendarFeedStatus } },
    handler: async (req) => service.revoke(currentUser(req)),
  });
};

/** /api/public/calendario/<token>.ics: no session; what Google Calendar or Outlook fetch. */
export const publicCalendarFeedRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.calendarFeed;

  app.get('/:arquivo', {
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['público'], params: calendarFeedParams },
    handler: async (req, reply) => {
      const body = await service.feed(req.params.arquivo.slice(0, -'.ics'.length));
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="eproto.ics"')
        .header('Cache-Control', 'private, no-store')
        .send(body);
    },
  });
};
