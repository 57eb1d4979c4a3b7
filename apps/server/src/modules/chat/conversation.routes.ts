import {
  chatMessagesQuery,
  chatReadResponse,
  entityIdParams,
  type ChatMessagesQuery,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { currentUser } from '../../plugins/auth.ts';
import type { ChatUser } from './chat.service.ts';

/** What both chats do with one conversation (a person, or a contract room). */
export interface ConversationService<B> {
  messages(user: ChatUser, id: number, q: ChatMessagesQuery): Promise<unknown>;
  send(user: ChatUser, body: B): Promise<unknown>;
  read(user: ChatUser, id: number): Promise<z.infer<typeof chatReadResponse>>;
}

/**
 * The routes both chats answer under their prefix: GET /messages/{id} (a page, oldest first),
 * POST /send (201 with the stored message) and POST /read/{id}.
 */
export function addConversationRoutes<B>(
  app: Parameters<FastifyPluginAsyncZod>[0],
  tags: string[],
  service: ConversationService<B>,
  schemas: { page: z.ZodType; message: z.ZodType; send: z.ZodType<B> },
) {
  app.get('/messages/:id', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: chatMessagesQuery,
      response: { 200: schemas.page },
    },
    handler: async (req) => service.messages(currentUser(req), req.params.id, req.query),
  });

  app.post('/send', {
    schema: { tags, body: schemas.send, response: { 201: schemas.message } },
    handler: async (req, reply) => {
      const message = await service.send(currentUser(req), req.body as B);
      return reply.status(201).send(message);
    },
  });

  app.post('/read/:id', {
    schema: { tags, params: entityIdParams, response: { 200: chatReadResponse } },
    handler: async (req) => service.read(currentUser(req), req.params.id),
  });
}
