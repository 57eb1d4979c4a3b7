import type { MeterHistory } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetTypes, contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// The hour meter (horímetro) of an asset: readings with their date, never going down, recorded
// by the technician of the contract too; the average use per day comes back with them.

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let tech: ReturnType<typeof client>;
let assetA: number;
let assetB: number;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const db = t.database.db;
  const [a, b] = await db
    .insert(contracts)
    .values([
      { codigo: 'GER', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  await db
    .insert(userContracts)
    .values(
      (['coordenador', 'equipe'] as const).map((r) => ({ userId: s[r].id, contractId: a!.id })),
    );
  const tipos = await db.select().from(assetTypes);
  const gerador = tipos.find((x) => x.nome === 'Gerador')!;
  const make = async (cookie: string, contractId: number, tag: string) => {
    const res = await client(t, cookie).post('/api/tatico/ativos', {
      contract_id: contractId,
      type_id: gerador.id,
      tag,
      dados: { potencia_kva: 450 },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ asset: { id: number } }>().asset.id;
  };
  assetA = await make(s.coordenador.cookie, a!.id, 'GMG-01');
  assetB = await make(s.diretoria.cookie, b!.id, 'GMG-99');
  tech = client(t, s.equipe.cookie);
});
afterAll(async () => t.close());

const url = (id: number) => `/api/tatico/ativos/${id}/horimetro`;

describe('hour meter readings', () => {
  it('the technician records readings; they come back newest first with the average use', async () => {
    const first = await tech.post(url(assetA), { horas: 1000, data: '2026-03-01' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<MeterHistory>().uso_medio_dia).toBeNull();
    const second = await tech.post(url(assetA), { horas: 1080.5, data: '2026-03-11' });
    expect(second.statusCode, second.body).toBe(201);
    const h = (await tech.get(url(assetA))).json<MeterHistory>();
    expect(h.leituras.map((r) => [r.data, r.horas])).toEqual([
      ['2026-03-11', 1080.5],
      ['2026-03-01', 1000],
    ]);
    expect(h.leituras[0]!.registrado_por).toMatchObject({ id: s.equipe.id });
    expect(h.uso_medio_dia).toBeCloseTo(8.05, 5);
    // A reading between two others fits.
    expect((await tech.post(url(assetA), { horas: 1040, data: '2026-03-06' })).statusCode).toBe(
      201,
    );
  });

  it('refuses a reading lower than the previous one (or above a later one) in Portuguese', async () => {
    const lower = await tech.post(url(assetA), { horas: 1079, data: '2026-03-12' });
    expect(lower.statusCode).toBe(400);
    expect(lower.json<{ error: string }>().error).toBe(
      'Leitura menor que a anterior (1.080,5 h em 11/03/2026): o horímetro não volta.',
    );
    const above = await tech.post(url(assetA), { horas: 1100, data: '2026-03-05' });
    expect(above.statusCode).toBe(400);
    expect(above.json<{ error: string }>().error).toMatch(
      /^Leitura maior que a seguinte \(1\.040 h em 06\/03\/2026\)/,
    );
    const future = await tech.post(url(assetA), { horas: 5000, data: '2099-01-01' });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ error: string }>().error).toBe(
      'A data da leitura não pode ser no futuro.',
    );
    expect((await tech.get(url(assetA))).json<MeterHistory>().leituras).toHaveLength(3);
  });

  it('hostile values answer 400 and another contract’s asset 404', async () => {
    for (const body of [
      { horas: -1, data: '2026-03-12' },
      { horas: 2 ** 31, data: '2026-03-12' },
      { horas: 1.25, data: '2026-03-12' },
      { horas: '0x10', data: '2026-03-12' },
      { horas: 1200, data: '0000-01-01' },
      { horas: 1200, data: '2026-03-12\u0000' },
      { horas: 1200 },
    ]) {
      const res = await tech.post(url(assetA), body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await tech.get(url(assetB))).statusCode).toBe(404);
    expect((await tech.post(url(assetB), { horas: 1, data: '2026-03-01' })).statusCode).toBe(404);
    expect((await tech.get(url(2 ** 31))).statusCode).toBe(400);
    // ti does not use the agenda.
    expect((await client(t, s.ti.cookie).get(url(assetA))).statusCode).toBe(403);
  });
});
