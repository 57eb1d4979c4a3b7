// Zod-free: the "Integrações" tab reads these labels without bringing zod to the page.

/**
 * The areas a personal API token may reach (issue 35), each read or write. The server maps
 * every /api route to one of them (plugins/api-token-scope.ts); a route of no area (sign-in,
 * accounts, invites, tokens, profile, chat, pushes) never accepts a token.
 */
export const API_TOKEN_AREAS = [
  'demandas',
  'contratos',
  'financeiro',
  'agenda',
  'sst',
  'frota',
  'solicitacoes',
  'suporte',
  'atividade',
  'empresa',
] as const;
export type ApiTokenArea = (typeof API_TOKEN_AREAS)[number];

export const API_TOKEN_AREA_LABELS: Record<ApiTokenArea, string> = {
  demandas: 'Demandas, quadros, protocolos, tarefas e planejamento',
  contratos: 'Contratos',
  financeiro: 'Financeiro',
  agenda: 'Agenda, ordens de serviço e ativos',
  sst: 'EPI, treinamentos, ASO, APR e PT',
  frota: 'Frota e inventário',
  solicitacoes: 'Solicitações',
  suporte: 'Chamados de TI',
  atividade: 'Registro de atividade e envios de e-mail',
  empresa: 'Empresa e calendário de trabalho',
};

/** The areas as a list's badges name them (the full labels above are for the form). */
export const API_TOKEN_AREA_SHORT_LABELS: Record<ApiTokenArea, string> = {
  demandas: 'Demandas',
  contratos: 'Contratos',
  financeiro: 'Financeiro',
  agenda: 'Agenda e OS',
  sst: 'SST',
  frota: 'Frota',
  solicitacoes: 'Solicitações',
  suporte: 'Chamados de TI',
  atividade: 'Atividade',
  empresa: 'Empresa',
};

/** leitura: GET only; escrita: GET and POST/PUT/PATCH/DELETE. */
export const API_TOKEN_ACCESS = ['leitura', 'escrita'] as const;
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

export const API_TOKEN_ACCESS_LABELS: Record<ApiTokenAccess, string> = {
  leitura: 'Leitura',
  escrita: 'Leitura e escrita',
};

export type ApiTokenStatus = 'ativo' | 'expirado' | 'revogado' | 'conta_inativa';

export const API_TOKEN_STATUS_LABELS: Record<ApiTokenStatus, string> = {
  ativo: 'Ativo',
  expirado: 'Expirado',
  revogado: 'Revogado',
  conta_inativa: 'Conta desativada',
};

/** Every token starts with this (secret scanners and people recognise it). */
export const API_TOKEN_PREFIX = 'ep_';

/** The longest validity ti may give a token, in days from today. */
export const API_TOKEN_MAX_DAYS = 366;
