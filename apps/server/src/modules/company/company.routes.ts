import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companySettingsBody,
  companySettingsResponse,
  companySettingsSchema,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';

/** /api/empresa: the employer's name and CNPJ; read by any signed-in user, edited by ti/diretoria. */
export const companyRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app) => {
  const service = app.services.company;
  const tags = ['empresa'];

  app.get('/', {
    schema: { tags, response: { 200: companySettingsResponse } },
    handler: async () => ({ empresa: await service.get() }),
  });

  app.put('/', {
    preHandler: requirePermission('company.edit'),
    schema: { tags, body: companySettingsBody, response: { 200: companySettingsSchema } },
    handler: async (req) => service.save(currentUser(req), req.body),
  });
};
