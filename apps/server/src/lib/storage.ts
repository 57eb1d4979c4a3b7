import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

/**
 * Where uploaded files live: local disk by default, an S3-compatible bucket for several nodes
 * (lib/s3-storage.ts). Both keep the same keys, so storage:migrate copies one to the other.
 */
export interface Storage {
  /** Stores a stream (read once, never whole in memory) under a new server-generated key. */
  put: (prefix: string, ext: string, data: Readable | Buffer) => Promise<string>;
  /** The stored bytes; the stream fails when the key is gone (check `exists` first). */
  get: (key: string) => Readable;
  exists: (key: string) => Promise<boolean>;
  /** Removes a key; removing a missing key is not an error. */
  remove: (key: string) => Promise<void>;
}

/** A new key under prefix: a random name with the (cleaned) extension. Never from a client. */
export function newStorageKey(prefix: string, ext: string): string {
  const safeExt = ext
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 8)
    .toLowerCase();
  return `${prefix}/${randomUUID()}${safeExt ? `.${safeExt}` : ''}`;
}

/** Keys are relative paths of plain segments: no `..`, no leading slash, no backslash. */
export function assertStorageKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.includes('\\') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new Error('Chave inválida');
  }
  return key;
}

/** Local-disk storage under root (DATA_DIR/uploads). Keys never come from the client. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, assertStorageKey(key));
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Chave inválida');
    return full;
  };
  return {
    async put(prefix, ext, data) {
      const key = newStorageKey(prefix, ext);
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(full, data);
        else await pipeline(data, fs.createWriteStream(full));
      } catch (err) {
        // A stream that failed half-way (size limit, client gone) leaves nothing behind.
        await fs.promises.rm(full, { force: true });
        throw err;
      }
      return key;
    },
    get: (key) => fs.createReadStream(resolve(key)),
    exists: async (key) =>
      fs.promises.access(resolve(key)).then(
        () => true,
        () => false,
      ),
    remove: async (key) => fs.promises.rm(resolve(key), { force: true }),
  };
}

/** The storage the configuration asks for (STORAGE=local|s3). */
export async function createStorage(config: Config): Promise<Storage> {
  if (config.storage.driver === 'local') return localStorage(config.storage.localRoot);
  const { s3Storage } = await import('./s3-storage.ts');
  return s3Storage(config.storage.s3);
}
