import type { FastifyRequest } from 'fastify';
import {
  API_TOKEN_AREA_LABELS,
  API_TOKEN_AREAS,
  roleOf,
  type ApiTokenArea,
  type ApiTokenScope,
} from '@eproto/domain';
import type { Db } from '../db/client.ts';
import { tokenHash } from '../lib/crypto.ts';
import { AppError, RetryLaterError } from '../lib/errors.ts';
import { createApiTokensRepo } from '../modules/integrations/api-tokens.repo.ts';
import type { SessionUser } from './auth.ts';

/** The personal API token a request came with (`Authorization: Bearer ep_…`). */
export interface ApiTokenAuth {
  id: number;
  scopes: ApiTokenScope[];
}

declare module 'fastify' {
  interface FastifyRequest {
    apiToken: ApiTokenAuth | null;
  }
}

/**
 * The token of an `Authorization: Bearer …` header: '' when the scheme is Bearer but the token
 * is missing, null without a Bearer header (another scheme, or none).
 */
export function bearerOf(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^bearer(?:\s+(.*))?$/i.exec(header.trim());
  return m ? (m[1] ?? '').trim() : null;
}

/**
 * The area of the API token table (packages/domain, API_TOKEN_AREAS) a route belongs to, by
 * its pattern. 'identidade' is GET /api/users/me (who the token acts as), open to any token.
 * Every other route (sign-in, accounts, invites, contract membership, tokens and the rest of
 * "Integrações", profile, pushes, chat, the assistant, realtime events) has no area: no token
 * reaches it, whatever its scopes.
 */
const AREAS: Array<[RegExp, ApiTokenArea]> = [
  [/^\/api\/eproto\/financeiro(\/|$)/, 'financeiro'],
  [/^\/api\/eproto\/contracts(\/|$)/, 'contratos'],
  [
    /^\/api\/eproto\/(boards|murals|protocols|tasks|reviews|recurrence|gantt|calendar|feed|team|notifications|users\/search)(\/|$)/,
    'demandas',
  ],
  [/^\/api\/tatico\/(agenda|os|ativos)(\/|$)/, 'agenda'],
  [/^\/api\/tatico\/(epi|sst)(\/|$)/, 'sst'],
  [/^\/api\/tatico\/(frota|inventario|pessoas)(\/|$)/, 'frota'],
  [/^\/api\/solicitacoes(\/|$)/, 'solicitacoes'],
  [/^\/api\/support(\/|$)/, 'suporte'],
  [/^\/api\/(activity|deliveries)(\/|$)/, 'atividade'],
  [/^\/api\/(empresa|calendario)(\/|$)/, 'empresa'],
];

/** The OpenAPI page's introduction: how to call the API with a personal token. */
export const API_DESCRIPTION = [
  'API do E-Proto. O navegador usa a sessão (cookie `eproto_session` e o cabeçalho',
  '`x-requested-with: eproto` nas escritas). Integrações usam um **token de API pessoal**,',
  'criado pela TI em Usuários → Integrações: `Authorization: Bearer ep_…` (sem cookie, sem',
  'cabeçalho `x-requested-with`).',
  '',
  'O token age como a pessoa para quem foi criado (o papel e as permissões dela) e só nas áreas',
  'dos seus escopos: leitura (GET) ou escrita (GET, POST, PUT, PATCH, DELETE). Fora do escopo,',
  'ou num endereço sem área, a resposta é 403. Token desconhecido, expirado, revogado ou de',
  'conta desativada: 401, sempre com a mesma mensagem. Limite de chamadas por token e por',
  'minuto: 429 com `Retry-After`. Tokens não criam nem revogam tokens e não administram contas',
  '(usuários, convites, vínculos de contrato), nem entram no login, no perfil, no chat ou nos',
  'eventos em tempo real. `GET /api/users/me` diz para quem o token age.',
  '',
  'Áreas:',
  ...API_TOKEN_AREAS.map((a) => {
    const routes = AREAS.filter(([, area]) => area === a)
      .map(([re]) => `\`${re.source.replace(/\\\//g, '/').replace('(/|$)', '').replace('^', '')}\``)
      .join(', ');
    return `- \`${a}\` — ${API_TOKEN_AREA_LABELS[a]}: ${routes}`;
  }),
].join('\n');

export function apiTokenAreaOf(route: string): ApiTokenArea | null {
  for (const [re, area] of AREAS) if (re.test(route)) return area;
  return null;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Why a token may not call a route (403), or null when its scopes allow it. */
export function scopeRefusal(token: ApiTokenAuth, method: string, route: string): AppError | null {
  if (route === '/api/users/me' && READS.has(method)) return null;
  const area = apiTokenAreaOf(route);
  if (!area)
    return new AppError(
      'FORBIDDEN',
      'Este endereço não aceita token de API; use o E-Proto no navegador.',
    );
  const scope = token.scopes.find((s) => s.area === area);
  if (!scope) return new AppError('FORBIDDEN', 'O token não tem acesso a esta área.');
  if (!READS.has(method) && scope.acesso !== 'escrita')
    return new AppError('FORBIDDEN', 'O token só tem leitura nesta área.');
  return null;
}

// One message for unknown, malformed, expired and revoked tokens and for deactivated people:
// the caller learns nothing about which.
const REFUSED = 'Token de API inválido, expirado ou revogado.';
const TOUCH_EVERY_MS = 60_000;
const WINDOW_MS = 60_000;

/**
 * Checks a bearer token and signs the request in as its person (their role and permissions),
 * with the token's scopes; counts the calls of each token (`perMinute` per node, then 429).
 */
export function createApiTokenAuth(db: Db, opts: { perMinute: number }) {
  const repo = createApiTokensRepo(db);
  const windows = new Map<number, { start: number; calls: number }>();

  function spend(id: number, now: number) {
    const w = windows.get(id);
    if (!w || now - w.start >= WINDOW_MS) {
      if (windows.size > 10_000) windows.clear();
      windows.set(id, { start: now, calls: 1 });
      return;
    }
    w.calls += 1;
    if (w.calls > opts.perMinute) {
      const wait = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000));
      throw new RetryLaterError(
        `Limite de ${opts.perMinute} chamadas por minuto deste token atingido. Tente de novo em ${wait} s.`,
        wait,
      );
    }
  }

  return async function authenticate(req: FastifyRequest, token: string): Promise<void> {
    // ep_ and 43 base64url characters; anything else is not one of ours (and is not hashed).
    if (!/^ep_[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('UNAUTHORIZED', REFUSED);
    const row = await repo.forAuth(tokenHash(token));
    const now = Date.now();
    const expired = row?.expiresAt != null && row.expiresAt.getTime() <= now;
    if (!row || row.revokedAt || expired || !row.active)
      throw new AppError('UNAUTHORIZED', REFUSED);
    spend(row.id, now);
    const user: SessionUser = {
      id: row.userId,
      email: row.email,
      nome: row.nome,
      rawType: row.role,
      type: roleOf(row.role),
      avatarPath: row.avatarPath,
      sessionId: 0,
    };
    req.user = user;
    req.apiToken = { id: row.id, scopes: row.scopes };
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
      await repo.touch(row.id, new Date(now));
  };
}
