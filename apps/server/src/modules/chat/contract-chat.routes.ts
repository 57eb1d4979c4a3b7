import {
  contractChatMessagePage,
  contractChatMessageSchema,
  contractChatSendBody,
  contractRoomMembersResponse,
  contractRoomsResponse,
  entityIdParams,
} from '@eproto/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requireRoles } from '../../plugins/auth.ts';
import { CHAT_ROLES } from './chat.mapper.ts';
import { createContractChatService } from './contract-chat.service.ts';
import { addConversationRoutes } from './conversation.routes.ts';

const tags = ['contract-chat'];

/** /api/contract-chat: one room per contract (chatId = contract id). */
export const contractChatRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const service = createContractChatService(deps);
  app.addHook('preHandler', requireRoles(CHAT_ROLES));

  app.get('/contracts', {
    schema: { tags, response: { 200: contractRoomsResponse } },
    handler: async (req) => service.rooms(currentUser(req)),
  });

  app.get('/members/:id', {
    schema: { tags, params: entityIdParams, response: { 200: contractRoomMembersResponse } },
    handler: async (req) => service.members(currentUser(req), req.params.id),
  });

  addConversationRoutes(app, tags, service, {
    page: contractChatMessagePage,
    message: contractChatMessageSchema,
    send: contractChatSendBody,
  });
};
