import {
  chatContactsResponse,
  chatMessagePage,
  chatMessageSchema,
  chatMessagesQuery,
  chatReadResponse,
  chatSendBody,
  chatUploadResponse,
  entityIdParams,
  rolesFor,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { sendFile } from '../../lib/file-http.ts';
import { withUploadedFile } from '../../lib/incoming-file.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

const tags = ['chat'];

/** /api/chat: direct messages between two people, and chat file upload/download. */
export const chatRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const { chat: service, chatFiles: files } = app.services;
  app.addHook('preHandler', requireRoles(rolesFor('/operacional/chat')));

  app.get('/contacts', {
    schema: { tags, response: { 200: chatContactsResponse } },
    handler: async (req) => service.contacts(currentUser(req)),
  });

  app.get('/messages/:id', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: chatMessagesQuery,
      response: { 200: chatMessagePage },
    },
    handler: async (req) => service.messages(currentUser(req), req.params.id, req.query),
  });

  app.post('/send', {
    schema: { tags, body: chatSendBody, response: { 201: chatMessageSchema } },
    handler: async (req, reply) => {
      const message = await service.send(currentUser(req), req.body);
      return reply.status(201).send(message);
    },
  });

  app.post('/read/:id', {
    schema: { tags, params: entityIdParams, response: { 200: chatReadResponse } },
    handler: async (req) => service.read(currentUser(req), req.params.id),
  });

  app.post('/upload', {
    schema: { tags, consumes: ['multipart/form-data'], response: { 200: chatUploadResponse } },
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (req) =>
      withUploadedFile(await req.file(), (file) => files.upload(currentUser(req), file)),
  });

  app.get('/files/:id', {
    schema: { tags, params: entityIdParams },
    handler: async (req, reply) => {
      const { row, stream } = await files.download(currentUser(req), req.params.id);
      return sendFile(
        reply,
        { mimeType: row.mimeType, fileName: row.fileName, stream },
        'private, max-age=3600',
      );
    },
  });
};
