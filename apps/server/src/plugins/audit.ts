import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.ts';
import { withTransactionScope, type TransactionScope } from '../db/transaction-scope.ts';
import type { AppDeps } from '../deps.ts';
import { audit, type AuditEntry } from '../modules/activity/audit.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What the log says of a write request: 'METHOD /api/route', its user and its object. */
function entryOf(req: FastifyRequest): AuditEntry | null {
  const route = req.routeOptions.url;
  if (!req.user || !route || route.startsWith('/api/auth/')) return null;
  const params = (req.params ?? {}) as Record<string, unknown>;
  const objectId = (params.id ?? params.taskId ?? null) as string | number | null;
  return {
    userId: req.user.id,
    email: req.user.email,
    action: `${req.method} ${route}`,
    objectType: route.replace(/^\/api\/(eproto\/)?/, '').split('/')[0] ?? null,
    objectId,
    ip: req.ip,
  };
}

/**
 * The request's one row: written by the first transaction of the handler that writes, before
 * its COMMIT (a transaction that rolls back takes the row with it, and a later one writes it).
 */
export class RequestAudit implements TransactionScope {
  private state: 'pending' | 'writing' | 'done' = 'pending';
  constructor(readonly entry: AuditEntry) {}

  async beforeCommit(tx: Tx) {
    if (this.state !== 'pending') return undefined;
    this.state = 'writing';
    if (!(await audit.recordIfWritten(tx, this.entry))) {
      this.state = 'pending';
      return undefined;
    }
    return (committed: boolean) => {
      this.state = committed ? 'done' : 'pending';
    };
  }

  /** Ends the scope; true when no transaction of the request recorded the row. */
  close(): boolean {
    const unrecorded = this.state === 'pending';
    this.state = 'done';
    return unrecorded;
  }
}

const audits = new WeakMap<FastifyRequest, RequestAudit>();

/**
 * Every successful write through the API leaves one row in the activity log, written in the
 * write's own transaction (db/transaction-scope.ts): the handler of each POST/PUT/PATCH/DELETE
 * route runs in a scope whose first writing transaction records the row.
 */
export const auditPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((m) => WRITES.has(m))) return;
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function audited(req, reply) {
      const entry = WRITES.has(req.method) ? entryOf(req) : null;
      if (!entry) return handler.call(this, req, reply);
      const scope = new RequestAudit(entry);
      audits.set(req, scope);
      return withTransactionScope(scope, () => handler.call(this, req, reply));
    };
  });

  // A write made without a transaction of its own (one statement on the pool) is recorded
  // here, after it, as before. Callback style: other answers pass through without a promise.
  app.addHook('onSend', (req, reply, payload, done) => {
    const scope = audits.get(req);
    if (!scope?.close() || reply.statusCode >= 400) return done(null, payload);
    audit
      .record(deps.database.db, scope.entry)
      .catch((err: unknown) => req.log.warn({ err }, 'Falha ao registrar atividade'))
      .then(() => done(null, payload), done);
  });
});
