import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { createSecondNode, listen } from '../../test/sse.ts';
import { s3Storage } from '../lib/s3-storage.ts';
import type { Storage } from '../lib/storage.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  type Person,
} from '../modules/murals/murals.fixtures.ts';

// Two app nodes (buildApp twice, each with its own pool, event bus and S3 client) on one test
// database and one S3 bucket (a real s3rver): a file sent to one node is the other's too.
let s3: TestS3;
let a: TestApp;
let b: Awaited<ReturnType<typeof createSecondNode>>;
let lister: S3Client;
let baseA: string;
let equipe: Person;
let outsider: Person;
let muralId: number;
/** What node A's storage was handed on each put (a stream read chunk by chunk, or a buffer). */
const puts: Array<{ buffer: boolean; largestChunk: number; bytes: number }> = [];

/** Node A's storage: the S3 driver, recording how each upload reaches it. */
function recording(inner: Storage): Storage {
  return {
    ...inner,
    put: (prefix, ext, data) => {
      if (Buffer.isBuffer(data)) {
        puts.push({ buffer: true, largestChunk: data.length, bytes: data.length });
        return inner.put(prefix, ext, data);
      }
      const seen = { buffer: false, largestChunk: 0, bytes: 0 };
      puts.push(seen);
      data.on('data', (c: Buffer) => {
        seen.bytes += c.length;
        seen.largestChunk = Math.max(seen.largestChunk, c.length);
      });
      return inner.put(prefix, ext, data);
    },
  };
}

beforeAll(async () => {
  s3 = await startS3('eproto-dois-nos');
  lister = new S3Client({
    endpoint: s3.settings.endpoint,
    region: s3.settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  a = await createTestApp(
    { ...s3.env, UPLOAD_MAX_MB: '8' },
    { storage: recording(await s3Storage(s3.settings)) },
  );
  b = await createSecondNode(a, { storage: await s3Storage(s3.settings) });
  baseA = await listen(a.app);
  equipe = await person(a, 'Equipe de Campo', 'Rita Campos');
  outsider = await person(a, 'Equipe', 'Otto Fora');
  const gerente = await person(a, 'Gerente', 'Gil Gerente');
  const contract = await makeContract(a);
  await linkContract(a, contract.id, gerente.user.id);
  const board = await makeBoard(a, { contractId: contract.id });
  muralId = (
    await makeMural(a, {
      boardId: board.id,
      contractId: contract.id,
      titulo: 'Troca do quadro geral',
      responsavelId: equipe.user.id,
      createdBy: gerente.user.id,
    })
  ).id;
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  lister?.destroy();
  await s3?.stop();
});

/** A PDF of `size` bytes (the type check reads only its first bytes). */
function pdf(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20);
  data.write('%PDF-1.4\n');
  for (let i = 9; i < size; i += 4096) data[i] = i % 251;
  return data;
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const res = await lister.send(
    new ListObjectsV2Command({ Bucket: s3.settings.bucket, Prefix: prefix }),
  );
  return (res.Contents ?? []).map((o) => o.Key!);
}

/** POSTs a form to node A over real HTTP, written 64 KiB at a time as a browser sends it. */
function postInPieces(
  url: string,
  form: { payload: Buffer; headers: Record<string, string> },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseA}${url}`,
      {
        method: 'POST',
        headers: { ...spa, cookie: equipe.cookie, ...form.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (let at = 0; at < form.payload.length; at += 65_536) {
        if (!req.write(form.payload.subarray(at, at + 65_536))) {
          await new Promise((r) => req.once('drain', r));
        }
      }
      req.end();
    })();
  });
}

const inject = (
  node: { app: TestApp['app'] },
  who: Person,
  method: 'GET' | 'DELETE',
  url: string,
  payload?: object,
) => node.app.inject({ method, url, headers: { ...spa, cookie: who.cookie }, payload });

describe('two app nodes on one S3 bucket', () => {
  it('upload on A, download on B, delete on B, gone on A', async () => {
    const data = pdf(7 * 1_048_576 + 11);
    const form = multipart({ name: 'medição final.pdf', data }, { display_name: 'Medição' });
    puts.length = 0;
    const up = await postInPieces(`/api/eproto/murals/${muralId}/attachments/upload`, form);
    expect(up.status, up.body).toBe(201);
    const att = JSON.parse(up.body) as { id: number; size: number; mime_type: string };
    expect(att).toMatchObject({ size: data.length, mime_type: 'application/pdf' });
    // The file reached the storage as a stream, in chunks, never as one buffer.
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ buffer: false, bytes: data.length });
    expect(puts[0]!.largestChunk).toBeLessThan(1_048_576);
    // Nothing on node A's disk: the bytes live in the bucket.
    expect(fs.existsSync(path.join(a.config.dataDir, 'uploads'))).toBe(false);
    expect(await bucketKeys(`murals/${muralId}/`)).toHaveLength(1);

    const url = `/api/eproto/murals/${muralId}/attachments/${att.id}/download`;
    const down = await inject(b, equipe, 'GET', url);
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(data)).toBe(true);
    expect(down.headers['content-type']).toBe('application/pdf');
    expect(down.headers['content-length']).toBe(String(data.length));
    expect(down.headers['content-disposition']).toBe(
      `attachment; filename="medicao final.pdf"; filename*=UTF-8''medi%C3%A7%C3%A3o%20final.pdf`,
    );
    expect(down.headers['x-content-type-options']).toBe('nosniff');
    expect(down.headers['cache-control']).toBe('private, no-store');
    // The same access checks on every node: out of scope is 404.
    expect((await inject(b, outsider, 'GET', url)).statusCode).toBe(404);

    const del = await b.app.inject({
      method: 'DELETE',
      url: `/api/eproto/murals/${muralId}/attachments/${att.id}`,
      headers: { ...spa, cookie: equipe.cookie },
      payload: { reason: 'Versão errada' },
    });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await inject(a, equipe, 'GET', url);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('Anexo não encontrado.');
    expect(await bucketKeys(`murals/${muralId}/`)).toEqual([]);
  });

  it('a chat file sent through A is served by B to whom it was sent only', async () => {
    const data = Buffer.from('%PDF-1.4\nrelatório\n');
    const form = multipart({ name: 'relatorio.pdf', data });
    const up = await a.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...spa, cookie: equipe.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const { fileUrl } = up.json<{ fileUrl: string }>();
    const mine = await inject(b, equipe, 'GET', fileUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(data)).toBe(true);
    expect((await inject(b, outsider, 'GET', fileUrl)).statusCode).toBe(404);
  });

  it('a file past UPLOAD_MAX_MB is refused (413) and leaves nothing in the bucket', async () => {
    const form = multipart({ name: 'grande.pdf', data: pdf(9 * 1_048_576) });
    const before = await bucketKeys('');
    const listUrl = `/api/eproto/murals/${muralId}/attachments`;
    const listed = (await inject(b, equipe, 'GET', listUrl)).json<unknown[]>();
    const res = await b.app.inject({
      method: 'POST',
      url: `/api/eproto/murals/${muralId}/attachments/upload`,
      headers: { ...spa, cookie: equipe.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('Arquivo grande demais.');
    expect(await bucketKeys('')).toEqual(before);
    expect((await inject(b, equipe, 'GET', listUrl)).json()).toEqual(listed);
  });
});
