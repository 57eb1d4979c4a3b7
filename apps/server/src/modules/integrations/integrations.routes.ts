import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { integrationsSsoSchema, type IntegrationsSso } from '@eproto/domain';
import type { Config } from '../../config.ts';
import type { ServiceDeps } from '../../deps.ts';
import { requirePermission } from '../../plugins/auth.ts';
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
};
