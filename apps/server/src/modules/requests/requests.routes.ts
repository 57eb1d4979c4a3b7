import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  fieldIdParams,
  REQUEST_ATTACHMENT_MAX_MB,
  requestAttachmentParams,
  requestBody,
  requestDetailResponse,
  requestListQuery,
  requestListResponse,
  rolesFor,
  transitionBody,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { sendFile } from '../../lib/file-http.ts';
import { withUploadedFile } from '../../lib/incoming-file.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

/** /api/solicitacoes (screen /solicitacoes); equipe opens EPI requests through /api/tatico/epi. */
export const requestsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.requests;
  const preHandler = requireRoles(rolesFor('/solicitacoes'));
  const tags = ['solicitacoes'];

  app.get('/', {
    preHandler,
    schema: { tags, querystring: requestListQuery, response: { 200: requestListResponse } },
    handler: async (req) => service.list(currentUser(req), req.query),
  });

  app.post('/', {
    preHandler,
    schema: { tags, body: requestBody, response: { 201: requestDetailResponse } },
    handler: async (req, reply) => {
      const u = currentUser(req);
      const { id } = await service.create(u, req.body);
      return reply.status(201).send(await service.detail(u, id));
    },
  });

  app.get('/:id', {
    preHandler,
    schema: { tags, params: fieldIdParams, response: { 200: requestDetailResponse } },
    handler: async (req) => service.detail(currentUser(req), req.params.id),
  });

  app.post('/:id/status', {
    preHandler,
    schema: {
      tags,
      params: fieldIdParams,
      body: transitionBody,
      response: { 200: requestDetailResponse },
    },
    handler: async (req) => service.transition(currentUser(req), req.params.id, req.body),
  });

  app.post('/:id/anexos', {
    preHandler,
    schema: { tags, params: fieldIdParams, response: { 201: requestDetailResponse } },
    handler: async (req, reply) => {
      const part = await req.file({ limits: { fileSize: REQUEST_ATTACHMENT_MAX_MB * 1_048_576 } });
      const detail = await withUploadedFile(part, (file) =>
        service.addAttachment(currentUser(req), req.params.id, file),
      );
      return reply.status(201).send(detail);
    },
  });

  app.get('/:id/anexos/:attId', {
    preHandler,
    schema: { tags, params: requestAttachmentParams },
    handler: async (req, reply) => {
      const file = await service.download(currentUser(req), req.params.id, req.params.attId);
      return sendFile(reply, file);
    },
  });
};
