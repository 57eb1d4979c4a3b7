import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assetFileParams,
  assetFileSchema,
  assetFilesResponse,
  fieldIdParams,
  rolesFor,
} from '@eproto/domain';
import { z } from 'zod';
import type { ServiceDeps } from '../../deps.ts';
import { sendFile } from '../../lib/file-http.ts';
import { currentUser, requirePermission, requireRoles } from '../../plugins/auth.ts';

/**
 * /api/tatico/ativos/:id/arquivos: photos and documents of an asset (docs/assets.md). The
 * agenda's roles list and download those of their contracts' assets; gestão uploads and removes.
 */
export const assetFilesRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.assetFiles;
  const screen = requireRoles(rolesFor('/tatico/agenda'));
  const manage = requirePermission('assets.manage');
  const tags = ['ativos'];

  app.get('/:id/arquivos', {
    preHandler: screen,
    schema: { tags, params: fieldIdParams, response: { 200: assetFilesResponse } },
    handler: async (req) => service.list(currentUser(req), req.params.id),
  });

  // multipart/form-data with the photo (JPEG/PNG) or the PDF in "file", at most 10 MB.
  app.post('/:id/arquivos', {
    preHandler: manage,
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags, params: fieldIdParams, response: { 201: assetFileSchema } },
    handler: async (req, reply) =>
      reply.status(201).send(await service.upload(currentUser(req), req.params.id, req)),
  });

  app.get('/:id/arquivos/:fileId', {
    preHandler: screen,
    schema: { tags, params: assetFileParams },
    handler: async (req, reply) =>
      sendFile(reply, await service.download(currentUser(req), req.params.id, req.params.fileId)),
  });

  app.get('/:id/arquivos/:fileId/miniatura', {
    preHandler: screen,
    schema: { tags, params: assetFileParams },
    handler: async (req, reply) =>
      sendFile(
        reply,
        await service.thumbnail(currentUser(req), req.params.id, req.params.fileId),
        'private, max-age=3600',
      ),
  });

  app.delete('/:id/arquivos/:fileId', {
    preHandler: manage,
    schema: { tags, params: assetFileParams, response: { 204: z.null() } },
    handler: async (req, reply) => {
      await service.remove(currentUser(req), req.params.id, req.params.fileId);
      return reply.status(204).send(null);
    },
  });
};
