import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip as gzipCb, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { BUS_RESYNC, type AppEvent, type EventBus } from './events.ts';

const gzip = promisify(gzipCb);

/**
 * An answer kept ready to send: the JSON body as UTF-8 bytes, its gzip form when worth it,
 * its ETag and the list total when paginated. Large answers built per request
 * (gzippedAnswerOf) keep only the gzip form: browsers always take it, and the rare client
 * that does not gets it decompressed (bodyOf).
 */
export interface CachedAnswer {
  body?: Buffer;
  gzip?: Buffer;
  etag: string;
  total?: number;
}

/** Bodies above this are also kept gzip-compressed (a 1,000-card board: 560 KB -> ~60 KB). */
export const GZIP_FROM_BYTES = 8_192;

/**
 * Encodes a JSON text once for every later answer (gzip runs off the event loop). `level` 1
 * suits large answers built per request: on a 560 KB list it costs ~1 ms instead of ~10 ms at
 * level 6, for 37 KB instead of 23 KB.
 */
export async function answerOf(
  json: string | Buffer,
  extra: { etag?: string; total?: number; level?: number } = {},
): Promise<CachedAnswer> {
  const body = typeof json === 'string' ? Buffer.from(json, 'utf8') : json;
  return {
    body,
    gzip:
      body.length >= GZIP_FROM_BYTES ? await gzip(body, { level: extra.level ?? 6 }) : undefined,
    etag: extra.etag ?? '',
    total: extra.total,
  };
}

/**
 * The answer of a body joined per request into a reused buffer (`body` is read here and not
 * kept): gzip level 1 on the event loop, ~0.5 ms for 440 KB, where the thread pool's
 * promise cost ~0.9 ms of CPU in handing 16 KB chunks back and forth. Only the compressed
 * form is kept (~29 KB instead of ~470 KB with the body): less to allocate and collect.
 */
export function gzippedAnswerOf(
  body: Buffer,
  extra: { etag: string; total?: number },
): CachedAnswer {
  if (body.length < GZIP_FROM_BYTES) return { body: Buffer.from(body), ...extra };
  return { gzip: gzipSync(body, { level: 1 }), ...extra };
}

/** The answer's JSON bytes (decompressed when only the gzip form is kept). */
export function bodyOf(answer: CachedAnswer): Buffer {
  return answer.body ?? gunzipSync(answer.gzip!);
}

/** Sends a kept answer, compressed when the client accepts gzip (browsers always do). */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.type('application/json; charset=utf-8');
  if (!answer.gzip) return reply.send(bodyOf(answer));
  reply.header('vary', 'accept-encoding');
  if (!/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) return reply.send(bodyOf(answer));
  return reply.header('content-encoding', 'gzip').send(answer.gzip);
}

export interface ReadCacheOptions {
  /** Backstop for writes that publish no event (e.g. a person renamed by an administrator). */
  ttlMs: number;
  /** Budget of kept bytes (bodies and their gzip forms); the oldest go first. */
  maxBytes: number;
  /** What an event makes stale: 'all', the groups named (e.g. user ids), or nothing. */
  staleOn: (event: AppEvent) => 'all' | ReadonlyArray<string | number> | null;
}

interface Entry {
  answer: CachedAnswer;
  group: string;
  at: number;
}

const sizeOf = (a: CachedAnswer) => (a.body?.length ?? 0) + (a.gzip?.length ?? 0);

/** The same encode-then-stringify the Fastify zod serializer does, for answers kept as text. */
export function serialize<S extends z.ZodType>(schema: S, data: z.input<S>): string {
  return JSON.stringify(schema.encode(data as z.output<S>));
}

/** Weak ETag of a serialized answer (and its total). */
export function etagOf(body: string | Buffer, total?: number): string {
  const hash = createHash('sha1');
  if (total !== undefined) hash.update(`${total}:`);
  return `W/"${hash.update(body).digest('base64url')}"`;
}

/**
 * Per-node cache of serialized read answers, made stale by the events of the bus (every node
 * hears every event through NOTIFY, so each drops its own copies). Concurrent misses of one
 * key share one computation; an answer computed across an invalidation is not kept, so a
 * reader never gets back data older than the last event it could have seen.
 */
export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly pending = new Map<string, { group: string; promise: Promise<CachedAnswer> }>();
  private readonly groupGen = new Map<string, number>();
  private gen = 0;
  private bytes = 0;

  constructor(private readonly options: ReadCacheOptions) {}

  /**
   * Starts following the bus, and dropping expired answers every ttlMs (they are never served
   * again, and an idle node would otherwise keep up to maxBytes of them for good); returns the
   * function that stops both.
   */
  follow(events: EventBus): () => void {
    const unsubscribe = events.subscribe((e) => {
      if (e.type === BUS_RESYNC) return this.clear();
      const stale = this.options.staleOn(e);
      if (stale === 'all') this.clear();
      else if (stale) for (const g of stale) this.invalidate(g);
    });
    const sweeper = setInterval(() => this.dropExpired(), this.options.ttlMs);
    sweeper.unref();
    return () => {
      clearInterval(sweeper);
      unsubscribe();
    };
  }

  /** Bytes kept now (bodies and their gzip forms); never more than maxBytes. */
  get keptBytes(): number {
    return this.bytes;
  }

  /** Drops the answers older than ttlMs (kept in insertion order: the oldest come first). */
  dropExpired(now = Date.now()): void {
    for (const [k, e] of this.entries) {
      if (now - e.at < this.options.ttlMs) break;
      this.drop(k, e);
    }
  }

  async get(
    group: string | number,
    key: string,
    compute: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    const g = String(group);
    const full = `${g}\u0000${key}`;
    const hit = this.entries.get(full);
    if (hit && Date.now() - hit.at < this.options.ttlMs) return hit.answer;
    if (hit) this.drop(full, hit);
    const running = this.pending.get(full);
    if (running) return running.promise;

    const gen = this.gen;
    const ggen = this.groupGen.get(g) ?? 0;
    const promise = compute().then((answer) => {
      if (this.pending.get(full)?.promise === promise) this.pending.delete(full);
      if (gen === this.gen && ggen === (this.groupGen.get(g) ?? 0)) this.keep(full, g, answer);
      return answer;
    });
    promise.catch(() => {
      if (this.pending.get(full)?.promise === promise) this.pending.delete(full);
    });
    this.pending.set(full, { group: g, promise });
    return promise;
  }

  /** Drops every answer of one group (e.g. one user's). */
  invalidate(group: string | number): void {
    const g = String(group);
    this.groupGen.set(g, (this.groupGen.get(g) ?? 0) + 1);
    for (const [k, p] of this.pending) if (p.group === g) this.pending.delete(k);
    for (const [k, e] of this.entries) if (e.group === g) this.drop(k, e);
  }

  clear(): void {
    this.gen++;
    this.groupGen.clear();
    this.pending.clear();
    this.entries.clear();
    this.bytes = 0;
  }

  private keep(key: string, group: string, answer: CachedAnswer) {
    if (sizeOf(answer) > this.options.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    this.entries.set(key, { answer, group, at: Date.now() });
    this.bytes += sizeOf(answer);
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, entry: Entry) {
    if (this.entries.delete(key)) this.bytes -= sizeOf(entry.answer);
  }
}
