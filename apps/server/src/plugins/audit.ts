import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { Tx } from '../db/client.ts';
import { withTransactionScope, type TransactionScope } from '../db/transaction-scope.ts';
import type { AppDeps } from '../deps.ts';
import { audit, type AuditEntry } from '../modules/activity/audit.repo.ts';

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
    // A write made with a personal API token names it.
    details: req.apiToken ? { token_api: req.apiToken.id } : null,
    ip: req.ip,
  };
}

/** A successful write request that committed statements on the pool, outside a transaction. */
export interface UnrecordedWrite {
  action: string;
  status: number;
  /** The statements (their first 200 characters). */
  statements: string[];
}

/**
 * The request's one row: written by the first transaction of the handler that writes, before
 * its COMMIT (a transaction that rolls back takes the row with it, and a later one writes it).
 * A statement that writes on the pool outside any transaction is noted: nothing can add the
 * row to its commit.
 */
export class RequestAudit implements TransactionScope {
  private state: 'pending' | 'writing' | 'done' = 'pending';
  private closed = false;
  private readonly outside: string[] = [];
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

  poolWrite(statement: string) {
    // Work the handler left running after its answer (a push, a mail) is not the write.
    if (!this.closed) this.outside.push(statement);
  }

  /** Ends the scope: whether a transaction recorded the row, and what wrote outside one. */
  close(): { recorded: boolean; outside: string[] } {
    this.closed = true;
    return { recorded: this.state === 'done', outside: this.outside.splice(0) };
  }
}

const audits = new WeakMap<FastifyRequest, RequestAudit>();

/**
 * Every successful write through the API that changes data leaves one row in the activity log,
 * written in the write's own transaction (db/transaction-scope.ts): the handler of each
 * POST/PUT/PATCH/DELETE route runs in a scope whose first writing transaction records the row.
 * A handler that changes nothing (a POST that only reads) leaves none. A successful answer
 * whose handler wrote on the pool outside a transaction has no row: it is logged as an error
 * and reported to `deps.onUnrecordedWrite` (the tests fail on it, test/audit-guard.ts).
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

  // Synchronous: nothing is written here, the answer is not held.
  app.addHook('onSend', (req, reply, payload, done) => {
    const scope = audits.get(req);
    if (!scope) return done(null, payload);
    const { outside } = scope.close();
    if (outside.length > 0 && reply.statusCode < 400) {
      const write: UnrecordedWrite = {
        action: scope.entry.action,
        status: reply.statusCode,
        statements: outside,
      };
      req.log.error(write, 'Escrita fora de transação: sem registro de atividade');
      deps.onUnrecordedWrite?.(write);
    }
    done(null, payload);
  });
});
