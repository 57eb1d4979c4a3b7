import {
  entityIdParams,
  muralTaskChangesQuery,
  muralTaskChangesResponse,
  muralTaskListResponse,
  muralTaskParams,
  muralTaskSchema,
  muralTaskUpdateBody,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['murals'];

/**
 * /api/eproto/murals/{id}/tasks: the tasks of a demand as its page shows them, and their quick
 * edits (SPEC.md §7 "Murals"). Mounted beside muralsRoutes; it lives with the tasks, which it
 * edits through the tasks service, so the demands area never imports the tasks area.
 */
export const muralTasksRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const tasks = app.services.muralTasks;

  app.get('/:id/tasks', {
    schema: { tags, params: entityIdParams, response: { 200: muralTaskListResponse } },
    handler: async (req) => tasks.list(currentUser(req), req.params.id),
  });

  app.get('/:id/tasks/changes', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: muralTaskChangesQuery,
      response: { 200: muralTaskChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return tasks.changes(currentUser(req), req.params.id, req.query.updated_since);
    },
  });

  app.patch('/:id/tasks/:taskId', {
    schema: {
      tags,
      params: muralTaskParams,
      body: muralTaskUpdateBody,
      response: { 200: muralTaskSchema },
    },
    handler: async (req) =>
      tasks.update(currentUser(req), req.params.id, req.params.taskId, req.body),
  });
};
