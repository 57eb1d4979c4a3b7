import { searchQuery, searchResponse } from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

/** /api/search — the global search of the top bar (Ctrl+K); every role, each area scoped. */
export const searchRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.search;

  app.get('/', {
    schema: { tags: ['search'], querystring: searchQuery, response: { 200: searchResponse } },
    handler: async (req) => service.search(currentUser(req), req.query.q, req.query.limit),
  });
};
