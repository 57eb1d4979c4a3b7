import { ROLES, rolesFor, todayIn, addDaysTo } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, spa, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let gestor: ReturnType<typeof client>;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  gestor = client(t, s.coordenador.cookie);
});
afterAll(async () => t.close());

let plateSeq = 0;
function nextPlate() {
  plateSeq += 1;
  return `TST${String(1000 + plateSeq)}`;
}
async function newVehicle(extra: Record<string, unknown> = {}) {
  const res = await gestor.post('/api/tatico/frota/veiculos', {
    placa: nextPlate(),
    modelo: 'Strada',
    marca: 'Fiat',
    ano: 2022,
    odometro_km: 10000,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().vehicle as { id: number; placa: string; odometro_km: number; status: string };
}

describe('permissions of /api/tatico/frota (from the route access table)', () => {
  const allowed = rolesFor('/tatico/frota');
  it.each(ROLES.map((r) => [r, allowed.includes(r)] as const))(
    '%s may read and write the fleet: %s',
    async (role, ok) => {
      const c = client(t, s[role].cookie);
      const list = await c.get('/api/tatico/frota/veiculos');
      const create = await c.post('/api/tatico/frota/veiculos', {
        placa: nextPlate(),
        modelo: 'Hilux',
        marca: 'Toyota',
        ano: 2023,
        odometro_km: 0,
      });
      const alerts = await c.get('/api/tatico/frota/alertas');
      const exp = await c.get('/api/tatico/frota/veiculos/export?format=csv');
      for (const res of [list, alerts, exp]) expect(res.statusCode).toBe(ok ? 200 : 403);
      expect(create.statusCode).toBe(ok ? 201 : 403);
    },
  );

  it('every fleet call answers 403 to roles outside the screen', async () => {
    const v = await newVehicle();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/tatico/frota/veiculos/${v.id}`],
      ['PATCH', `/api/tatico/frota/veiculos/${v.id}`, { modelo: 'X' }],
      [
        'POST',
        `/api/tatico/frota/veiculos/${v.id}/manutencoes`,
        { tipo: 'corretiva', descricao: 'Freio' },
      ],
      ['POST', `/api/tatico/frota/veiculos/${v.id}/manutencoes/1/iniciar`, {}],
      ['POST', `/api/tatico/frota/veiculos/${v.id}/manutencoes/1/concluir`, {}],
      ['POST', `/api/tatico/frota/veiculos/${v.id}/abastecimentos`, {}],
      ['POST', `/api/tatico/frota/veiculos/${v.id}/checkout`, {}],
      ['POST', `/api/tatico/frota/veiculos/${v.id}/checkin`, {}],
    ];
    for (const role of ROLES.filter((r) => !allowed.includes(r))) {
      for (const [method, url, payload] of calls) {
        const res = await t.app.inject({
          method: method as 'GET',
          url,
          headers: { ...spa, cookie: s[role].cookie },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/tatico/frota/veiculos' });
    expect(res.statusCode).toBe(401);
  });
});

describe('vehicles', () => {
  it('creates with a normalised plate in either Brazilian format', async () => {
    const old = await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'qwe-4321',
      modelo: 'Saveiro',
      marca: 'VW',
      ano: 2020,
      odometro_km: 5,
      renavam: '63963427901',
      licenciamento_vencimento: '2030-01-31',
    });
    expect(old.statusCode).toBe(201);
    expect(old.json().vehicle).toMatchObject({
      placa: 'QWE4321',
      placa_formatada: 'QWE-4321',
      status: 'disponivel',
      renavam: '63963427901',
    });
    const merc = await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'rty2b45',
      modelo: 'Saveiro',
      marca: 'VW',
      ano: 2024,
      odometro_km: 0,
    });
    expect(merc.json().vehicle.placa_formatada).toBe('RTY2B45');
  });

  it('refuses an invalid plate with a Portuguese 400 and writes nothing', async () => {
    const before = (await gestor.get('/api/tatico/frota/veiculos')).json().items.length;
    const res = await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'AB-123',
      modelo: 'Strada',
      marca: 'Fiat',
      ano: 2022,
      odometro_km: 0,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/Placa inválida/);
    expect(res.json().field).toBe('placa');
    expect((await gestor.get('/api/tatico/frota/veiculos')).json().items.length).toBe(before);
  });

  it('refuses bad RENAVAM, negative odometer, impossible dates', async () => {
    const base = { placa: nextPlate(), modelo: 'X', marca: 'Y', ano: 2022, odometro_km: 0 };
    for (const bad of [
      { renavam: '12345678901' },
      { odometro_km: -5 },
      { seguro_vencimento: '2026-02-30' },
      { ano: 1800 },
    ]) {
      const res = await gestor.post('/api/tatico/frota/veiculos', { ...base, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('refuses the same vehicle under its old and Mercosul plates', async () => {
    await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'JKL-5678',
      modelo: 'Uno',
      marca: 'Fiat',
      ano: 2010,
      odometro_km: 0,
    });
    const dup = await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'JKL5678',
      modelo: 'Uno',
      marca: 'Fiat',
      ano: 2010,
      odometro_km: 0,
    });
    expect(dup.statusCode).toBe(409);
    const twin = await gestor.post('/api/tatico/frota/veiculos', {
      placa: 'JKL5G78',
      modelo: 'Uno',
      marca: 'Fiat',
      ano: 2010,
      odometro_km: 0,
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().error).toMatch(/corresponde à placa JKL-5678/);
  });

  it('never lets the odometer go back', async () => {
    const v = await newVehicle();
    const res = await gestor.patch(`/api/tatico/frota/veiculos/${v.id}`, { odometro_km: 9000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/odômetro não pode diminuir/);
    const ok = await gestor.patch(`/api/tatico/frota/veiculos/${v.id}`, {
      odometro_km: 12000,
      modelo: 'Strada Cabine',
    });
    expect(ok.json().vehicle).toMatchObject({ odometro_km: 12000, modelo: 'Strada Cabine' });
  });

  it('answers 404 for an unknown vehicle and 400 for a bad id', async () => {
    expect((await gestor.get('/api/tatico/frota/veiculos/999999')).statusCode).toBe(404);
    expect((await gestor.get('/api/tatico/frota/veiculos/abc')).statusCode).toBe(400);
  });

  it('filters by status and text', async () => {
    const v = await newVehicle({ modelo: 'Modelo-Filtro-Unico', status: 'inativo' });
    const byText = (await gestor.get('/api/tatico/frota/veiculos?q=filtro-unico')).json().items;
    expect(byText.map((x: { id: number }) => x.id)).toEqual([v.id]);
    const inactive = (await gestor.get('/api/tatico/frota/veiculos?status=inativo')).json().items;
    expect(inactive.every((x: { status: string }) => x.status === 'inativo')).toBe(true);
  });
});

describe('check-out and check-in', () => {
  it('hands a vehicle to a driver and takes it back with km', async () => {
    const v = await newVehicle();
    const driver = await createUser(t, { role: 'Equipe', nome: 'Motorista Teste' });
    const out = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
      condutor_id: driver.id,
      km_saida: 10010,
      destino: 'Obra Centro',
    });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().vehicle).toMatchObject({
      status: 'em_uso',
      odometro_km: 10010,
      condutor: { id: driver.id, nome: 'Motorista Teste' },
    });

    const again = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
      condutor_id: driver.id,
      km_saida: 10010,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/já está em uso/);

    const back = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkin`, {
      km_retorno: 10000,
    });
    expect(back.statusCode).toBe(400);
    expect(back.json().error).toMatch(/não pode ser menor que a de saída/);

    const ok = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkin`, {
      km_retorno: 10085,
    });
    expect(ok.json().vehicle).toMatchObject({
      status: 'disponivel',
      odometro_km: 10085,
      condutor: null,
    });
    expect(ok.json().checkouts[0]).toMatchObject({
      km_saida: 10010,
      km_retorno: 10085,
      destino: 'Obra Centro',
    });

    const none = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkin`, {
      km_retorno: 10090,
    });
    expect(none.statusCode).toBe(409);
  });

  it('refuses a check-out below the odometer, to an unknown driver, or of a vehicle in maintenance', async () => {
    const v = await newVehicle();
    const low = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
      condutor_id: s.equipe.id,
      km_saida: 9999,
    });
    expect(low.statusCode).toBe(400);
    const ghost = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
      condutor_id: 999999,
      km_saida: 10000,
    });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().error).toMatch(/Condutor não encontrado/);
    const m = await newVehicle({ status: 'manutencao' });
    const blocked = await gestor.post(`/api/tatico/frota/veiculos/${m.id}/checkout`, {
      condutor_id: s.equipe.id,
      km_saida: 10000,
    });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error).toMatch(/manutenção/);
  });

  it('two concurrent check-outs of one vehicle: exactly one wins', async () => {
    const v = await newVehicle();
    const [a, b] = await Promise.all([
      gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
        condutor_id: s.equipe.id,
        km_saida: 10000,
      }),
      gestor.post(`/api/tatico/frota/veiculos/${v.id}/checkout`, {
        condutor_id: s.gerente.id,
        km_saida: 10000,
      }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
  });
});

