import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../config.ts';
import { assertStorageKey, newStorageKey, type Storage } from './storage.ts';

/** The S3 driver, plus what storage:migrate needs: writing at a given key and its size. */
export interface S3Storage extends Storage {
  readonly bucket: string;
  /** Writes a stream at exactly this key (storage:migrate keeps the local keys). */
  writeAt: (key: string, data: Readable | Buffer) => Promise<void>;
  /** Bytes stored at the key, or null when there is no object. */
  size: (key: string) => Promise<number | null>;
  /** Closes the HTTP connections of the client. */
  destroy: () => void;
}

// Multipart uploads hold at most PART_SIZE x QUEUE_SIZE bytes of a file in memory at a time;
// a file smaller than one part goes in a single PutObject.
const PART_SIZE = 5 * 1_048_576;
const QUEUE_SIZE = 2;

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};

/** The file store cannot be reached or fails on its side (answered 503 with Retry-After). */
export class StorageUnavailableError extends Error {
  constructor(cause: unknown) {
    super('Armazenamento de arquivos indisponível', { cause });
    this.name = 'StorageUnavailableError';
  }
}

// Network failures of the SDK's HTTP handler (endpoint down, unresolvable, cut, too slow).
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Whether an S3 error means the store is away or failing (not a missing key or a bad request). */
export function isStorageUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || !err || typeof err !== 'object') return false;
  const e = err as {
    code?: unknown;
    name?: unknown;
    $metadata?: { httpStatusCode?: number };
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof e.code === 'string' && NETWORK_CODES.has(e.code)) return true;
  if (e.name === 'TimeoutError' || e.name === 'RequestTimeout') return true;
  const status = e.$metadata?.httpStatusCode;
  if (typeof status === 'number' && status >= 500) return true;
  if (isStorageUnavailable(e.cause, depth + 1)) return true;
  return Array.isArray(e.errors) && e.errors.some((x) => isStorageUnavailable(x, depth + 1));
}

/** Runs an S3 call, turning an unreachable or failing store into StorageUnavailableError. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw isStorageUnavailable(err) ? new StorageUnavailableError(err) : err;
  }
}

/**
 * S3-compatible storage (AWS S3, MinIO, R2, ...) for several app nodes: every node reads and
 * writes the same bucket. Uploads stream through @aws-sdk/lib-storage (multipart past 5 MiB),
 * downloads stream the object's body. The SDK loads only when this driver is chosen.
 */
export async function s3Storage(settings: S3Settings): Promise<S3Storage> {
  const s3 = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client: S3Client = new s3.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Integrity checksums only where S3 requires them: many S3-compatible stores refuse the
    // SDK's newer default (CRC32 trailers on every upload). storage:migrate verifies by hash.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;

  async function writeAt(key: string, data: Readable | Buffer) {
    // Why the body stopped (past UPLOAD_MAX_MB: 413, client gone), when it did.
    let bodyError: Error | undefined;
    if (!Buffer.isBuffer(data)) data.once('error', (err) => (bodyError ??= err));
    const upload = new Upload({
      client,
      params: { Bucket, Key: assertStorageKey(key), Body: data },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      // On any failure the SDK sends AbortMultipartUpload, which deletes the parts already sent.
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The body's failure is the answer even when the abort failed too (the SDK then throws
      // the abort's error, which answered 500): the store's lifecycle rule removes those parts
      // (AbortIncompleteMultipartUpload, docs/operations.md).
      if (bodyError !== undefined) throw bodyError;
      throw isStorageUnavailable(err) ? new StorageUnavailableError(err) : err;
    }
  }

  async function size(key: string): Promise<number | null> {
    try {
      const head = await guarded(() =>
        client.send(new s3.HeadObjectCommand({ Bucket, Key: assertStorageKey(key) })),
      );
      return head.ContentLength ?? 0;
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** The object's bytes, fetched when the stream is first read (nothing if never read). */
  async function* body(key: string): AsyncGenerator<Buffer> {
    const res = await guarded(() => client.send(new s3.GetObjectCommand({ Bucket, Key: key })));
    const stream = res.Body as Readable | undefined;
    if (!stream) return;
    for await (const chunk of stream) yield chunk as Buffer;
  }

  return {
    bucket: Bucket,
    writeAt,
    size,
    async put(prefix, ext, data) {
      const key = newStorageKey(prefix, ext);
      await writeAt(key, data);
      return key;
    },
    get: (key) => Readable.from(body(assertStorageKey(key)), { objectMode: false }),
    exists: async (key) => (await size(key)) !== null,
    async remove(key) {
      await guarded(() =>
        client.send(new s3.DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) })),
      );
    },
    destroy: () => client.destroy(),
  };
}
