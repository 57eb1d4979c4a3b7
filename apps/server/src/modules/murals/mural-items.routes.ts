import {
  attachmentDeleteBody,
  attachmentParams,
  entityIdParams,
  mentionablesResponse,
  muralAttachmentListResponse,
  muralAttachmentSchema,
  muralHistoryBody,
  muralHistoryListResponse,
  muralMessageBody,
  muralMessageListResponse,
  muralMessageSchema,
  muralParticipantBody,
  muralParticipantListResponse,
  muralParticipantParams,
  okResponse,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { readAttachmentForm, sendFile } from '../../lib/file-http.ts';
import { currentUser } from '../../plugins/auth.ts';
import { createMuralAttachmentsService } from './mural-attachments.service.ts';
import { createMuralMessagesService } from './mural-messages.service.ts';
import { createMuralParticipantsService } from './mural-participants.service.ts';

const tags = ['murals'];

/** Sub-resources of a demand: messages, attachments, history, participants. */
export const muralItemsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const messages = createMuralMessagesService(deps);
  const files = createMuralAttachmentsService(deps);
  const people = createMuralParticipantsService(deps);

  app.get('/:id/messages', {
    schema: { tags, params: entityIdParams, response: { 200: muralMessageListResponse } },
    handler: async (req) => messages.list(currentUser(req), req.params.id),
  });

  app.post('/:id/messages', {
    schema: {
      tags,
      params: entityIdParams,
      body: muralMessageBody,
      response: { 201: muralMessageSchema },
    },
    handler: async (req, reply) => {
      const msg = await messages.post(
        currentUser(req),
        req.params.id,
        req.body.texto,
        req.body.mentions,
      );
      return reply.status(201).send(msg);
    },
  });

  app.get('/:id/mentionables', {
    schema: { tags, params: entityIdParams, response: { 200: mentionablesResponse } },
    handler: async (req) => messages.mentionables(currentUser(req), req.params.id),
  });

  app.get('/:id/attachments', {
    schema: { tags, params: entityIdParams, response: { 200: muralAttachmentListResponse } },
    handler: async (req) => files.list(currentUser(req), req.params.id),
  });

  app.post('/:id/attachments/upload', {
    schema: { tags, params: entityIdParams, response: { 201: muralAttachmentSchema } },
    handler: async (req, reply) => {
      const user = currentUser(req);
      // Scope and permission first: nobody out of scope gets to send a body.
      await files.assertCanUpload(user, req.params.id);
      const created = await files.upload(user, req.params.id, await readAttachmentForm(req));
      return reply.status(201).send(created);
    },
  });

  app.get('/:id/attachments/:attId/download', {
    schema: { tags, params: attachmentParams },
    handler: async (req, reply) => {
      const file = await files.download(currentUser(req), req.params.id, req.params.attId);
      return sendFile(reply, file);
    },
  });

  app.delete('/:id/attachments/:attId', {
    schema: {
      tags,
      params: attachmentParams,
      body: attachmentDeleteBody,
      response: { 200: okResponse },
    },
    handler: async (req) => {
      await files.remove(currentUser(req), req.params.id, req.params.attId, req.body.reason);
      return { ok: true as const };
    },
  });

  app.get('/:id/history', {
    schema: { tags, params: entityIdParams, response: { 200: muralHistoryListResponse } },
    handler: async (req) => people.history(currentUser(req), req.params.id),
  });

  app.post('/:id/history', {
    schema: {
      tags,
      params: entityIdParams,
      body: muralHistoryBody,
      response: { 201: muralHistoryListResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await people.addNote(currentUser(req), req.params.id, req.body.texto)),
  });

  app.get('/:id/participants', {
    schema: { tags, params: entityIdParams, response: { 200: muralParticipantListResponse } },
    handler: async (req) => people.list(currentUser(req), req.params.id),
  });

  app.post('/:id/participants', {
    schema: {
      tags,
      params: entityIdParams,
      body: muralParticipantBody,
      response: { 201: muralParticipantListResponse },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await people.add(currentUser(req), req.params.id, req.body.user_id)),
  });

  app.delete('/:id/participants/:userId', {
    schema: { tags, params: muralParticipantParams, response: { 200: okResponse } },
    handler: async (req) => {
      await people.remove(currentUser(req), req.params.id, req.params.userId);
      return { ok: true as const };
    },
  });
};
