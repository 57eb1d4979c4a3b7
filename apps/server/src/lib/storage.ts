import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where uploaded files live; local disk by default (S3-compatible driver for many nodes). */
export interface Storage {
  /** Stores a stream under a new server-generated key and returns the key. */
  put: (prefix: string, ext: string, data: Readable | Buffer) => Promise<string>;
  get: (key: string) => Readable;
  exists: (key: string) => Promise<boolean>;
  remove: (key: string) => Promise<void>;
}

/** Local-disk storage under root (DATA_DIR/uploads). Keys never come from the client. */
export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('Chave inválida');
    return full;
  };
  return {
    async put(prefix, ext, data) {
      const safeExt = ext
        .replace(/[^a-z0-9]/gi, '')
        .slice(0, 8)
        .toLowerCase();
      const key = `${prefix}/${randomUUID()}${safeExt ? `.${safeExt}` : ''}`;
      const full = resolve(key);
      await fs.promises.mkdir(path.dirname(full), { recursive: true });
      if (Buffer.isBuffer(data)) await fs.promises.writeFile(full, data);
      else await pipeline(data, fs.createWriteStream(full));
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
