import {
  attachmentDeleteBody,
  attachmentParams,
  entityIdParams,
  historyNoteBody,
  historyPageQuery,
  mentionablesResponse,
  mentionParticipantBody,
  messageBody,
  messageParams,
  okResponse,
  syncQuery,
} from '@eproto/domain';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { readAttachmentForm, sendFile } from '../../lib/file-http.ts';
import { usingFile } from '../../lib/incoming-file.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { WorkItemAccess, WorkItemKind } from './work-item-kind.ts';
import type { WorkItemThread } from './work-item-thread.ts';

/**
 * The thread of a kind of work item under its own prefix (/api/eproto/murals, /protocols):
 * /{id}/messages (+ /mentionables, /messages/{messageId}/mentions), /{id}/attachments (list,
 * upload at kind.uploadPath, download, delete with reason) and /{id}/history (+ notes).
 * `threadOf` picks the kind's services, built once in app/services.ts.
 */
export function workItemThreadRoutes<F extends string, A extends WorkItemAccess>(
  kind: WorkItemKind<F, A>,
  threadOf: (services: FastifyInstance['services']) => WorkItemThread<F, A>,
): FastifyPluginAsyncZod<ServiceDeps> {
  return async (app) => {
    const { messages, files, history } = threadOf(app.services);
    const tags = [kind.tag];
    const s = kind.schemas;

    app.get('/:id/messages', {
      schema: {
        tags,
        params: entityIdParams,
        querystring: syncQuery,
        response: { 200: s.messageList },
      },
      handler: async (req) =>
        messages.list(currentUser(req), req.params.id, req.query.updated_since),
    });

    app.post('/:id/messages', {
      schema: {
        tags,
        params: entityIdParams,
        body: messageBody,
        response: { 201: s.messagePosted },
      },
      handler: async (req, reply) => {
        const { texto, mentions } = req.body;
        const posted = await messages.post(currentUser(req), req.params.id, texto, mentions);
        return reply.status(201).send(posted);
      },
    });

    app.post('/:id/messages/:messageId/mentions', {
      schema: {
        tags,
        params: messageParams,
        body: mentionParticipantBody,
        response: { 200: s.message },
      },
      handler: async (req) =>
        messages.mentionParticipant(
          currentUser(req),
          req.params.id,
          req.params.messageId,
          req.body.user_id,
        ),
    });

    app.get('/:id/mentionables', {
      schema: { tags, params: entityIdParams, response: { 200: mentionablesResponse } },
      handler: async (req) => messages.mentionables(currentUser(req), req.params.id),
    });

    app.get('/:id/attachments', {
      schema: { tags, params: entityIdParams, response: { 200: s.attachmentList } },
      handler: async (req) => files.list(currentUser(req), req.params.id),
    });

    app.post(`/:id/${kind.uploadPath}`, {
      schema: { tags, params: entityIdParams, response: { 201: s.attachment } },
      handler: async (req, reply) => {
        const user = currentUser(req);
        // Scope and permission first: nobody out of scope gets to send a body.
        await files.assertCanUpload(user, req.params.id);
        const form = await readAttachmentForm(req);
        const created = await usingFile(form.file, () => files.upload(user, req.params.id, form));
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
      schema: {
        tags,
        params: entityIdParams,
        querystring: historyPageQuery,
        response: { 200: s.historyList },
      },
      handler: async (req) => history.list(currentUser(req), req.params.id, req.query),
    });

    app.post('/:id/history', {
      schema: {
        tags,
        params: entityIdParams,
        body: historyNoteBody,
        response: { 201: s.historyList },
      },
      handler: async (req, reply) =>
        reply
          .status(201)
          .send(await history.addNote(currentUser(req), req.params.id, req.body.texto)),
    });
  };
}
