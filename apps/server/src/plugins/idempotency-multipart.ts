import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The hash of a multipart body as it streams in (files, names and fields, in order). */
export interface MultipartPrint {
  /** The body's hash once all of it went by; null when it never ended (client gone). */
  done: () => Promise<string | null>;
  /** Whether the whole body went by. */
  ended: () => boolean;
  /** Reads the rest of the body nobody read (a duplicate request, a route that stopped early). */
  drain: () => void;
}

const MARK = Buffer.from('\u0000limite\u0000');

/** The boundary a multipart body is cut with (random per send: the hash leaves it out). */
function boundaryOf(req: FastifyRequest): Buffer | null {
  const type = req.headers['content-type'] ?? '';
  const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  const b = m?.[1] ?? m?.[2];
  return b ? Buffer.from(`--${b}`) : null;
}

/**
 * Hashes a multipart request's body while the route streams it (the Idempotency-Key's
 * fingerprint of a form: the same key with another file or field is another request). The raw
 * bytes go through the hash with each boundary replaced by one fixed mark, since a client that
 * sends the same form again (the phone's outbox) picks a new boundary each time; the file bytes,
 * their names and every field are the rest of the bytes, in order. Nothing is kept: a file of
 * any size goes through the hash a chunk at a time.
 *
 * @fastify/multipart pipes `req.raw` into busboy when the route first calls `req.file()`,
 * `req.files()` or `req.parts()`; this joins in that same tick (before any chunk flows), so
 * both see every byte and busboy's back-pressure pauses both.
 */
export function multipartPrint(req: FastifyRequest): MultipartPrint | null {
  const needle = boundaryOf(req);
  if (!needle) return null;
  const raw = req.raw;
  const hash = createHash('sha256');
  let carry = Buffer.alloc(0);
  let state: 'idle' | 'reading' | 'ended' | 'failed' = 'idle';
  let settle: (v: string | null) => void = () => undefined;
  const result = new Promise<string | null>((resolve) => (settle = resolve));

  const onData = (chunk: Buffer) => {
    const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
    let at = 0;
    for (let i = buf.indexOf(needle, at); i !== -1; i = buf.indexOf(needle, at)) {
      hash.update(buf.subarray(at, i));
      hash.update(MARK);
      at = i + needle.length;
    }
    // The last bytes may be the start of a boundary cut by the chunk: kept for the next one.
    const keep = Math.max(at, buf.length - (needle.length - 1));
    hash.update(buf.subarray(at, keep));
    carry = Buffer.from(buf.subarray(keep));
  };
  const finish = (ok: boolean) => {
    if (state !== 'reading') return;
    raw.off('data', onData);
    if (ok) {
      hash.update(carry);
      state = 'ended';
      settle(hash.digest('base64url'));
    } else {
      state = 'failed';
      settle(null);
    }
  };
  const start = () => {
    if (state !== 'idle') return;
    state = 'reading';
    if (raw.readableEnded) return finish(false);
    raw.on('data', onData);
    raw.once('end', () => finish(true));
    raw.once('error', () => finish(false));
    raw.once('close', () => {
      if (!raw.readableEnded) finish(false);
    });
  };

  for (const name of ['file', 'files', 'parts'] as const) {
    const original = req[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(req, name, {
      configurable: true,
      writable: true,
      value(this: FastifyRequest, ...args: unknown[]) {
        const out = original.apply(this, args);
        const it = out as { next?: (...a: unknown[]) => unknown } | undefined;
        if (typeof it?.next !== 'function') {
          start(); // file(): busboy is piped by now
          return out;
        }
        // files()/parts() are generators: busboy is piped inside their first next().
        const next = it.next.bind(it);
        it.next = (...a: unknown[]) => {
          const p = next(...a);
          start();
          return p;
        };
        return out;
      },
    });
  }

  return {
    done: () => result,
    ended: () => state === 'ended',
    drain: () => {
      start();
      if (state === 'reading') raw.resume();
    },
  };
}
