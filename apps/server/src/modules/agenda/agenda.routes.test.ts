import { rolesWith, addDaysTo, ROLES, rolesFor, startOfDayInZone, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, notifications, userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

const TZ = 'America/Sao_Paulo';
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let dayOffset = 0;
const today = todayIn(TZ);

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  equipe = client(t, s.equipe.cookie);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'AG-A', nome: 'Manutenção Metrô', cliente: 'Metrô' },
      { codigo: 'AG-B', nome: 'Rede Norte', cliente: 'Energia SA' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  await t.database.db
    .insert(userContracts)
    .values([{ userId: s.coordenador.id, contractId: contractA }]);
});
afterAll(async () => t.close());

/** ISO instant of hh:00 on a day (company time) some days from today. */
function at(hour: number, day = today) {
  return new Date(startOfDayInZone(day, TZ).getTime() + hour * 3_600_000).toISOString();
}
/** A fresh day for tests that must not see each other's bookings. */
function freshDay() {
  dayOffset += 1;
  return addDaysTo(today, 30 + dayOffset);
}
function entry(extra: Record<string, unknown> = {}, day = today) {
  return {
    inicio: at(8, day),
    fim: at(12, day),
    local: 'Estação Sé',
    contract_id: contractA,
    pessoas: [s.equipe.id],
    descricao: 'Inspeção de painéis',
    ...extra,
  };
}
async function create(extra: Record<string, unknown> = {}, day = today, c = coord) {
  const res = await c.post('/api/tatico/agenda', entry(extra, day));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; conflitos: unknown[]; status: string }>();
}

describe('permission table of /api/tatico/agenda', () => {
  const screen = rolesFor('/tatico/agenda');
  it.each(
    ROLES.map((r) => [r, screen.includes(r), rolesWith('agenda.manage').includes(r)] as const),
  )('%s: screen=%s plan=%s', async (role, onScreen, plans) => {
    const c = client(t, s[role].cookie);
    const day = freshDay();
    const q = `?de=${day}&ate=${day}`;
    expect((await c.get(`/api/tatico/agenda${q}`)).statusCode).toBe(plans ? 200 : 403);
    expect((await c.get(`/api/tatico/agenda/minha${q}`)).statusCode).toBe(onScreen ? 200 : 403);
    const created = await c.post(
      '/api/tatico/agenda',
      entry({ contract_id: contractA, pessoas: [s[role].id] }, day),
    );
    // diretoria sees every contract; coordenador is linked to A; gerente is not linked.
    const expected = !plans ? 403 : role === 'gerente' ? 400 : 201;
    expect(created.statusCode).toBe(expected);
    expect(
      (
        await c.post('/api/tatico/agenda/conflitos', {
          inicio: at(8, day),
          fim: at(9, day),
          pessoas: [],
        })
      ).statusCode,
    ).toBe(plans ? 200 : 403);
  });
});

