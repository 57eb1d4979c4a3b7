import { presenceBody } from '@eproto/domain';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

/** /api/eproto/presence: "I am editing or moving this demand", told to the others who see it. */
export const presenceRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { presence } = app.services;

  app.post('/', {
    schema: {
      tags: ['presence'],
      summary: 'Avisa quem mais vê a demanda que você a está editando ou movendo',
      body: presenceBody,
      response: { 204: z.null() },
    },
    handler: async (req, reply) => {
      await presence.announce(currentUser(req), req.body);
      return reply.status(204).send(null);
    },
  });
};
