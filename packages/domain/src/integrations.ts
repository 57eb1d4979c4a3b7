import { z } from 'zod';
import { pageNumber, pageSize } from './common.ts';
import { fieldDate, fieldId, fieldText } from './field-common.ts';
import { API_TOKEN_ACCESS, API_TOKEN_AREAS } from './integrations-rules.ts';

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

// ---------------------------------------------------------------- personal API tokens

export {
  API_TOKEN_ACCESS,
  API_TOKEN_ACCESS_LABELS,
  API_TOKEN_AREAS,
  API_TOKEN_AREA_LABELS,
  API_TOKEN_AREA_SHORT_LABELS,
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  API_TOKEN_STATUS_LABELS,
  type ApiTokenAccess,
  type ApiTokenArea,
  type ApiTokenStatus,
} from './integrations-rules.ts';

const scopeSchema = z.object({
  area: z.enum(API_TOKEN_AREAS, { error: 'Área do token inválida.' }),
  acesso: z.enum(API_TOKEN_ACCESS, { error: 'Acesso inválido: use leitura ou escrita.' }),
});
export type ApiTokenScope = z.infer<typeof scopeSchema>;

/** POST /api/integrations/tokens: ti creates a token for a person. */
export const createApiTokenBody = z.object({
  usuario_id: fieldId('a pessoa'),
  nome: fieldText('o nome do token', 80),
  /**
   * Last day the token works (company time zone), at most API_TOKEN_MAX_DAYS ahead; null: no
   * expiry, the token works until it is revoked ("sem expiração").
   */
  expira_em: fieldDate('a validade').nullable(),
  escopos: z
    .array(scopeSchema, { error: 'Escolha ao menos uma área.' })
    .min(1, 'Escolha ao menos uma área.')
    .max(API_TOKEN_AREAS.length, 'Área repetida.')
    .refine((s) => new Set(s.map((x) => x.area)).size === s.length, 'Área repetida.'),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBody>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** What identifies the token on screen ("ep_Ab12Cd…"); the rest is never shown again. */
  prefixo: z.string(),
  usuario: z.object({ id: z.number().int(), nome: z.string(), email: z.string() }),
  escopos: z.array(scopeSchema),
  status: z.enum(['ativo', 'expirado', 'revogado', 'conta_inativa']),
  /** Last day of use, or null when it never expires. */
  expira_em: z.string().nullable(),
  criado_em: z.string(),
  criado_por: z.string().nullable(),
  ultimo_uso_em: z.string().nullable(),
  revogado_em: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListQuery = z.object({
  page: pageNumber,
  perPage: pageSize(100, 20),
});
export type ApiTokenListQuery = z.input<typeof apiTokenListQuery>;

export const apiTokenListSchema = z.object({
  items: z.array(apiTokenSchema),
  total: z.number().int(),
});
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** The answer of the creation: the token itself, shown this once. */
export const createdApiTokenSchema = z.object({
  token: z.string(),
  item: apiTokenSchema,
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
