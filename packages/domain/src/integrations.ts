import { z } from 'zod';

// ---------------------------------------------------------------- single sign-on status

/**
 * GET /api/integrations/sso: what the "Integrações" tab shows of the OpenID Connect set-up,
 * read from the server's configuration (OIDC_*). Never the client secret.
 */
export const integrationsSsoSchema = z.object({
  configurado: z.boolean(),
  /** OIDC_ISSUER, or null when single sign-on is off. */
  emissor: z.string().nullable(),
  /** OIDC_CLIENT_ID, or null. */
  client_id: z.string().nullable(),
  /** The text of the /login button ("Entrar com {nome}"), or null. */
  botao: z.string().nullable(),
  /** OIDC_CRIAR_CONTAS and OIDC_PAPEL_PADRAO. */
  criar_contas: z.boolean(),
  papel_padrao: z.string().nullable(),
  /** The redirect URI to register at the provider. */
  callback_url: z.string(),
});
export type IntegrationsSso = z.infer<typeof integrationsSsoSchema>;
