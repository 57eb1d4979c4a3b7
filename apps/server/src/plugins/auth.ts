import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission, Role } from '@eproto/domain';
import { roleOf, rolesWith } from '@eproto/domain';
import { AppError } from '../lib/errors.ts';
import { tokenHash } from '../lib/crypto.ts';
import { BUS_RESYNC } from '../lib/events.ts';
import type { AppDeps } from '../deps.ts';
import { createSessionRepo, type SessionRow } from '../modules/auth/session.repo.ts';
import { bearerOf, createApiTokenAuth, scopeRefusal } from './api-token.ts';

export const SESSION_COOKIE = 'eproto_session';

/** The signed-in user as seen by every route. */
export interface SessionUser {
  id: number;
  email: string;
  nome: string;
  rawType: string;
  type: Role;
  avatarPath: string | null;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyContextConfig {
    /** Route answers without a session (login, reset, health...). */
    public?: boolean;
  }
}

const CACHE_TTL_MS = 5_000;
const TOUCH_EVERY_MS = 60_000;

interface CacheEntry {
  /** sha256 of the token: what the database and invalidation events name. */
  hash: string;
  row: SessionRow;
  user: SessionUser;
  cachedAt: number;
}

function toSessionUser(row: SessionRow): SessionUser {
  return {
    id: row.userId,
    email: row.email,
    nome: row.nome,
    rawType: row.role,
    type: roleOf(row.role),
    avatarPath: row.avatarPath,
    sessionId: row.sessionId,
  };
}

/** Resolves the session cookie on every request; API routes need a session unless public. */
export const authPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  const repo = createSessionRepo(deps.database.db);
  // Keyed by the cookie's token so a hit costs no hashing (bench/load.ts: ~5% of /users/me).
  const cache = new Map<string, CacheEntry>();
  const idleMs = deps.config.SESSION_IDLE_HOURS * 3_600_000;

  // Another node (or this one) ended sessions: drop them from this node's cache.
  const unsubscribe = deps.events.subscribe((e) => {
    // Invalidations of other nodes may have been missed while the database was away.
    if (e.type === BUS_RESYNC) return cache.clear();
    if (e.type !== 'session.invalidate') return;
    const { userId, tokenHash: hash } = e.data ?? {};
    for (const [key, entry] of cache) {
      if (entry.hash === hash || entry.row.userId === userId) cache.delete(key);
    }
  });
  app.addHook('onClose', async () => unsubscribe());

  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  const authenticateToken = createApiTokenAuth(deps.database.db, {
    perMinute: deps.config.API_TOKEN_RATE_LIMIT_PER_MINUTE,
  });

  /** The cached entry of a token, read again from the database every CACHE_TTL_MS. */
  async function lookup(token: string, now: number): Promise<CacheEntry | null> {
    const hash = tokenHash(token);
    const row = await repo.findByHash(hash);
    if (!row) {
      cache.delete(token);
      return null;
    }
    const entry = { hash, row, user: toSessionUser(row), cachedAt: now };
    if (cache.size > 10_000) cache.clear();
    cache.set(token, entry);
    return entry;
  }

  /** Sets req.user from a valid entry; the session's last-seen time is written once a minute. */
  function admit(req: FastifyRequest, token: string, entry: CacheEntry, now: number) {
    const { row } = entry;
    if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now || !row.active) {
      cache.delete(token);
      return null;
    }
    req.user = entry.user;
    if (now - row.lastSeenAt.getTime() <= TOUCH_EVERY_MS) return null;
    row.lastSeenAt = new Date(now);
    return repo.touch(row.sessionId, row.lastSeenAt);
  }

  // Callback style: a cached session answers without a promise.
  app.addHook('onRequest', (req, _reply, done) => {
    // A personal API token (docs/operations.md "Tokens de API"): it alone signs the call in;
    // the session cookie, if any, is not read.
    const bearer = req.url.startsWith('/api/') ? bearerOf(req.headers.authorization) : null;
    if (bearer !== null) {
      authenticateToken(req, bearer).then(() => done(), done);
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return done();
    const now = Date.now();
    const entry = cache.get(token);
    if (entry && now - entry.cachedAt <= CACHE_TTL_MS) {
      const touching = admit(req, token, entry, now);
      if (!touching) return done();
      touching.then(() => done(), done);
      return;
    }
    lookup(token, now)
      .then((fresh) => (fresh ? admit(req, token, fresh, now) : null))
      .then(() => done(), done);
  });

  // Session and role checks run before body validation: a caller without the right gets
  // 401/403, never validation details about a call it may not make.
  app.addHook('onRoute', (route) => {
    const pre = [route.preHandler ?? []].flat();
    const guards = pre.filter((fn) => ROLE_GUARD in fn);
    if (guards.length === 0) return;
    route.preHandler = pre.filter((fn) => !(ROLE_GUARD in fn));
    route.preValidation = [...guards, ...[route.preValidation ?? []].flat()];
  });

  app.addHook('preValidation', (req, _reply, done) => {
    if (req.apiToken && req.routeOptions.url) {
      const refusal = scopeRefusal(req.apiToken, req.method, req.routeOptions.url);
      if (refusal) return done(refusal);
    }
    if (req.user || !req.url.startsWith('/api/') || req.routeOptions.config.public) return done();
    if (!req.routeOptions.url) return done(); // 404s are answered by the not-found handler
    done(new AppError('UNAUTHORIZED', 'Sessão expirada ou inválida.'));
  });
});

const ROLE_GUARD = Symbol('roleGuard');

/**
 * Lets only the given roles through (403 otherwise). Given as a route's preHandler, it is moved
 * to preValidation by the auth plugin, so it answers before body validation.
 */
export function requireRoles(roles: readonly Role[]) {
  const guard = async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Sessão expirada ou inválida.');
    if (!roles.includes(req.user.type)) {
      throw new AppError('FORBIDDEN', 'Você não tem permissão para esta ação.');
    }
  };
  return Object.assign(guard, { [ROLE_GUARD]: true });
}

/** Lets only the roles holding a permission of the domain's table through (403 otherwise). */
export function requirePermission(permission: Permission) {
  return requireRoles(rolesWith(permission));
}

/** The signed-in user of a request that passed the auth hook. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Sessão expirada ou inválida.');
  return req.user;
}
