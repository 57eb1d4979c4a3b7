import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzipSync, gzip as gzipCb, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
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
  /** Budget of kept bytes (bodies and their gzip forms); the least recently used go first. */
  maxBytes: number;
  /** What an event makes stale: 'all', the groups named (e.g. user ids), or nothing. */
  staleOn: (event: AppEvent) => 'all' | ReadonlyArray<string | number> | null;
}

interface Entry {
  answer: CachedAnswer;
  group: string;
}

/** What one miss computes, and the generations it started in (fetchMethod's context). */
interface Miss {
  group: string;
  gen: number;
  groupGen: number;
  compute: () => Promise<CachedAnswer>;
}

const sizeOf = (a: CachedAnswer) => (a.body?.length ?? 0) + (a.gzip?.length ?? 0);

/** The same encode-then-stringify the Fastify zod serializer does, for answers kept as text. */
export function serialize<S extends z.ZodType>(schema: S, data: z.input<S>): string {
  return JSON.stringify(schema.encode(data as z.output<S>));
}

/**
 * serialize's text checked with the schema's parse instead of its encode, for schemas with no
 * codec or transform (the text is then the same): ~5× less CPU (a board of 5,000 demands'
 * counters: ~120 ms against ~26 ms on a loaded machine, the largest cost of the answer).
 */
export function serializeParsed<S extends z.ZodType>(schema: S, data: z.input<S>): string {
  return JSON.stringify(schema.parse(data));
}

/** Weak ETag of a serialized answer (and its total). */
export function etagOf(body: string | Buffer, total?: number): string {
  const hash = createHash('sha1');
  if (total !== undefined) hash.update(`${total}:`);
  return `W/"${hash.update(body).digest('base64url')}"`;
}

/**
 * Per-node cache of serialized read answers, made stale by the events of the bus (every node
 * hears every event through NOTIFY, so each drops its own copies). Built on `lru-cache`: a byte
 * budget (an answer above a quarter of it is served, not kept), a ttl purged on its own, and
 * fetchMethod, so concurrent misses of one key share one computation. An answer computed
 * across an invalidation goes to the readers that were waiting for it but is not kept, and
 * readers that come after the event start a computation of their own: the key carries the
 * generations it was asked in, so a reader never gets back data older than the last event it
 * could have seen.
 */
export class ReadCache {
  private readonly cache: LRUCache<string, Entry, Miss> | null;
  private readonly groupGen = new Map<string, number>();
  private gen = 0;

  constructor(private readonly options: ReadCacheOptions) {
    const maxEntrySize = Math.floor(options.maxBytes / 4);
    this.cache =
      maxEntrySize < 1
        ? null
        : new LRUCache<string, Entry, Miss>({
            maxSize: options.maxBytes,
            maxEntrySize,
            sizeCalculation: (e) => Math.max(1, sizeOf(e.answer)),
            ttl: options.ttlMs,
            // Expired answers are never served again; an idle node would otherwise keep them.
            ttlAutopurge: true,
            ttlResolution: 0,
            // Date.now, so that tests with fake timers move the ttl too.
            perf: Date,
            // A computation that outlives its ttl (a loaded node: the ttl timer purges the key)
            // or is pushed out by newer answers is aborted by lru-cache, which rejected its
            // readers with "deleted" (a 500 under load): its readers get the answer instead.
            ignoreFetchAbort: true,
            fetchMethod: async (_key, _stale, { options: set, context }) => {
              const answer = await context.compute();
              // An event came while computing: this answer is for the waiting readers only.
              if (!this.current(context)) set.size = Number.MAX_SAFE_INTEGER;
              return { answer, group: context.group };
            },
          });
  }

  /** Starts following the bus; returns the function that stops it. */
  follow(events: EventBus): () => void {
    return events.subscribe((e) => {
      if (e.type === BUS_RESYNC) return this.clear();
      const stale = this.options.staleOn(e);
      if (stale === 'all') this.clear();
      else if (stale) for (const g of stale) this.invalidate(g);
    });
  }

  /** Bytes kept now (bodies and their gzip forms, 1 per miss under way); at most maxBytes. */
  get keptBytes(): number {
    return this.cache?.calculatedSize ?? 0;
  }

  async get(
    group: string | number,
    key: string,
    compute: () => Promise<CachedAnswer>,
  ): Promise<CachedAnswer> {
    if (!this.cache) return compute();
    const g = String(group);
    const miss: Miss = { group: g, gen: this.gen, groupGen: this.groupGen.get(g) ?? 0, compute };
    const entry = await this.cache.fetch(`${miss.gen}.${miss.groupGen}\u0000${g}\u0000${key}`, {
      context: miss,
    });
    // fetch answers undefined only for an aborted miss whose computation gave nothing.
    return entry?.answer ?? compute();
  }

  /** Drops every answer of one group (e.g. one user's). */
  invalidate(group: string | number): void {
    const g = String(group);
    this.groupGen.set(g, (this.groupGen.get(g) ?? 0) + 1);
    this.drop((e) => e.group === g);
  }

  clear(): void {
    this.gen++;
    this.groupGen.clear();
    this.drop(() => true);
  }

  private current(miss: Miss): boolean {
    return miss.gen === this.gen && miss.groupGen === (this.groupGen.get(miss.group) ?? 0);
  }

  /**
   * Deletes the kept answers that match. Computations under way are left to finish (deleting
   * them would abort them under their readers): their key names the older generation.
   */
  private drop(match: (e: Entry) => boolean): void {
    const cache = this.cache;
    if (!cache) return;
    const stale: string[] = [];
    for (const [k, e] of cache.entries()) if (match(e)) stale.push(k);
    for (const k of stale) cache.delete(k);
  }
}
