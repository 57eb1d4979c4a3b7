import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createTicketBody,
  rolesFor,
  TICKET_ATTACHMENT_MAX_MB,
  ticketAttachmentParams,
  ticketCommentBody,
  ticketDetail,
  ticketListChangesQuery,
  ticketListChangesResponse,
  ticketListQuery,
  ticketListResponse,
  ticketParams,
  ticketStatusBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { sendFile } from '../../lib/file-http.ts';
import { withUploadedFile } from '../../lib/incoming-file.ts';

// Limits count per signed-in person, so colleagues behind one office address do not share them.
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : req.ip);

/** /api/support/tickets: the /ti/help screens. */
export const supportRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.support;
  const preHandler = requireRoles(rolesFor('/ti/help'));
  const tags = ['support'];

  app.get('/', {
    preHandler,
    schema: { tags, querystring: ticketListQuery, response: { 200: ticketListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query),
  });

  app.get('/changes', {
    preHandler,
    schema: {
      tags,
      querystring: ticketListChangesQuery,
      response: { 200: ticketListChangesResponse },
    },
    handler: async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      return service.listChanges(currentUser(req), req.query);
    },
  });

  app.post('/', {
    preHandler,
    config: { rateLimit: { max: 20, timeWindow: '10 minutes', keyGenerator: byUser } },
    schema: { tags, body: createTicketBody, response: { 201: ticketDetail } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req), req.body)),
  });

  app.get('/:id', {
    preHandler: requireRoles(rolesFor('/ti/help/:id')),
    schema: { tags, params: ticketParams, response: { 200: ticketDetail } },
    handler: async (req) => service.detail(currentUser(req), req.params.id),
  });

  app.post('/:id/comments', {
    preHandler,
    schema: {
      tags,
      params: ticketParams,
      body: ticketCommentBody,
      response: { 201: ticketDetail },
    },
    handler: async (req, reply) =>
      reply
        .status(201)
        .send(await service.comment(currentUser(req), req.params.id, req.body.texto)),
  });

  app.patch('/:id/status', {
    preHandler,
    schema: { tags, params: ticketParams, body: ticketStatusBody, response: { 200: ticketDetail } },
    handler: async (req) => service.setStatus(currentUser(req), req.params.id, req.body.status),
  });

  app.post('/:id/attachments', {
    preHandler,
    schema: { tags, params: ticketParams, response: { 201: ticketDetail } },
    handler: async (req, reply) => {
      const part = await req.file({ limits: { fileSize: TICKET_ATTACHMENT_MAX_MB * 1_048_576 } });
      const detail = await withUploadedFile(part, (file) =>
        service.addAttachment(currentUser(req), req.params.id, file),
      );
      return reply.status(201).send(detail);
    },
  });

  app.get('/:id/attachments/:attId/download', {
    preHandler,
    schema: { tags, params: ticketAttachmentParams },
    handler: async (req, reply) => {
      const file = await service.download(currentUser(req), req.params.id, req.params.attId);
      return sendFile(reply, file);
    },
  });
};
