import { dependencyCreateBody, dependencyCreateResponse, entityIdParams } from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

/** /api/eproto/tasks (SPEC.md §7 "Murals"): the same dependency call as under /protocols. */
export const tasksRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const links = app.services.protocolDependencies;

  app.post('/:id/dependencies', {
    schema: {
      tags: ['protocols'],
      params: entityIdParams,
      body: dependencyCreateBody,
      response: { 201: dependencyCreateResponse },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await links.add(
            currentUser(req),
            req.params.id,
            req.body.predecessor_id,
            req.body.lag_days,
          ),
        ),
  });
};