describe('maintenance and fuel', () => {
  it('preventive maintenance needs a date or km', async () => {
    const v = await newVehicle();
    const res = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/manutencoes`, {
      tipo: 'preventiva',
      descricao: 'Revisão',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/data prevista ou quilometragem prevista/);
  });

  it('starting puts the vehicle in maintenance; finishing frees it and moves the odometer', async () => {
    const v = await newVehicle();
    const created = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/manutencoes`, {
      tipo: 'corretiva',
      descricao: 'Pastilhas de freio',
      fornecedor: 'Oficina Boa',
    });
    expect(created.statusCode).toBe(201);
    const mid = created.json().maintenances[0].id as number;
    const started = await gestor.post(
      `/api/tatico/frota/veiculos/${v.id}/manutencoes/${mid}/iniciar`,
      {},
    );
    expect(started.json().vehicle.status).toBe('manutencao');
    expect(started.json().maintenances[0].status).toBe('em_andamento');
    const future = await gestor.post(
      `/api/tatico/frota/veiculos/${v.id}/manutencoes/${mid}/concluir`,
      { realizada_data: addDaysTo(today, 3), realizada_km: 10100 },
    );
    expect(future.statusCode).toBe(400);
    const done = await gestor.post(
      `/api/tatico/frota/veiculos/${v.id}/manutencoes/${mid}/concluir`,
      { realizada_data: today, realizada_km: 10100, custo: 450.5 },
    );
    expect(done.statusCode).toBe(200);
    expect(done.json().vehicle).toMatchObject({ status: 'disponivel', odometro_km: 10100 });
    expect(done.json().maintenances[0]).toMatchObject({
      status: 'concluida',
      custo: 450.5,
      realizada_km: 10100,
    });
    const twice = await gestor.post(
      `/api/tatico/frota/veiculos/${v.id}/manutencoes/${mid}/concluir`,
      { realizada_data: today, realizada_km: 10100 },
    );
    expect(twice.statusCode).toBe(409);
  });

  it('a maintenance of another vehicle answers 404', async () => {
    const a = await newVehicle();
    const b = await newVehicle();
    const created = await gestor.post(`/api/tatico/frota/veiculos/${a.id}/manutencoes`, {
      tipo: 'corretiva',
      descricao: 'Lanterna',
    });
    const mid = created.json().maintenances[0].id as number;
    expect(
      (await gestor.post(`/api/tatico/frota/veiculos/${b.id}/manutencoes/${mid}/iniciar`, {}))
        .statusCode,
    ).toBe(404);
  });

  it('logs fuel, moves the odometer, refuses km below the odometer and bad values', async () => {
    const v = await newVehicle();
    const res = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/abastecimentos`, {
      data: today,
      combustivel: 'diesel',
      litros: 45.3,
      valor_total: 289.9,
      km: 10400,
      posto: 'Posto Via',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().fuel[0]).toMatchObject({ litros: 45.3, valor_total: 289.9, km: 10400 });
    expect(res.json().vehicle.odometro_km).toBe(10400);
    const late = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/abastecimentos`, {
      data: addDaysTo(today, -10),
      combustivel: 'diesel',
      litros: 40,
      valor_total: 250,
      km: 10200,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({
      field: 'km',
      error: 'A quilometragem do abastecimento não pode ser menor que o odômetro (10.400 km).',
    });
    const after = await gestor.get(`/api/tatico/frota/veiculos/${v.id}`);
    expect(after.json().fuel).toHaveLength(1);
    expect(after.json().vehicle.odometro_km).toBe(10400);
    const bad = await gestor.post(`/api/tatico/frota/veiculos/${v.id}/abastecimentos`, {
      data: today,
      combustivel: 'querosene',
      litros: 40,
      valor_total: 250,
      km: 1,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('alerts', () => {
  it('lists documents due and preventive maintenance due, and counts them per vehicle', async () => {
    const v = await newVehicle({
      licenciamento_vencimento: addDaysTo(today, 10),
      seguro_vencimento: addDaysTo(today, -1),
    });
    await gestor.post(`/api/tatico/frota/veiculos/${v.id}/manutencoes`, {
      tipo: 'preventiva',
      descricao: 'Troca de óleo',
      prevista_km: 10300,
    });
    await gestor.post(`/api/tatico/frota/veiculos/${v.id}/manutencoes`, {
      tipo: 'preventiva',
      descricao: 'Alinhamento',
      prevista_data: addDaysTo(today, 90),
    });
    const res = await gestor.get('/api/tatico/frota/alertas');
    const mine = res.json().items.filter((a: { ref_id: number }) => a.ref_id === v.id);
    expect(
      mine.map((a: { kind: string; severity: string }) => `${a.kind}:${a.severity}`).sort(),
    ).toEqual(['documento_veiculo:proximo', 'documento_veiculo:vencido', 'manutencao:proximo']);
    expect(mine.find((a: { texto: string }) => a.texto.startsWith('Seguro')).texto).toMatch(
      /venceu em/,
    );
    const detail = await gestor.get(`/api/tatico/frota/veiculos/${v.id}`);
    expect(detail.json().vehicle.alertas).toBe(3);
  });
});

describe('export', () => {
  it('exports CSV for Brazilian spreadsheets and a real XLSX', async () => {
    await newVehicle({ modelo: 'Exportado' });
    const csv = await gestor.get('/api/tatico/frota/veiculos/export?format=csv');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="frota-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    expect(csv.body.charCodeAt(0)).toBe(0xfeff);
    expect(csv.body).toMatch(/Placa;Marca;Modelo;Ano/);
    expect(csv.body).toMatch(/Exportado/);
    const xlsx = await gestor.get('/api/tatico/frota/veiculos/export?format=xlsx');
    expect(xlsx.headers['content-type']).toMatch(/spreadsheetml/);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect((await gestor.get('/api/tatico/frota/veiculos/export?format=pdf')).statusCode).toBe(400);
  });
});
