import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralAttachments, sstTrainingRecords } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/helpers.ts';
import { listen } from '../../test/sse.ts';
import { postInPieces, storedFiles, type StoredFiles } from '../../test/stored-files.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
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
