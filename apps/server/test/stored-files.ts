import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3Storage } from '../src/lib/s3-storage.ts';
import type { Storage } from '../src/lib/storage.ts';
import { spa } from './helpers.ts';
import { startS3 } from './s3.ts';

/**
 * One file store for a route test, local disk or S3 (a real s3rver), and what is in it
 * straight from the disk or the bucket: stored objects and unfinished multipart uploads.
 */
export interface StoredFiles {
  /** `{ storage }` for createTestApp (undefined: its own local disk). */
  storage: Storage | undefined;
  /** Environment for createTestApp (STORAGE=s3 ...). */
  env: Record<string, string>;
  /** Once the app exists: the local driver's root is its DATA_DIR/uploads. */
  bind: (dataDir: string) => void;
  /** Every stored key under a prefix. */
  keys: (prefix: string) => Promise<string[]>;
  /** Keys of multipart uploads begun and never completed nor aborted (S3 only). */
  openUploads: (prefix: string) => Promise<string[]>;
  stop: () => Promise<void>;
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full) : [full];
  });
}

export async function storedFiles(driver: 'local' | 's3', bucket: string): Promise<StoredFiles> {
  if (driver === 'local') {
    let root = '';
    return {
      storage: undefined,
      env: {},
      bind: (dataDir) => (root = path.join(dataDir, 'uploads')),
      keys: async (prefix) =>
        walk(path.join(root, prefix)).map((f) => path.relative(root, f).split(path.sep).join('/')),
      openUploads: () => Promise.resolve([]),
      stop: () => Promise.resolve(),
    };
  }
  const s3 = await startS3(bucket);
  const storage = await s3Storage(s3.settings);
  const client = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    storage,
    env: s3.env,
    bind: () => undefined,
    keys: async (prefix) => {
      const res = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    openUploads: async (prefix) => {
      const res = await client.send(
        new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: prefix }),
      );
      return (res.Uploads ?? []).map((u) => u.Key!);
    },
    stop: async () => {
      client.destroy();
      storage.destroy();
      await s3.stop();
    },
  };
}

/**
 * POSTs a form over real HTTP, written 64 KiB at a time as a browser sends it (app.inject hands
 * the whole body at once, so a size limit trips before any byte reaches the storage).
 */
export function postInPieces(
  base: string,
  url: string,
  cookie: string,
  form: { payload: Buffer; headers: Record<string, string> },
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      // A socket of its own, closed once answered: a kept-alive socket whose upload the server
      // cut short at 413 could hold the app's close() open until the hook timed out (CI, 30/11).
      {
        method: 'POST',
        agent: false,
        headers: { ...spa, cookie, ...form.headers, ...headers, connection: 'close' },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body });
          req.destroy();
        });
      },
    );
    // The server may answer (413) and close before the whole body is written.
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') reject(err);
    });
    void (async () => {
      for (let at = 0; at < form.payload.length && !req.destroyed; at += 65_536) {
        if (!req.write(form.payload.subarray(at, at + 65_536))) {
          await new Promise((r) => {
            req.once('drain', r);
            req.once('close', r);
          });
        }
      }
      req.end();
    })();
  });
}
