import { rolesWith, ROLES, rolesFor, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog } from '../../db/schema/index.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let driverId: number;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
  driverId = (await createUser(t, { role: 'Equipe', nome: 'Motorista Km' })).id;
});
afterAll(async () => t.close());

let plateSeq = 0;
async function newVehicle(odometro_km = 50_000) {
  plateSeq += 1;
  const res = await coord.post('/api/tatico/frota/veiculos', {
    placa: `KMC${String(1000 + plateSeq)}`,
    modelo: 'Saveiro',
    marca: 'VW',
    ano: 2021,
    odometro_km,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().vehicle.id as number;
}

const base = (id: number) => `/api/tatico/frota/veiculos/${id}`;

/** Check-out at `saida` and check-in at `retorno` (confirming a long trip). */
async function trip(id: number, saida: number, retorno: number) {
  const out = await coord.post(`${base(id)}/checkout`, { condutor_id: driverId, km_saida: saida });
  expect(out.statusCode, out.body).toBe(200);
  const back = await coord.post(`${base(id)}/checkin`, {
    km_retorno: retorno,
    confirmar_km_alto: true,
  });
  expect(back.statusCode, back.body).toBe(200);
  return back.json().checkouts[0] as { id: number; km_alto_confirmado: boolean };
}

describe('implausible km at check-in', () => {
  it('asks for confirmation above 2.000 km in one trip, and records the confirmation', async () => {
    const id = await newVehicle();
    await coord.post(`${base(id)}/checkout`, { condutor_id: driverId, km_saida: 50_100 });
    const typo = await coord.post(`${base(id)}/checkin`, { km_retorno: 950_300 });
    expect(typo.statusCode).toBe(409);
    expect(typo.json()).toMatchObject({
      field: 'confirmar_km_alto',
      error:
        'Quilometragem improvável: 900.200 km rodados desde a saída (50.100 km). Confira o valor digitado; se estiver certo, confirme para registrar.',
    });
    const still = await coord.get(base(id));
    expect(still.json().vehicle).toMatchObject({ status: 'em_uso', odometro_km: 50_100 });

    const ok = await coord.post(`${base(id)}/checkin`, {
      km_retorno: 52_400,
      confirmar_km_alto: true,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checkouts[0]).toMatchObject({ km_retorno: 52_400, km_alto_confirmado: true });
  });

  it('a normal trip needs no confirmation and is not marked', async () => {
    const id = await newVehicle();
    await coord.post(`${base(id)}/checkout`, { condutor_id: driverId, km_saida: 50_000 });
    const ok = await coord.post(`${base(id)}/checkin`, { km_retorno: 52_000 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().checkouts[0].km_alto_confirmado).toBe(false);
  });
});

describe('km corrections', () => {
  it('gerente fixes a check-in typo: history keeps both values, odometer and km alerts follow, audited', async () => {
    const id = await newVehicle();
    await coord.post(`${base(id)}/manutencoes`, {
      tipo: 'preventiva',
      descricao: 'Troca de óleo',
      prevista_km: 60_000,
    });
    const checkout = await trip(id, 50_100, 950_300);
    const alertsOf = async () =>
      (await coord.get('/api/tatico/frota/alertas'))
        .json()
        .items.filter((a: { ref_id: number; kind: string }) => a.ref_id === id)
        .map((a: { severity: string }) => a.severity);
    expect(await alertsOf()).toEqual(['vencido']);

    const fixed = await gerente.post(`${base(id)}/correcoes-km`, {
      leitura: 'retorno',
      ref_id: checkout.id,
      km: 50_300,
      motivo: 'Digitado 950.300 em vez de 50.300',
    });
    expect(fixed.statusCode, fixed.body).toBe(201);
    const d = fixed.json();
    expect(d.vehicle.odometro_km).toBe(50_300);
    expect(d.vehicle.alertas).toBe(0);
    expect(d.checkouts[0]).toMatchObject({ id: checkout.id, km_retorno: 50_300 });
    expect(d.correcoes_km).toEqual([
      expect.objectContaining({
        leitura: 'retorno',
        ref_id: checkout.id,
        km_anterior: 950_300,
        km_corrigido: 50_300,
        odometro_anterior: 950_300,
        odometro_novo: 50_300,
        motivo: 'Digitado 950.300 em vez de 50.300',
        created_by: { id: s.gerente.id, nome: 'Pessoa Gerente' },
      }),
    ]);
    expect(await alertsOf()).toEqual([]);

    // the next check-out starts from the corrected odometer
    const next = await coord.post(`${base(id)}/checkout`, {
      condutor_id: driverId,
      km_saida: 50_350,
    });
    expect(next.statusCode, next.body).toBe(200);

    const audit = await t.database.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'POST /api/tatico/frota/veiculos/:id/correcoes-km'));
    expect(audit).toEqual([
      expect.objectContaining({ userId: s.gerente.id, objectId: String(id) }),
    ]);
  });

  it('corrects fuel km and the odometer itself; a reading below the highest other one keeps the odometer', async () => {
    const id = await newVehicle();
    const fuel = await coord.post(`${base(id)}/abastecimentos`, {
      data: today,
      combustivel: 'diesel',
      litros: 45.5,
      valor_total: 250.5,
      km: 59_000,
    });
    const fuelId = fuel.json().fuel[0].id as number;
    const c = await gerente.post(`${base(id)}/correcoes-km`, {
      leitura: 'abastecimento',
      ref_id: fuelId,
      km: 50_900,
      motivo: 'Dígito trocado no abastecimento',
    });
    expect(c.statusCode, c.body).toBe(201);
    expect(c.json().fuel[0].km).toBe(50_900);
    expect(c.json().vehicle.odometro_km).toBe(50_900);

    const diretoria = client(t, s.diretoria.cookie);
    const odo = await diretoria.post(`${base(id)}/correcoes-km`, {
      leitura: 'odometro',
      km: 51_200,
      motivo: 'Conferido no painel do veículo',
    });
    expect(odo.statusCode, odo.body).toBe(201);
    expect(odo.json().vehicle.odometro_km).toBe(51_200);
    expect(odo.json().correcoes_km[0]).toMatchObject({
      leitura: 'odometro',
      ref_id: null,
      km_anterior: 50_900,
      km_corrigido: 51_200,
    });
  });

  it('refuses what would break the readings, with Portuguese 400/404/409', async () => {
    const id = await newVehicle();
    const ck = await trip(id, 50_100, 50_500);
    const other = await newVehicle();
    const cases: Array<[unknown, number, RegExp]> = [
      [
        { leitura: 'retorno', ref_id: ck.id, km: 50_000, motivo: 'Erro de digitação' },
        400,
        /de saída/,
      ],
      [{ leitura: 'saida', ref_id: ck.id, km: 50_600, motivo: 'Erro na saída' }, 400, /de retorno/],
      [{ leitura: 'retorno', ref_id: ck.id, km: 50_500, motivo: 'Igual ao atual' }, 400, /já está/],
      [{ leitura: 'retorno', km: 50_400, motivo: 'Sem registro' }, 400, /qual registro/],
      [{ leitura: 'retorno', ref_id: ck.id, km: 50_400 }, 400, /motivo/],
      [{ leitura: 'retorno', ref_id: ck.id, km: 50_400, motivo: '   ' }, 400, /motivo/],
      [
        { leitura: 'retorno', ref_id: ck.id, km: 50_400, motivo: 'ab\u0000cd' },
        400,
        /caractere inválido/,
      ],
      [{ leitura: 'retorno', ref_id: ck.id, km: 2 ** 31, motivo: 'Grande' }, 400, /grande/],
      [{ leitura: 'retorno', ref_id: ck.id, km: -1, motivo: 'Negativo' }, 400, /negativo/],
      [{ leitura: 'retorno', ref_id: ck.id, km: 50_400.5, motivo: 'Fração' }, 400, /inteiro/],
      [{ leitura: 'retorno', ref_id: 2 ** 31, km: 50_400, motivo: 'Id grande' }, 400, /inválido/],
      [{ leitura: 'pneu', ref_id: ck.id, km: 50_400, motivo: 'Tipo errado' }, 400, /inválida/],
      [
        { leitura: 'retorno', ref_id: 999_999, km: 50_400, motivo: 'Outro registro' },
        404,
        /Check-out/,
      ],
      [
        { leitura: 'abastecimento', ref_id: ck.id, km: 1, motivo: 'Outro registro' },
        404,
        /Abastec/,
      ],
    ];
    for (const [body, status, msg] of cases) {
      const res = await gerente.post(`${base(id)}/correcoes-km`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error, JSON.stringify(body)).toMatch(msg);
    }
    const foreign = await gerente.post(`${base(other)}/correcoes-km`, {
      leitura: 'retorno',
      ref_id: ck.id,
      km: 50_400,
      motivo: 'Outro veículo',
    });
    expect(foreign.statusCode).toBe(404);
    const open = await coord.post(`${base(id)}/checkout`, {
      condutor_id: driverId,
      km_saida: 50_600,
    });
    const openId = open.json().checkouts[0].id as number;
    const noReturn = await gerente.post(`${base(id)}/correcoes-km`, {
      leitura: 'retorno',
      ref_id: openId,
      km: 50_700,
      motivo: 'Ainda em uso',
    });
    expect(noReturn.statusCode).toBe(409);
    const belowOut = await gerente.post(`${base(id)}/correcoes-km`, {
      leitura: 'odometro',
      km: 50_000,
      motivo: 'Abaixo da saída',
    });
    expect(belowOut.statusCode).toBe(400);
    const after = (await coord.get(base(id))).json();
    expect(after.correcoes_km).toEqual([]);
    expect(after.vehicle.odometro_km).toBe(50_600);
  });

  it('only gerente and diretoria may correct (every role)', async () => {
    expect([...rolesWith('fleet.km.correct')].sort()).toEqual(['diretoria', 'gerente']);
    // both may open the fleet screen, where the action lives
    for (const r of rolesWith('fleet.km.correct')) expect(rolesFor('/tatico/frota')).toContain(r);
    const id = await newVehicle();
    for (const role of ROLES) {
      const res = await client(t, s[role].cookie).post(`${base(id)}/correcoes-km`, {
        leitura: 'odometro',
        km: 50_001 + ROLES.indexOf(role),
        motivo: `Correção por ${role}`,
      });
      expect(res.statusCode, role).toBe(rolesWith('fleet.km.correct').includes(role) ? 201 : 403);
    }
  });
});
