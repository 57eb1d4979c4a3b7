import {
  API_TOKEN_MAX_DAYS,
  API_TOKEN_PREFIX,
  addDaysTo,
  daysBetweenDates,
  formatDateBr,
  todayIn,
  type ApiToken,
  type ApiTokenList,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@eproto/domain';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ServiceDeps } from '../../deps.ts';
import { createApiTokensRepo, type ApiTokenRow } from './api-tokens.repo.ts';

/** How many characters of the token identify it on screen (prefix included). */
const SHOWN = API_TOKEN_PREFIX.length + 6;

/** A new token: `ep_` and 256 random bits (base64url). */
function mintToken(): string {
  return `${API_TOKEN_PREFIX}${newToken()}`;
}

function statusOf(r: Pick<ApiTokenRow, 'revokedAt' | 'expiresAt' | 'userActive'>, now: Date) {
  if (r.revokedAt) return 'revogado' as const;
  if (r.expiresAt && r.expiresAt.getTime() <= now.getTime()) return 'expirado' as const;
  if (!r.userActive) return 'conta_inativa' as const;
  return 'ativo' as const;
}

function toApiToken(r: ApiTokenRow, now = new Date()): ApiToken {
  return {
    id: r.id,
    nome: r.nome,
    prefixo: `${r.prefix}…`,
    usuario: { id: r.userId, nome: r.userNome, email: r.userEmail },
    escopos: r.scopes,
    status: statusOf(r, now),
    expira_em: r.expiresOn,
    criado_em: r.createdAt.toISOString(),
    criado_por: r.createdByNome,
    ultimo_uso_em: r.lastUsedAt?.toISOString() ?? null,
    revogado_em: r.revokedAt?.toISOString() ?? null,
  };
}

/** A last day of use from today up to API_TOKEN_MAX_DAYS ahead (company time zone). */
function checkExpiry(expiraEm: string, today: string) {
  const days = daysBetweenDates(today, expiraEm);
  if (days < 0)
    throw new AppError('VALIDATION', 'A validade não pode estar no passado.', 'expira_em');
  if (days > API_TOKEN_MAX_DAYS)
    throw new AppError(
      'VALIDATION',
      `A validade pode ir no máximo até ${formatDateBr(addDaysTo(today, API_TOKEN_MAX_DAYS))} (${API_TOKEN_MAX_DAYS} dias), ou ser "sem expiração".`,
      'expira_em',
    );
}

/** Personal API tokens: created (shown once) and revoked by ti, listed with their last use. */
export function createApiTokensService(deps: Pick<ServiceDeps, 'database' | 'config'>) {
  const db = deps.database.db;
  const timeZone = deps.config.COMPANY_TIME_ZONE;

  const load = async (id: number) => {
    const row = await createApiTokensRepo(db).byId(id);
    if (!row) throw notFound('Token');
    return toApiToken(row);
  };

  return {
    async list(q: { page: number; perPage: number }): Promise<ApiTokenList> {
      const { rows, total } = await createApiTokensRepo(db).page(
        (q.page - 1) * q.perPage,
        q.perPage,
      );
      const now = new Date();
      return { items: rows.map((r) => toApiToken(r, now)), total };
    },

    async create(
      actor: { id: number },
      body: {
        usuario_id: number;
        nome: string;
        expira_em: string | null;
        escopos: ApiTokenScope[];
      },
    ): Promise<CreatedApiToken> {
      if (body.expira_em !== null) checkExpiry(body.expira_em, todayIn(timeZone));
      const token = mintToken();
      const id = await db.transaction(async (tx) => {
        const repo = createApiTokensRepo(tx);
        const person = await repo.person(body.usuario_id);
        if (!person) throw new AppError('VALIDATION', 'Pessoa não encontrada.', 'usuario_id');
        if (!person.active)
          throw new AppError(
            'VALIDATION',
            'Esta pessoa está desativada: reative a conta antes de criar um token.',
            'usuario_id',
          );
        return repo.insert({
          userId: body.usuario_id,
          nome: body.nome,
          prefix: token.slice(0, SHOWN),
          tokenHash: tokenHash(token),
          scopes: body.escopos,
          expiresOn: body.expira_em,
          timeZone,
          createdBy: actor.id,
        });
      });
      return { token, item: await load(id) };
    },

    async revoke(actor: { id: number }, id: number): Promise<ApiToken> {
      const revoked = await db.transaction(async (tx) => {
        const repo = createApiTokensRepo(tx);
        if (!(await repo.byId(id))) throw notFound('Token');
        return repo.revoke(id, actor.id, new Date());
      });
      if (!revoked) throw new AppError('CONFLICT', 'Este token já foi revogado.');
      return load(id);
    },
  };
}
