import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';
import { startS3, type TestS3 } from '../../test/s3.ts';
import { s3Storage, type S3Storage } from '../lib/s3-storage.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  type Person,
} from '../modules/murals/murals.fixtures.ts';

// The S3 endpoint goes away (its port closed): file calls answer 503 with Retry-After, like a
// database outage, not 500; everything that does not touch a file keeps working.
let s3: TestS3;
let storage: S3Storage;
let t: TestApp;
let equipe: Person;
let muralId: number;

const pdf = Buffer.from('%PDF-1.4\nmedição\n');

beforeAll(async () => {
  s3 = await startS3('eproto-fora-do-ar');
  storage = await s3Storage(s3.settings);
  t = await createTestApp(s3.env, { storage });
  equipe = await person(t, 'Equipe de Campo', 'Rui Campos');
  const contract = await makeContract(t);
  await linkContract(t, contract.id, equipe.user.id);
  const board = await makeBoard(t, { contractId: contract.id });
  muralId = (
    await makeMural(t, {
      boardId: board.id,
      contractId: contract.id,
      responsavelId: equipe.user.id,
    })
  ).id;
});

afterAll(async () => {
  await t.close();
  storage.destroy();
});

const upload = () => {
  const form = multipart({ name: 'medicao.pdf', data: pdf });
  return t.app.inject({
    method: 'POST',
    url: `/api/eproto/murals/${muralId}/attachments/upload`,
    headers: { ...spa, cookie: equipe.cookie, ...form.headers },
    payload: form.payload,
  });
};

describe('S3 endpoint unreachable', () => {
  it('answers 503 "Serviço temporariamente indisponível" with Retry-After to uploads and downloads', async () => {
    const up = await upload();
    expect(up.statusCode, up.body).toBe(201);
    const att = up.json<{ id: number }>();
    const url = `/api/eproto/murals/${muralId}/attachments/${att.id}/download`;
    expect((await t.app.inject({ url, headers: { cookie: equipe.cookie } })).statusCode).toBe(200);

    await s3.stop(); // nothing listens on the endpoint's port any more

    const down = await t.app.inject({ url, headers: { cookie: equipe.cookie } });
    expect(down.statusCode, down.body).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({
      error: 'Serviço temporariamente indisponível.',
      code: 'SERVICE_UNAVAILABLE',
    });

    const again = await upload();
    expect(again.statusCode, again.body).toBe(503);
    expect(again.headers['retry-after']).toBe('5');
    expect(again.json().error).toBe('Serviço temporariamente indisponível.');

    // The rest of the demand still answers.
    const list = await t.app.inject({
      url: `/api/eproto/murals/${muralId}/attachments`,
      headers: { cookie: equipe.cookie },
    });
    expect(list.statusCode).toBe(200);
  });
});

describe('S3 endpoint failing on its side (5xx)', () => {
  it('answers 503 with Retry-After, not 500', async () => {
    // An endpoint that answers every call with S3's "slow down" (503): the SDK retries, then fails.
    const failing = http.createServer((_req, res) => {
      res.writeHead(503, { 'content-type': 'application/xml' });
      res.end(
        '<?xml version="1.0" encoding="UTF-8"?><Error><Code>SlowDown</Code><Message>Reduce your request rate.</Message></Error>',
      );
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${(failing.address() as AddressInfo).port}`;
    const broken = await s3Storage({ ...s3.settings, endpoint });
    const t2 = await createTestApp({ ...s3.env, S3_ENDPOINT: endpoint }, { storage: broken });
    try {
      const gerente = await person(t2, 'Gerente', 'Gil Gerente');
      const contract = await makeContract(t2);
      await linkContract(t2, contract.id, gerente.user.id);
      const board = await makeBoard(t2, { contractId: contract.id });
      const mural = await makeMural(t2, {
        boardId: board.id,
        contractId: contract.id,
        responsavelId: gerente.user.id,
      });
      const form = multipart({ name: 'medicao.pdf', data: pdf });
      const res = await t2.app.inject({
        method: 'POST',
        url: `/api/eproto/murals/${mural.id}/attachments/upload`,
        headers: { ...spa, cookie: gerente.cookie, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json().error).toBe('Serviço temporariamente indisponível.');
    } finally {
      await t2.close();
      broken.destroy();
      await new Promise((r) => failing.close(r));
    }
  });
});
