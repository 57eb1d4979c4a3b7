import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@eproto/domain';
import { roleOf } from '@eproto/domain';
import { AppError } from '../lib/errors.ts';
import { tokenHash } from '../lib/crypto.ts';
import type { AppDeps } from '../deps.ts';
import { createSessionRepo, type SessionRow } from '../modules/auth/session.repo.ts';

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
  row: SessionRow;
  cachedAt: number;
}

/** Resolves the session cookie on every request; API routes need a session unless public. */
export const authPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  const repo = createSessionRepo(deps.database.db);
  const cache = new Map<string, CacheEntry>();
  const idleMs = deps.config.SESSION_IDLE_HOURS * 3_600_000;

  // Another node (or this one) ended sessions: drop them from this node's cache.
  const unsubscribe = deps.events.subscribe((e) => {
    if (e.type !== 'session.invalidate') return;
    const { userId, tokenHash: hash } = e.data ?? {};
    if (typeof hash === 'string') cache.delete(hash);
    for (const [key, entry] of cache) if (entry.row.userId === userId) cache.delete(key);
  });
  app.addHook('onClose', async () => unsubscribe());

  app.decorateRequest('user', null);

  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (!token || token.length > 200) return;
    const hash = tokenHash(token);
    const now = Date.now();
    let entry = cache.get(hash);
    if (!entry || now - entry.cachedAt > CACHE_TTL_MS) {
      const row = await repo.findByHash(hash);
      if (!row) {
        cache.delete(hash);
        return;
      }
      entry = { row, cachedAt: now };
      if (cache.size > 10_000) cache.clear();
      cache.set(hash, entry);
    }
    const { row } = entry;
    if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + idleMs <= now || !row.active) {
      cache.delete(hash);
      return;
    }
    if (now - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      row.lastSeenAt = new Date(now);
      await repo.touch(row.sessionId, row.lastSeenAt);
    }
    req.user = {
      id: row.userId,
      email: row.email,
      nome: row.nome,
      rawType: row.role,
      type: roleOf(row.role),
      avatarPath: row.avatarPath,
      sessionId: row.sessionId,
    };
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

  app.addHook('preValidation', async (req) => {
    if (!req.url.startsWith('/api/') || req.routeOptions.config.public) return;
    if (!req.routeOptions.url) return; // 404s are answered by the not-found handler
    if (!req.user) throw new AppError('UNAUTHORIZED', 'Sessão expirada ou inválida.');
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

/** The signed-in user of a request that passed the auth hook. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw new AppError('UNAUTHORIZED', 'Sessão expirada ou inválida.');
  return req.user;
}
