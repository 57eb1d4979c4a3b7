import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenListQuery,
  apiTokenListSchema,
  apiTokenSchema,
  createApiTokenBody,
  createdApiTokenSchema,
  entityIdParams,
  integrationsSsoSchema,
  type IntegrationsSso,
} from '@eproto/domain';
import type { Config } from '../../config.ts';
import type { ServiceDeps } from '../../deps.ts';
import { currentUser, requirePermission } from '../../plugins/auth.ts';
import { OIDC_CALLBACK_PATH } from '../auth/oidc.service.ts';

/** The single sign-on set-up as the tab shows it: from the configuration, never the secret. */
function ssoStatus(config: Config): IntegrationsSso {
  const oidc = config.oidc;
  return {
    configurado: oidc !== null,
    emissor: oidc?.issuer ?? null,
    client_id: oidc?.clientId ?? null,
    botao: oidc ? `Entrar com ${oidc.nome}` : null,
    criar_contas: oidc?.createAccounts ?? false,
    papel_padrao: oidc?.createAccounts ? oidc.defaultRole : null,
    callback_url: `${config.publicUrl}${OIDC_CALLBACK_PATH}`,
  };
}

/** /api/integrations: what ti configures in the "Integrações" tab of /users. */
export const integrationsRoutes: FastifyPluginAsyncZod<ServiceDeps> = async (app, deps) => {
  const tags = ['integrações'];
  const guard = requirePermission('integrations.manage');

  app.get('/sso', {
    preHandler: guard,
    schema: { tags, response: { 200: integrationsSsoSchema } },
    handler: async () => ssoStatus(deps.config),
  });

  // Personal API tokens. A token never reaches these routes (no API-token area covers
  // /api/integrations): tokens cannot make or revoke tokens.
  const tokens = app.services.apiTokens;

  app.get('/tokens', {
    preHandler: guard,
    schema: { tags, querystring: apiTokenListQuery, response: { 200: apiTokenListSchema } },
    handler: async (req) => tokens.list(req.query),
  });

  app.post('/tokens', {
    preHandler: guard,
    schema: { tags, body: createApiTokenBody, response: { 201: createdApiTokenSchema } },
    handler: async (req, reply) => {
      const created = await tokens.create(currentUser(req), req.body);
      return reply.header('Cache-Control', 'no-store').status(201).send(created);
    },
  });

  app.post('/tokens/:id/revoke', {
    preHandler: guard,
    schema: { tags, params: entityIdParams, response: { 200: apiTokenSchema } },
    handler: async (req) => tokens.revoke(currentUser(req), req.params.id),
  });
};
