import {
  dependencyCreateBody,
  dependencyCreateResponse,
  dependencyListResponse,
  dependencyParams,
  entityIdParams,
  kanbanBody,
  okResponse,
  protocolAttachmentListResponse,
  protocolAttachmentParams,
  protocolAttachmentSchema,
  protocolCreateBody,
  protocolHistoryBody,
  protocolHistoryListResponse,
  protocolListQuery,
  protocolListResponse,
  protocolMessageBody,
  protocolMessageListResponse,
  protocolMessageSchema,
  protocolSchema,
  protocolUpdateBody,
  protocolUpdateResponse,
  TOTAL_COUNT_HEADER,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { readAttachmentForm, sendFile } from '../../lib/file-http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createProtocolDependenciesService } from './protocol-dependencies.service.ts';
import { createProtocolEditService } from './protocol-edit.service.ts';
import { createProtocolItemsService } from './protocol-items.service.ts';
import { createProtocolsService } from './protocols.service.ts';

const tags = ['protocols'];

/** /api/eproto/protocols (SPEC.md §7 "Protocols"). */
export const protocolsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const tasks = createProtocolsService(deps);
  const edits = createProtocolEditService(deps);
  const items = createProtocolItemsService(deps);
  const links = createProtocolDependenciesService(deps);

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

  app.get('/:id/history', {
    schema: { tags, params: entityIdParams, response: { 200: protocolHistoryListResponse } },
    handler: async (req) => items.history(currentUser(req), req.params.id),
  });

  app.post('/:id/history', {
    schema: {
      tags,
      params: entityIdParams,
      body: protocolHistoryBody,
      response: { 201: protocolHistoryListResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await items.addNote(currentUser(req), req.params.id, req.body.texto)),
  });

  app.get('/:id/messages', {
    schema: { tags, params: entityIdParams, response: { 200: protocolMessageListResponse } },
    handler: async (req) => items.messages(currentUser(req), req.params.id),
  });

  app.post('/:id/messages', {
    schema: {
      tags,
      params: entityIdParams,
      body: protocolMessageBody,
      response: { 201: protocolMessageSchema },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(
          await items.postMessage(
            currentUser(req),
            req.params.id,
            req.body.texto,
            req.body.mentions,
          ),
        ),
  });

  app.get('/:id/attachments', {
    schema: { tags, params: entityIdParams, response: { 200: protocolAttachmentListResponse } },
    handler: async (req) => items.attachments(currentUser(req), req.params.id),
  });

  app.post('/:id/attachments', {
    schema: { tags, params: entityIdParams, response: { 201: protocolAttachmentSchema } },
    handler: async (req, reply) => {
      const user = currentUser(req);
      // Scope and permission first: nobody out of scope gets to send a body.
      await items.assertCanUpload(user, req.params.id);
      const created = await items.upload(user, req.params.id, await readAttachmentForm(req));
      return reply.status(201).send(created);
    },
  });

  app.get('/:id/attachments/:attId/download', {
    schema: { tags, params: protocolAttachmentParams },
    handler: async (req, reply) => {
      const file = await items.download(currentUser(req), req.params.id, req.params.attId);
      return sendFile(reply, file);
    },
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
};
