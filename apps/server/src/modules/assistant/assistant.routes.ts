import { PassThrough } from 'node:stream';
import {
  ASSISTANT_STREAM_TYPE,
  assistantActionBody,
  assistantActionResponse,
  assistantChatBody,
  assistantConversationCreateBody,
  assistantConversationDetail,
  assistantConversationListResponse,
  assistantConversationRenameBody,
  assistantConversationSchema,
  assistantStatusSchema,
  entityIdParams,
  okResponse,
  type AssistantStreamEvent,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser } from '../../plugins/auth.ts';

const tags = ['assistant'];

/** /api/ai: the AI assistant (/ai/assistente, every role). Everything is the caller's own. */
export const assistantRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.assistant;

  app.get('/status', {
    schema: { tags, response: { 200: assistantStatusSchema } },
    handler: async (req) => service.status(currentUser(req)),
  });

  app.get('/conversations', {
    schema: { tags, response: { 200: assistantConversationListResponse } },
    handler: async (req) => service.list(currentUser(req).id),
  });

  app.post('/conversations', {
    schema: {
      tags,
      body: assistantConversationCreateBody,
      response: { 201: assistantConversationSchema },
    },
    handler: async (req, reply) =>
      reply.status(201).send(await service.create(currentUser(req).id, req.body.titulo)),
  });

  app.get('/conversations/:id', {
    schema: { tags, params: entityIdParams, response: { 200: assistantConversationDetail } },
    handler: async (req) => service.get(currentUser(req).id, req.params.id),
  });

  app.patch('/conversations/:id', {
    schema: {
      tags,
      params: entityIdParams,
      body: assistantConversationRenameBody,
      response: { 200: assistantConversationSchema },
    },
    handler: async (req) => service.rename(currentUser(req).id, req.params.id, req.body.titulo),
  });

  app.delete('/conversations/:id', {
    schema: { tags, params: entityIdParams, response: { 200: okResponse } },
    handler: async (req) => {
      await service.remove(currentUser(req).id, req.params.id);
      return { ok: true as const };
    },
  });

  app.post('/chat', {
    schema: {
      tags,
      summary: 'Pergunta ao assistente; a resposta chega como NDJSON (uma linha por evento)',
      body: assistantChatBody,
    },
    handler: async (req, reply) => {
      const user = currentUser(req);
      // Ownership and the rate limit answer as ordinary JSON errors, before the stream starts.
      const asked = await service.ask(user.id, req.body.conversation_id, req.body.content);
      const stream = new PassThrough();
      const stop = new AbortController();
      // The browser went away (stop button, closed tab): stop asking the provider.
      reply.raw.on('close', () => {
        if (reply.raw.writableFinished) return;
        stop.abort();
        stream.destroy();
      });
      const emit = (e: AssistantStreamEvent) => {
        if (!stream.writableEnded && !stream.destroyed) stream.write(`${JSON.stringify(e)}\n`);
      };
      void service
        .answer(user, asked, { emit, signal: stop.signal })
        .catch((err: unknown) => req.log.error({ err }, 'Falha ao responder no assistente'))
        .finally(() => {
          if (!stream.destroyed) stream.end();
        });
      return reply
        .header('content-type', `${ASSISTANT_STREAM_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-cache, no-transform')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  });

  app.post('/messages/:id/action', {
    schema: {
      tags,
      params: entityIdParams,
      body: assistantActionBody,
      response: { 200: assistantActionResponse },
    },
    handler: async (req) => service.decide(currentUser(req), req.params.id, req.body.decision),
  });
};
