import {
  chatMessagesQuery,
  chatReadResponse,
  contractChatMessagePage,
  contractChatMessageSchema,
  contractChatSendBody,
  contractRoomMembersResponse,
  contractRoomsResponse,
  entityIdParams,
  rolesFor,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';

const tags = ['contract-chat'];

/** /api/contract-chat: one room per contract (chatId = contract id). */
export const contractChatRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.contractChat;
  app.addHook('preHandler', requireRoles(rolesFor('/operacional/chat')));

  app.get('/contracts', {
    schema: { tags, response: { 200: contractRoomsResponse } },
    handler: async (req) => service.rooms(currentUser(req)),
  });

  app.get('/messages/:id', {
    schema: {
      tags,
      params: entityIdParams,
      querystring: chatMessagesQuery,
      response: { 200: contractChatMessagePage },
    },
    handler: async (req) => service.messages(currentUser(req), req.params.id, req.query),
  });

  app.get('/members/:id', {
    schema: { tags, params: entityIdParams, response: { 200: contractRoomMembersResponse } },
    handler: async (req) => service.members(currentUser(req), req.params.id),
  });

  app.post('/send', {
    schema: { tags, body: contractChatSendBody, response: { 201: contractChatMessageSchema } },
    handler: async (req, reply) => {
      const message = await service.send(currentUser(req), req.body);
      return reply.status(201).send(message);
    },
  });

  app.post('/read/:id', {
    schema: { tags, params: entityIdParams, response: { 200: chatReadResponse } },
    handler: async (req) => service.read(currentUser(req), req.params.id),
  });
};
