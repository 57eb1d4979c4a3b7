import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralAttachments, sstTrainingRecords, users } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { until } from '../../test/jobs.ts';
import { listen } from '../../test/sse.ts';
import { localStorage, type Storage } from '../lib/storage.ts';
import { postInPieces, storedFiles, type StoredFiles } from '../../test/stored-files.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  TINY_PNG,
  type Person,
} from '../modules/murals/murals.fixtures.ts';

// Uploads on both file stores (local disk and S3 on a real s3rver), over real HTTP in 64 KiB
// pieces as a browser sends them: past UPLOAD_MAX_MB (6 here) a file answers 413 and leaves
// nothing stored, not even the parts of a multipart upload (issue 38, point 5).
const LIMIT_MB = 6;

/** A PDF of `size` bytes (the type check reads only its first bytes). */
function pdf(size: number): Buffer {
  const data = Buffer.alloc(size, 0x20);
  data.write('%PDF-1.4\n');
  for (let i = 9; i < size; i += 4096) data[i] = i % 251;
  return data;
}

describe.each(['local', 's3'] as const)('uploads with STORAGE=%s', (driver) => {
  let files: StoredFiles;
  let t: TestApp;
  let base: string;
  let coord: Person;
  let equipe: Person;
  let muralId: number;

  beforeAll(async () => {
    files = await storedFiles(driver, `eproto-envios-${driver}`);
    t = await createTestApp(
      { ...files.env, UPLOAD_MAX_MB: String(LIMIT_MB) },
      { storage: files.storage },
    );
    files.bind(t.config.dataDir);
    base = await listen(t.app);
    coord = await person(t, 'Coordenador', 'Carla Coordenadora');
    equipe = await person(t, 'Equipe de Campo', 'Rita Campos');
    const contract = await makeContract(t);
    await linkContract(t, contract.id, coord.user.id);
    const board = await makeBoard(t, { contractId: contract.id });
    muralId = (
      await makeMural(t, {
        boardId: board.id,
        contractId: contract.id,
        titulo: 'Troca do quadro geral',
        responsavelId: equipe.user.id,
        createdBy: coord.user.id,
      })
    ).id;
  });

  afterAll(async () => {
    await t?.close();
    await files?.stop();
  });

  /** A training record of the equipe person, made by the coordenador. */
  async function trainingRecord(): Promise<number> {
    const list = (await coord.call('GET', '/api/tatico/sst/treinamentos')).json<{
      items: { id: number; codigo: string }[];
    }>();
    const res = await coord.call('POST', '/api/tatico/sst/registros', {
      user_id: equipe.user.id,
      training_id: list.items.find((i) => i.codigo === 'NR-35')!.id,
      data: '2026-01-15',
      carga_horaria: 8,
      instrutor: 'SENAI Campinas',
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  async function expectRefusedAndNothingLeft(
    who: Person,
    url: string,
    prefix: string,
  ): Promise<void> {
    const before = await files.keys('');
    // 12 MiB: past the first 5 MiB part, so S3 has a multipart upload under way at the limit.
    const form = multipart({ name: 'grande.pdf', data: pdf(12 * 1_048_576) });
    const res = await postInPieces(base, url, who.cookie, form);
    expect(res.status, res.body).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({
      error: 'Arquivo grande demais.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(await files.keys(prefix)).toEqual([]);
    expect(await files.keys('')).toEqual(before);
    expect(await files.openUploads('')).toEqual([]);
  }

  it('a demand attachment past the limit: 413, no object, no parts, no row', async () => {
    await expectRefusedAndNothingLeft(
      equipe,
      `/api/eproto/murals/${muralId}/attachments/upload`,
      `murals/${muralId}/`,
    );
    const rows = await t.database.db
      .select()
      .from(muralAttachments)
      .where(eq(muralAttachments.muralId, muralId));
    expect(rows).toEqual([]);
  });

  it('an SST certificate past the limit: 413, no object, no parts, the record unchanged', async () => {
    const id = await trainingRecord();
    await expectRefusedAndNothingLeft(
      coord,
      `/api/tatico/sst/registros/${id}/certificado`,
      'sst-certificados/',
    );
    const [row] = await t.database.db
      .select({ key: sstTrainingRecords.certificadoKey })
      .from(sstTrainingRecords)
      .where(eq(sstTrainingRecords.id, id));
    expect(row!.key).toBeNull();
  });

  it('a chat file past the limit: 413, no object, no parts', async () => {
    await expectRefusedAndNothingLeft(equipe, '/api/chat/upload', 'chat/');
  });

  /** The record's certificate key, straight from the database. */
  async function certificateKey(id: number) {
    const [row] = await t.database.db
      .select({ key: sstTrainingRecords.certificadoKey })
      .from(sstTrainingRecords)
      .where(eq(sstTrainingRecords.id, id));
    return row!.key;
  }

  const certificate = (id: number, n: number) => {
    const form = multipart({ name: `certificado-${n}.pdf`, data: pdf(2048 + n) });
    return coord.call(
      'POST',
      `/api/tatico/sst/registros/${id}/certificado`,
      form.payload,
      form.headers,
    );
  };

  it("two SST certificates replacing one at once leave exactly one object: the row's", async () => {
    const id = await trainingRecord();
    expect((await certificate(id, 0)).statusCode).toBe(200);
    for (let round = 1; round <= 3; round++) {
      const answers = await Promise.all([
        certificate(id, round * 10),
        certificate(id, round * 10 + 1),
      ]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      const key = await certificateKey(id);
      expect(await files.keys('sst-certificados/')).toEqual([key]);
    }
  });

  it('two avatars at once leave one avatar object; removing it leaves none', async () => {
    const png = (n: number) => {
      const data = Buffer.concat([TINY_PNG, Buffer.alloc(n)]);
      return multipart({ name: `foto-${n}.png`, data, type: 'image/png' });
    };
    const send = (n: number) => {
      const form = png(n);
      return equipe.call('POST', '/api/profile/avatar', form.payload, form.headers);
    };
    const mine = async () => {
      const [row] = await t.database.db
        .select({ key: users.avatarPath })
        .from(users)
        .where(eq(users.id, equipe.user.id));
      return row!.key;
    };
    expect((await send(1)).statusCode).toBe(200);
    for (let round = 1; round <= 3; round++) {
      const answers = await Promise.all([send(round * 10), send(round * 10 + 1)]);
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
      expect(await files.keys('avatars/')).toEqual([await mine()]);
    }
    expect((await equipe.call('DELETE', '/api/profile/avatar')).statusCode).toBe(200);
    expect(await mine()).toBeNull();
    expect(await files.keys('avatars/')).toEqual([]);
  });

  it('a file within the limit is stored whole (the same route, the same pieces)', async () => {
    const data = pdf(5 * 1_048_576 + 321);
    const form = multipart({ name: 'medicao.pdf', data });
    const res = await postInPieces(
      base,
      `/api/eproto/murals/${muralId}/attachments/upload`,
      equipe.cookie,
      form,
    );
    expect(res.status, res.body).toBe(201);
    expect(JSON.parse(res.body)).toMatchObject({ size: data.length });
    expect(await files.keys(`murals/${muralId}/`)).toHaveLength(1);
    expect(await files.openUploads('')).toEqual([]);
  });
});

describe('a node that dies between the commit and the removal of the replaced file', () => {
  it('leaves the job written in the transaction, which removes it later', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'eproto-queda-'));
    const disk = localStorage(root);
    // While "down", the removal after the commit never happens (as if the process had died).
    let down = false;
    const storage: Storage = {
      ...disk,
      remove: (key) => (down ? Promise.reject(new Error('o nó caiu')) : disk.remove(key)),
    };
    const t = await createTestApp({}, { storage, jobs: { pollingIntervalSeconds: 0.5 } });
    try {
      const coord = await person(t, 'Coordenador', 'Carla Coordenadora');
      const equipe = await person(t, 'Equipe de Campo', 'Rita Campos');
      const list = (await coord.call('GET', '/api/tatico/sst/treinamentos')).json<{
        items: { id: number; codigo: string }[];
      }>();
      const rec = await coord.call('POST', '/api/tatico/sst/registros', {
        user_id: equipe.user.id,
        training_id: list.items.find((i) => i.codigo === 'NR-35')!.id,
        data: '2026-01-15',
        carga_horaria: 8,
        instrutor: 'SENAI Campinas',
      });
      const url = `/api/tatico/sst/registros/${rec.json<{ id: number }>().id}/certificado`;
      const send = (n: number) => {
        const form = multipart({ name: `certificado-${n}.pdf`, data: pdf(1024 + n) });
        return coord.call('POST', url, form.payload, form.headers);
      };
      const stored = () =>
        fs.existsSync(path.join(root, 'sst-certificados'))
          ? fs.readdirSync(path.join(root, 'sst-certificados'))
          : [];
      expect((await send(1)).statusCode).toBe(200);
      const [first] = stored();
      down = true;
      expect((await send(2)).statusCode).toBe(200);
      expect(stored()).toHaveLength(2);
      expect(stored()).toContain(first);

      down = false;
      await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
      await until(() => stored().length === 1);
      expect(stored()).not.toContain(first);
    } finally {
      await t.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
