import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_IN_PROGRESS as IN_PROGRESS,
  IDEMPOTENT_REPLAY_HEADER,
  isIdempotencyKey,
} from '@eproto/domain';
import type { AppDeps } from '../deps.ts';
import { AppError } from '../lib/errors.ts';
import { multipartPrint, type MultipartPrint } from './idempotency-multipart.ts';
import { createIdempotencyRepo } from './idempotency.repo.ts';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a duplicate waits for the first request to finish before it is told to retry. */
const WAIT_MS = 5_000;
const POLL_MS = 50;
/** A key still "running" after this long belongs to a request that died: it may run again. */
const ABANDONED_MS = 120_000;

interface Claim {
  userId: number;
  key: string;
  /** Method and URL: the fingerprint's start. */
  base: string;
  /** A form's body hash, known once the route has read it (null for JSON). */
  multipart: MultipartPrint | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request owns its Idempotency-Key: onSend stores the answer. */
    idempotency: Claim | null;
    /** True when the answer is the stored result of an earlier request (no new write). */
    idempotentReplay: boolean;
  }
}

/** Method, URL and a hash of the JSON body: what a key is bound to. */
function fingerprint(req: FastifyRequest): string {
  const body = req.body === undefined ? '' : JSON.stringify(req.body);
  const hash = createHash('sha256').update(body).digest('base64url');
  return `${req.method} ${req.url} ${hash}`;
}

/** A form's fingerprint: method, URL and the hash of its files and fields (or a never-match). */
const formPrint = (base: string, hash: string | null) =>
  `${base} multipart:${hash ?? `incompleto:${randomUUID()}`}`;

const reused = () =>
  new AppError(
    'UNPROCESSABLE',
    'Esta chave de idempotência já foi usada em outro pedido.',
    IDEMPOTENCY_HEADER,
  );

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Exactly-once writes for clients that retry (the offline outbox of the web app): a write with
 * an `Idempotency-Key` header stores its status and body per (user, key); the same key again
 * answers that first result without running the route. A duplicate that arrives while the
 * first is still running waits for it (up to 5 s), then gets 409. Answers 5xx are not kept,
 * so a retry after a server failure runs again (writes are transactional). Rows live 48 h
 * (jobs/idempotency-cleanup.ts).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  const repo = createIdempotencyRepo(deps.database.db);
  app.decorateRequest('idempotency', null);
  app.decorateRequest('idempotentReplay', false);

  // Before the session and body checks: a malformed key is refused as such.
  app.addHook('onRequest', (req, _reply, done) => {
    const raw = req.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined || !WRITES.has(req.method)) return done();
    if (typeof raw !== 'string' || !isIdempotencyKey(raw)) {
      return done(
        new AppError(
          'VALIDATION',
          'Chave de idempotência inválida: use de 16 a 100 letras, números, "-" ou "_".',
        ),
      );
    }
    done();
  });

  app.addHook('preHandler', async (req, reply) => {
    const key = req.headers[IDEMPOTENCY_HEADER];
    if (typeof key !== 'string' || !WRITES.has(req.method) || !req.user) return;
    const userId = req.user.id;
    const base = `${req.method} ${req.url}`;
    // A form's body is still unread here: it is hashed while the route streams it, and the
    // key's row gets that fingerprint with the answer (onSend).
    const multipart = req.isMultipart() ? multipartPrint(req) : null;
    const print = multipart ? `${base} multipart` : fingerprint(req);
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (await repo.claim(userId, key, print)) {
        req.idempotency = { userId, key, base, multipart };
        return;
      }
      const row = await repo.find(userId, key);
      if (!row) continue; // removed meanwhile (a failed first request): claim it again
      if (!row.fingerprint.startsWith(`${base} `)) throw reused();
      if (!multipart && row.fingerprint !== print) throw reused();
      if (multipart && row.status !== null) {
        // Replayed only for the same files and fields: this body is read (and only hashed).
        multipart.drain();
        const hash = await multipart.done();
        if (hash === null) {
          throw new AppError('VALIDATION', 'Envio de arquivo incompleto. Tente novamente.');
        }
        if (row.fingerprint !== formPrint(base, hash)) throw reused();
      }
      if (row.status !== null) {
        req.idempotentReplay = true;
        reply.status(row.status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
        if (row.contentType) reply.header('content-type', row.contentType);
        return reply.send(row.body ?? '');
      }
      if (Date.now() - row.createdAt.getTime() > ABANDONED_MS) {
        await repo.release(userId, key, new Date(Date.now() - ABANDONED_MS));
        continue;
      }
      if (Date.now() > deadline) {
        // Not a refusal: the client tries again later (code IN_PROGRESS, Retry-After).
        return reply.status(409).header('retry-after', '2').send({
          error: 'Este pedido ainda está sendo processado. Tente novamente em instantes.',
          code: IN_PROGRESS,
          reqId: req.id,
        });
      }
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (req, reply, payload) => {
    const claim = req.idempotency;
    if (!claim) return payload;
    req.idempotency = null;
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload == null;
    if (reply.statusCode >= 500 || !storable) {
      await repo.release(claim.userId, claim.key);
      return payload;
    }
    let print: string | undefined;
    const form = claim.multipart;
    if (form) {
      if (!form.ended()) {
        // Refused before its body was read: nothing was written, a retry simply runs again.
        if (reply.statusCode >= 400) {
          await repo.release(claim.userId, claim.key);
          return payload;
        }
        // Written: the last bytes (the closing boundary) are on their way.
        form.drain();
        await Promise.race([form.done(), sleep(WAIT_MS)]);
      }
      // A body that never ended gets a fingerprint nothing matches: a retry is 422, never a
      // second write.
      print = formPrint(claim.base, form.ended() ? await form.done() : null);
    }
    const type = reply.getHeader('content-type');
    await repo.complete(claim.userId, claim.key, {
      status: reply.statusCode,
      contentType: typeof type === 'string' ? type : null,
      body: payload == null ? '' : String(payload),
      fingerprint: print,
    });
    return payload;
  });

  // A request that ended without an answer (client gone before onSend) frees its key.
  app.addHook('onResponse', async (req) => {
    const claim = req.idempotency;
    if (!claim) return;
    req.idempotency = null;
    await repo.release(claim.userId, claim.key);
  });
});
