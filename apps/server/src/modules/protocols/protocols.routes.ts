import {
  dependencyCreateBody,
  dependencyCreateResponse,
  dependencyListResponse,
  dependencyParams,
  entityIdParams,
  kanbanBody,
  okResponse,
  protocolCreateBody,
  protocolListChangesQuery,
  protocolListChangesResponse,
  protocolListQuery,
  protocolListResponse,
  protocolSchema,
  protocolUpdateBody,
  protocolUpdateResponse,
  TOTAL_COUNT_HEADER,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';
import { protocolThread } from './protocol-thread.ts';
import { workItemThreadRoutes } from '../work-items/work-item.routes.ts';

const tags = ['protocols'];

/** /api/eproto/protocols (SPEC.md §7 "Protocols"). */
export const protocolsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const { protocols: tasks, protocolEdits: edits, protocolDependencies: links } = app.services;

  app.get('/', {
    schema: { tags, querystring: protocolListQuery, response: { 200: protocolListResponse } },
    handler: async (req, reply) => {
      const { items: rows, total } = await tasks.list(currentUser(req), req.query);
      reply
        .header(TOTAL_COUNT_HEADER, String(total))
        .header('access-control-expose-headers', TOTAL_COUNT_HEADER)
        .header('cache-control', 'no-cache');
      return rows;
    },
  });

  app.get('/changes', {
    schema: {
      tags,
      querystring: protocolListChangesQuery,
      response: { 200: protocolListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return tasks.listChanges(currentUser(req), req.query);
    },
  });

  app.post('/', {
    schema: { tags, body: protocolCreateBody, response: { 201: protocolSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await tasks.create(currentUser(req), req.body)),
  });

  app.get('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: protocolSchema } },
    handler: async (req) => tasks.get(currentUser(req), req.params.id),
  });

  app.patch('/:id', {
    schema: {
      tags,
      params: entityIdParams,
      body: protocolUpdateBody,
      response: { 200: protocolUpdateResponse },
    },
    handler: async (req) => edits.update(currentUser(req), req.params.id, req.body),
  });

  app.delete('/:id', {
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await tasks.remove(currentUser(req), req.params.id);
      return { ok: true as const };
    },
  });

  app.patch('/:id/kanban', {
    schema: { tags, params: entityIdParams, body: kanbanBody, response: { 200: protocolSchema } },
    handler: async (req) => edits.moveStage(currentUser(req), req.params.id, req.body.stage),
  });

  app.get('/:id/dependencies', {
    schema: { tags, params: entityIdParams, response: { 200: dependencyListResponse } },
    handler: async (req) => links.list(currentUser(req), req.params.id),
  });

  app.post('/:id/dependencies', {
    schema: {
      tags,
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

  app.delete('/:id/dependencies/:depId', {
    schema: { tags, params: dependencyParams, response: { 200: okResponse } },
    handler: async (req) => {
      await links.remove(currentUser(req), req.params.id, req.params.depId);
      return { ok: true as const };
    },
  });

  // deps carries this plugin's own `prefix`; the child must not add it a second time.
  const { prefix: _prefix, ...childDeps } = deps as ServiceDeps & { prefix?: string };
  await app.register(
    workItemThreadRoutes(protocolThread, (s) => s.threads.protocols),
    childDeps,
  );
};
