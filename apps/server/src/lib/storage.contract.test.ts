import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { AppError } from './errors.ts';
import { s3Storage } from './s3-storage.ts';
import { localStorage, type Storage } from './storage.ts';

// One contract, two drivers: local disk and S3 (against a real s3rver, never a mocked client).
interface Driver {
  storage: Storage;
  /** Every key stored under a prefix, straight from the disk or the bucket. */
  keys: (prefix: string) => Promise<string[]>;
  /** Keys of unfinished multipart uploads under a prefix (S3's ListMultipartUploads). */
  uploads: (prefix: string) => Promise<string[]>;
}

/** Keys of the multipart uploads still open in a bucket under a prefix. */
async function openUploads(client: S3Client, bucket: string, prefix: string) {
  const res = await client.send(
    new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: `${prefix}/` }),
  );
  return (res.Uploads ?? []).map((u) => u.Key!);
}

let lister: S3Client;

let s3: TestS3;
let localRoot: string;
const drivers: Record<'local' | 's3', Driver> = {} as never;

beforeAll(async () => {
  localRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-storage-'));
  drivers.local = {
    storage: localStorage(localRoot),
    keys: async (prefix) => {
      const dir = path.join(localRoot, prefix);
      if (!fs.existsSync(dir)) return [];
      return fs.readdirSync(dir).map((f) => `${prefix}/${f}`);
    },
    // The disk has no multipart uploads: a failed write removes its file (keys says so).
    uploads: () => Promise.resolve([]),
  };
  s3 = await startS3();
  const client = (lister = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  }));
  drivers.s3 = {
    storage: await s3Storage(s3.settings),
    keys: async (prefix) => {
      const res = await client.send(
        new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: `${prefix}/` }),
      );
      return (res.Contents ?? []).map((o) => o.Key!);
    },
    uploads: (prefix) => openUploads(client, s3.settings.bucket, prefix),
  };
});

afterAll(async () => {
  lister?.destroy();
  await s3?.stop();
  fs.rmSync(localRoot, { recursive: true, force: true });
});

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * `total` bytes of a repeating pattern, produced 64 KiB at a time (never one buffer); with
 * `fail`, the stream fails half-way with that error (a client gone, the upload size limit).
 */
function generated(total: number, fail: boolean | Error = false): Readable {
  const failure = fail instanceof Error ? fail : new Error('cliente caiu no meio do envio');
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < total; sent += 65_536) {
        if (fail && sent >= total / 2) throw failure;
        const n = Math.min(65_536, total - sent);
        yield Buffer.alloc(n, (sent / 65_536) % 251);
      }
    })(),
    { objectMode: false },
  );
}

/** The bytes `generated(total)` sends. */
function expected(total: number): Buffer {
  const parts: Buffer[] = [];
  for (let sent = 0; sent < total; sent += 65_536) {
    parts.push(Buffer.alloc(Math.min(65_536, total - sent), (sent / 65_536) % 251));
  }
  return Buffer.concat(parts);
}

describe.each(['local', 's3'] as const)('storage contract: %s driver', (name) => {
  const d = () => drivers[name];

  it('stores a buffer under a new key of its prefix and reads the same bytes back', async () => {
    const data = Buffer.from('%PDF-1.4\nrelatório de campo\n');
    const a = await d().storage.put('contrato/7', 'PDF', data);
    const b = await d().storage.put('contrato/7', 'pdf', data);
    expect(a).toMatch(/^contrato\/7\/[0-9a-f-]{36}\.pdf$/);
    expect(b).not.toBe(a);
    expect(await readAll(d().storage.get(a))).toEqual(data);
    expect(await d().storage.exists(a)).toBe(true);
  });

  it('cleans the extension: only letters and digits, at most 8', async () => {
    const key = await d().storage.put('ext', '../x/y.EXE!!!!!!!!!', Buffer.from('a'));
    expect(key).toMatch(/^ext\/[0-9a-f-]{36}\.xyexe$/);
    const none = await d().storage.put('ext', '', Buffer.from('a'));
    expect(none).toMatch(/^ext\/[0-9a-f-]{36}$/);
  });

  it('streams a 12 MiB upload in and out (several S3 parts) without changing a byte', async () => {
    const total = 12 * 1_048_576 + 123;
    const key = await d().storage.put('grandes', 'bin', generated(total));
    const back = await readAll(d().storage.get(key));
    expect(back.length).toBe(total);
    expect(sha256(back)).toBe(sha256(expected(total)));
  });

  it('a stream that fails half-way fails the put and leaves nothing stored', async () => {
    await expect(d().storage.put('falhas', 'bin', generated(6 * 1_048_576, true))).rejects.toThrow(
      'cliente caiu',
    );
    expect(await d().keys('falhas')).toEqual([]);
  });

  it('a stream past the size limit after several parts fails with that error, nothing left', async () => {
    // 14 MiB failing at 7: S3 has begun a multipart upload (5 MiB parts), which is aborted.
    const limit = new AppError('PAYLOAD_TOO_LARGE', 'Arquivo grande demais.', 'file');
    await expect(d().storage.put('limite', 'bin', generated(14 * 1_048_576, limit))).rejects.toBe(
      limit,
    );
    expect(await d().keys('limite')).toEqual([]);
    expect(await d().uploads('limite')).toEqual([]);
  });

  it('remove deletes the file, and removing a missing key is no error', async () => {
    const key = await d().storage.put('apagar', 'txt', Buffer.from('tchau'));
    await d().storage.remove(key);
    expect(await d().storage.exists(key)).toBe(false);
    expect(await d().keys('apagar')).toEqual([]);
    await expect(d().storage.remove(key)).resolves.toBeUndefined();
  });

  it('a missing key does not exist and reading it fails', async () => {
    expect(await d().storage.exists('nada/aqui.txt')).toBe(false);
    await expect(readAll(d().storage.get('nada/aqui.txt'))).rejects.toThrow();
  });

  it('refuses keys that climb out of the store', async () => {
    expect(() => d().storage.get('../fora.txt')).toThrow('Chave inválida');
    await expect(d().storage.exists('a/../../fora.txt')).rejects.toThrow('Chave inválida');
    await expect(d().storage.remove('/abs.txt')).rejects.toThrow('Chave inválida');
  });
});

describe('S3 store that cannot abort a multipart upload', () => {
  let noAbort: TestS3;
  beforeAll(async () => {
    noAbort = await startS3('eproto-sem-abort', { abortMultipart: false });
  });
  afterAll(async () => noAbort?.stop());

  it("still fails with the body's own error (413), never the abort's", async () => {
    const storage = await s3Storage(noAbort.settings);
    const limit = new AppError('PAYLOAD_TOO_LARGE', 'Arquivo grande demais.', 'file');
    await expect(storage.put('limite', 'bin', generated(14 * 1_048_576, limit))).rejects.toBe(
      limit,
    );
    // What the abort could not remove stays for the bucket's lifecycle rule (operations.md).
    const client = new S3Client({
      endpoint: noAbort.settings.endpoint,
      region: noAbort.settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    expect(await openUploads(client, noAbort.settings.bucket, 'limite')).toHaveLength(1);
    client.destroy();
    storage.destroy();
  });
});