describe('explicit denials', () => {
  it('roles outside the screen get 403 on every call; equipe cannot plan', async () => {
    const e = await create({}, freshDay());
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/tatico/agenda/${e.id}`],
      ['PUT', `/api/tatico/agenda/${e.id}`, entry({}, freshDay())],
      ['POST', `/api/tatico/agenda/${e.id}/status`, { status: 'em_execucao' }],
    ];
    for (const role of ROLES.filter((r) => !rolesFor('/tatico/agenda').includes(r))) {
      const c = client(t, s[role].cookie);
      for (const [method, url, payload] of calls) {
        const res =
          method === 'GET'
            ? await c.get(url)
            : method === 'PUT'
              ? await c.put(url, payload)
              : await c.post(url, payload);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await equipe.put(`/api/tatico/agenda/${e.id}`, entry({}, freshDay()))).statusCode).toBe(
      403,
    );
    expect((await equipe.post('/api/tatico/agenda', entry({}, freshDay()))).statusCode).toBe(403);
  });
});

describe('validation', () => {
  it('refuses bad input in Portuguese and writes nothing', async () => {
    const day = freshDay();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fim: at(7, day) }, /O fim deve ser depois do início/],
      [{ pessoas: [] }, /pelo menos uma pessoa/],
      [{ contract_id: contractB }, /Contrato não encontrado/],
      [{ pessoas: [999999] }, /Pessoa não encontrada/],
      [{ vehicle_id: 999999 }, /Veículo não encontrado/],
      [{ mural_id: 999999 }, /Demanda não encontrada/],
      [{ latitude: -23.55 }, /latitude e longitude juntas/],
      [{ inicio: 'amanhã cedo' }, /início válido/],
      [{ local: 'x' }, /O local: mínimo de 2 caracteres/],
    ];
    for (const [extra, msg] of cases) {
      const res = await coord.post('/api/tatico/agenda', entry(extra, day));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().error).toMatch(msg);
    }
    expect((await coord.get(`/api/tatico/agenda?de=${day}&ate=${day}`)).json().items).toHaveLength(
      0,
    );
  });

  it('refuses an inactive vehicle', async () => {
    const v = (
      await coord.post('/api/tatico/frota/veiculos', {
        placa: 'AGD1A23',
        modelo: 'Uno',
        marca: 'Fiat',
        ano: 2012,
        odometro_km: 1,
        status: 'inativo',
      })
    ).json();
    const res = await coord.post(
      '/api/tatico/agenda',
      entry({ vehicle_id: v.vehicle.id }, freshDay()),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('O veículo AGD1A23 está inativo.');
  });
});

describe('double booking', () => {
  it('flags a person booked at the same time: refused until confirmed, then saved with the conflict', async () => {
    const day = freshDay();
    const a = await create({ local: 'Estação Sé' }, day);
    expect(a.conflitos).toEqual([]);
    const clash = await coord.post(
      '/api/tatico/agenda',
      entry({ inicio: at(10, day), fim: at(14, day), local: 'Estação Luz' }, day),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(
      /^Conflito de agenda: Pessoa Equipe já tem agendamento em \d{2}\/\d{2} das 08:00 às 12:00\. Confirme para salvar mesmo assim\.$/,
    );
    expect((await coord.get(`/api/tatico/agenda?de=${day}&ate=${day}`)).json().items).toHaveLength(
      1,
    );

    const check = await coord.post('/api/tatico/agenda/conflitos', {
      inicio: at(10, day),
      fim: at(14, day),
      pessoas: [s.equipe.id],
    });
    expect(check.json().conflitos).toEqual([
      expect.objectContaining({
        tipo: 'pessoa',
        ref_id: s.equipe.id,
        nome: 'Pessoa Equipe',
        entry_id: a.id,
      }),
    ]);

    const b = await create(
      { inicio: at(10, day), fim: at(14, day), confirmar_conflitos: true },
      day,
    );
    expect(b.conflitos).toEqual([expect.objectContaining({ tipo: 'pessoa', entry_id: a.id })]);
    const list = (await coord.get(`/api/tatico/agenda?de=${day}&ate=${day}`)).json().items as {
      id: number;
      conflitos: { entry_id: number }[];
    }[];
    expect(list.find((e) => e.id === a.id)!.conflitos.map((c) => c.entry_id)).toEqual([b.id]);
  });

  it('flags the vehicle, ignores back-to-back and cancelled entries', async () => {
    const day = freshDay();
    const v = (
      await coord.post('/api/tatico/frota/veiculos', {
        placa: `AGV${String(1000 + dayOffset)}`,
        modelo: 'Hilux',
        marca: 'Toyota',
        ano: 2022,
        odometro_km: 1,
      })
    ).json().vehicle;
    const other = await createUser(t, { role: 'Equipe', nome: 'Outro Técnico' });
    const a = await create({ vehicle_id: v.id }, day);
    const clash = await coord.post(
      '/api/tatico/agenda',
      entry({ pessoas: [other.id], vehicle_id: v.id, inicio: at(11, day), fim: at(13, day) }, day),
    );
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toMatch(/o veículo AGV-\d{4} já está reservado/);
    const backToBack = await create(
      { pessoas: [other.id], vehicle_id: v.id, inicio: at(12, day), fim: at(16, day) },
      day,
    );
    expect(backToBack.conflitos).toEqual([]);
    expect(
      (await coord.post(`/api/tatico/agenda/${a.id}/status`, { status: 'cancelado' })).statusCode,
    ).toBe(200);
    const afterCancel = await create(
      { pessoas: [other.id], vehicle_id: v.id, inicio: at(9, day), fim: at(11, day) },
      day,
    );
    expect(afterCancel.conflitos).toEqual([]);
  });

  it('flags a vehicle in maintenance, or with maintenance planned that day, like a double booking', async () => {
    const day = freshDay();
    const newVehicle = async (placa: string) =>
      (
        await coord.post('/api/tatico/frota/veiculos', {
          placa,
          modelo: 'Strada',
          marca: 'Fiat',
          ano: 2022,
          odometro_km: 1,
        })
      ).json().vehicle as { id: number };
    const inShop = await newVehicle('MNT1A11');
    const m = await coord.post(`/api/tatico/frota/veiculos/${inShop.id}/manutencoes`, {
      tipo: 'corretiva',
      descricao: 'Embreagem',
    });
    const mid = m.json().maintenances[0].id as number;
    await coord.post(`/api/tatico/frota/veiculos/${inShop.id}/manutencoes/${mid}/iniciar`, {});
    const planned = await newVehicle('MNT2B22');
    const pm = await coord.post(`/api/tatico/frota/veiculos/${planned.id}/manutencoes`, {
      tipo: 'preventiva',
      descricao: 'Revisão 60 mil',
      prevista_data: day,
    });
    const pmId = pm.json().maintenances[0].id as number;

    const refused = await coord.post('/api/tatico/agenda', entry({ vehicle_id: inShop.id }, day));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ field: 'conflitos' });
    expect(refused.json().error).toBe(
      `Conflito de agenda: o veículo MNT1A11 está em manutenção em ${day.slice(8, 10)}/${day.slice(5, 7)}. Confirme para salvar mesmo assim.`,
    );
    const check = await coord.post('/api/tatico/agenda/conflitos', {
      inicio: at(8, day),
      fim: at(12, day),
      pessoas: [],
      vehicle_id: planned.id,
    });
    expect(check.json().conflitos).toEqual([
      {
        tipo: 'manutencao',
        ref_id: planned.id,
        nome: 'MNT2B22',
        entry_id: pmId,
        inicio: at(0, day),
        fim: at(0, addDaysTo(day, 1)),
      },
    ]);
    // the day before the planned maintenance is free
    const dayBefore = await coord.post('/api/tatico/agenda/conflitos', {
      inicio: at(8, addDaysTo(day, -1)),
      fim: at(12, addDaysTo(day, -1)),
      pessoas: [],
      vehicle_id: planned.id,
    });
    expect(dayBefore.json().conflitos).toEqual([]);

    const saved = await create({ vehicle_id: inShop.id, confirmar_conflitos: true }, day);
    expect(saved.conflitos).toEqual([
      expect.objectContaining({ tipo: 'manutencao', ref_id: inShop.id, entry_id: mid }),
    ]);
    // once the maintenance is finished the flag goes away
    await coord.post(`/api/tatico/frota/veiculos/${inShop.id}/manutencoes/${mid}/concluir`, {
      realizada_data: today,
      realizada_km: 10,
    });
    const after = await coord.get(`/api/tatico/agenda/${saved.id}`);
    expect(after.json().conflitos).toEqual([]);
  });

  it('two simultaneous saves of the same person: one is saved, the other is told about the conflict', async () => {
    const day = freshDay();
    const [x, y] = await Promise.all([
      coord.post('/api/tatico/agenda', entry({}, day)),
      coord.post('/api/tatico/agenda', entry({ local: 'Outro lugar' }, day)),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
  });
});

describe('minha agenda (equipe)', () => {
  it("shows today's own entries and lets equipe start and finish them", async () => {
    const mine = await create({ descricao: 'Troca de luminárias' });
    const list = (await equipe.get(`/api/tatico/agenda/minha?de=${today}&ate=${today}`)).json()
      .items;
    expect(list.some((e: { id: number }) => e.id === mine.id)).toBe(true);
    const started = await equipe.post(`/api/tatico/agenda/${mine.id}/status`, {
      status: 'em_execucao',
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().iniciado_em).toBeTruthy();
    const cancel = await equipe.post(`/api/tatico/agenda/${mine.id}/status`, {
      status: 'cancelado',
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().error).toBe('A equipe só pode iniciar ou concluir o próprio agendamento.');
    const done = await equipe.post(`/api/tatico/agenda/${mine.id}/status`, { status: 'concluido' });
    expect(done.json()).toMatchObject({ status: 'concluido', concluido_em: expect.any(String) });
    expect(
      (await equipe.post(`/api/tatico/agenda/${mine.id}/status`, { status: 'em_execucao' }))
        .statusCode,
    ).toBe(409);
    expect(
      (await coord.put(`/api/tatico/agenda/${mine.id}`, entry({ descricao: 'Mudou' }))).statusCode,
    ).toBe(409);
  });

  it("cannot see or move someone else's entry", async () => {
    const other = await createUser(t, { role: 'Equipe', nome: 'Colega' });
    const theirs = await create({ pessoas: [other.id] }, freshDay());
    expect((await equipe.get(`/api/tatico/agenda/${theirs.id}`)).statusCode).toBe(404);
    expect(
      (await equipe.post(`/api/tatico/agenda/${theirs.id}/status`, { status: 'em_execucao' }))
        .statusCode,
    ).toBe(404);
    expect((await equipe.get(`/api/tatico/agenda?de=${today}&ate=${today}`)).statusCode).toBe(403);
  });

  it('is notified when scheduled', async () => {
    const person = await createUser(t, { role: 'Equipe', nome: 'Notificada' });
    await create({ pessoas: [person.id], local: 'Pátio Jabaquara' }, freshDay());
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, person.id));
    expect(notes.map((n) => n.customText)).toEqual([
      expect.stringMatching(
        /^Você tem um novo agendamento em \d{2}\/\d{2} das 08:00 às 12:00: Pátio Jabaquara\.$/,
      ),
    ]);
  });
  it('tells the people who stay on an entry when its time or place changes, and only then', async () => {
    const kept = await createUser(t, { role: 'Equipe', nome: 'Continua' });
    const day = freshDay();
    const e = await create({ pessoas: [kept.id], local: 'Pátio Jabaquara' }, day);
    const notes = async () =>
      (
        await t.database.db.select().from(notifications).where(eq(notifications.userId, kept.id))
      ).map((n) => n.customText);
    const put = (extra: Record<string, unknown>) =>
      coord.put(`/api/tatico/agenda/${e.id}`, entry({ pessoas: [kept.id], ...extra }, day));
    expect((await put({ local: 'Pátio Jabaquara', descricao: 'Só a descrição' })).statusCode).toBe(
      200,
    );
    expect(await notes()).toHaveLength(1);
    expect((await put({ local: 'Estação Luz', fim: at(13, day) })).statusCode).toBe(200);
    expect((await notes())[1]).toMatch(
      /^Seu agendamento mudou: agora em \d{2}\/\d{2} das 08:00 às 13:00: Estação Luz\.$/,
    );
  });
});

describe('scope and editing', () => {
  it('a coordenador does not see entries of contracts they are not linked to', async () => {
    const diretoria = client(t, s.diretoria.cookie);
    const day = freshDay();
    const inB = await create({ contract_id: contractB, pessoas: [s.gerente.id] }, day, diretoria);
    expect((await coord.get(`/api/tatico/agenda/${inB.id}`)).statusCode).toBe(404);
    expect(
      (await coord.put(`/api/tatico/agenda/${inB.id}`, entry({ contract_id: contractA }, day)))
        .statusCode,
    ).toBe(404);
    const ids = (await coord.get(`/api/tatico/agenda?de=${day}&ate=${day}`))
      .json()
      .items.map((e: { id: number }) => e.id);
    expect(ids).not.toContain(inB.id);
    expect(
      (await diretoria.get(`/api/tatico/agenda?de=${day}&ate=${day}`))
        .json()
        .items.map((e: { id: number }) => e.id),
    ).toContain(inB.id);
  });

  it('edits an entry, filters by person, and validates list ranges', async () => {
    const day = freshDay();
    const e = await create({}, day);
    const helper = await createUser(t, { role: 'Equipe de Campo', nome: 'Ajudante' });
    const res = await coord.put(
      `/api/tatico/agenda/${e.id}`,
      entry(
        {
          pessoas: [s.equipe.id, helper.id],
          local: 'Estação Sé — plataforma 2',
          latitude: -23.5503,
          longitude: -46.6339,
        },
        day,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      local: 'Estação Sé — plataforma 2',
      latitude: -23.5503,
      longitude: -46.6339,
    });
    expect(
      res
        .json()
        .pessoas.map((p: { nome: string }) => p.nome)
        .sort(),
    ).toEqual(['Ajudante', 'Pessoa Equipe']);
    const byPerson = (
      await coord.get(`/api/tatico/agenda?de=${day}&ate=${day}&pessoa_id=${helper.id}`)
    ).json().items;
    expect(byPerson.map((x: { id: number }) => x.id)).toEqual([e.id]);
    expect(
      (await coord.get(`/api/tatico/agenda?de=${day}&ate=${addDaysTo(day, 90)}`)).statusCode,
    ).toBe(400);
    const helperCookie = await login(t, helper.email);
    expect((await client(t, helperCookie).get(`/api/tatico/agenda/${e.id}`)).statusCode).toBe(200);
  });
});
