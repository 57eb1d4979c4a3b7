import type { PersonLoad, TeamLoadResponse, VehicleLoadResponse } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agendaEntries, contracts, protocols, vehicles } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  person,
  type Person,
} from './planning.fixtures.ts';

/**
 * Team load (issue 36 point 3) against hand-computed February 2027 figures. Contract A is in
 * the city of São Paulo (25/01 is the city's anniversary); Carnaval falls on 08 and 09/02/2027.
 */

let t: TestApp;
let carla: Person; // coordenador of A
let ana: Person; // equipe of A
let bruno: Person; // equipe of A
let gil: Person; // gerente of A and B
let diego: Person; // equipe of B
let dora: Person; // coordenador of B
let diretor: Person;
let contractA: number;
let contractB: number;
let v1: number;
let v2: number;

const SP = (d: string, hm: string) => `${d}T${hm}:00-03:00`;

async function post(who: Person, url: string, body: object) {
  const res = await who.call('POST', url, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

const entry = (pessoas: number[], ini: string, fim: string, extra: object = {}) => ({
  inicio: ini,
  fim,
  local: 'Shopping Norte',
  contract_id: contractA,
  pessoas,
  descricao: 'Visita técnica',
  confirmar_conflitos: true,
  ...extra,
});

beforeAll(async () => {
  t = await createTestApp();
  carla = await person(t, 'Coordenador', 'Carla Coord');
  ana = await person(t, 'Equipe', 'Ana Campo');
  bruno = await person(t, 'Equipe', 'Bruno Campo');
  gil = await person(t, 'Gerente', 'Gil Gerente');
  diego = await person(t, 'Equipe', 'Diego Sul');
  dora = await person(t, 'Coordenador', 'Dora Sul');
  diretor = await person(t, 'Diretoria', 'Dir Geral');
  const a = await makeContract(t, { nome: 'Clima Paulista' });
  const b = await makeContract(t, { nome: 'Rede Sul' });
  contractA = a.id;
  contractB = b.id;
  await t.database.db
    .update(contracts)
    .set({ uf: 'SP', municipio: 'SP' })
    .where(eq(contracts.id, contractA));
  await linkContract(t, contractA, carla.user.id, ana.user.id, bruno.user.id, gil.user.id);
  await linkContract(t, contractB, diego.user.id, dora.user.id, gil.user.id);

  const board = await makeBoard(t, { contractId: contractA });
  const mural = await makeMural(t, { boardId: board.id, contractId: contractA });
  const task = async (
    who: Person,
    ini: string,
    fim: string,
    horas: number | null,
    done = false,
  ) => {
    const row = await makeDatedTask(t, {
      muralId: mural.id,
      responsavelId: who.user.id,
      ini,
      fim,
      stage: done ? 'concluido' : 'a_fazer',
    });
    await t.database.db
      .update(protocols)
      .set({ horasEstimadas: horas })
      .where(eq(protocols.id, row.id));
  };
  // Ana: 15 h from Fri 05/02 to Thu 11/02; working days 05, 10, 11 (Carnaval 08-09) → 5 h each.
  await task(ana, '2027-02-05', '2027-02-11', 15);
  // Bruno, week of 15/02: 30 h over Mon-Fri (6 h a day)…
  await task(bruno, '2027-02-15', '2027-02-19', 30);
  // …a concluded task adds nothing, an unestimated one is counted apart.
  await task(bruno, '2027-02-15', '2027-02-19', 10, true);
  await task(bruno, '2027-02-16', '2027-02-16', null);

  const [veh1, veh2] = await t.database.db
    .insert(vehicles)
    .values([
      { placa: 'ABC1D23', modelo: 'Strada', marca: 'Fiat', ano: 2024 },
      { placa: 'XYZ9K87', modelo: 'Saveiro', marca: 'VW', ano: 2023 },
    ])
    .returning({ id: vehicles.id });
  v1 = veh1!.id;
  v2 = veh2!.id;

  const base = '/api/tatico/agenda';
  // Tue 16/02 07:00-18:00: 11 h planned, a day counts at most the working day (8 h).
  await post(
    gil,
    base,
    entry([bruno.user.id], SP('2027-02-16', '07:00'), SP('2027-02-16', '18:00'), {
      vehicle_id: v1,
    }),
  );
  // Thu 18/02 08:00-12:00 becomes an OS: counted once, as the OS.
  const withOs = await post(
    gil,
    base,
    entry([bruno.user.id], SP('2027-02-18', '08:00'), SP('2027-02-18', '12:00')),
  );
  // Fri 19/02: cancelled, counts nothing.
  const cancelled = await post(
    gil,
    base,
    entry([bruno.user.id], SP('2027-02-19', '08:00'), SP('2027-02-19', '16:00'), {
      vehicle_id: v2,
    }),
  );
  await t.database.db
    .update(agendaEntries)
    .set({ status: 'cancelado' })
    .where(eq(agendaEntries.id, cancelled.id));
  // Saturday 20/02 with vehicle 1 (Carla).
  await post(
    gil,
    base,
    entry([carla.user.id], SP('2027-02-20', '08:00'), SP('2027-02-20', '12:00'), {
      vehicle_id: v1,
    }),
  );
  // Vehicle 2 on contract B all week long, Mon 15 to Sun 21: 7 days booked.
  await post(
    gil,
    base,
    entry([diego.user.id], SP('2027-02-15', '08:00'), SP('2027-02-21', '18:00'), {
      contract_id: contractB,
      vehicle_id: v2,
    }),
  );

  const tipo = await post(gil, '/api/tatico/os/tipos', {
    nome: 'Preventiva',
    itens: [{ titulo: 'Filtro limpo', tipo: 'sim_nao', obrigatorio: false }],
  });
  await post(gil, '/api/tatico/os/da-agenda', {
    agenda_entry_id: withOs.id,
    service_type_id: tipo.id,
  });
  // Wed 17/02 13:00-17:00: a standalone OS of 4 h with vehicle 1.
  await post(gil, '/api/tatico/os', {
    contract_id: contractA,
    service_type_id: tipo.id,
    local: 'Shopping Norte',
    previsto_inicio: SP('2027-02-17', '13:00'),
    previsto_fim: SP('2027-02-17', '17:00'),
    pessoas: [bruno.user.id],
    vehicle_id: v1,
  });
});
afterAll(async () => t.close());

async function load(who: Person, query: string) {
  const res = await who.call('GET', `/api/eproto/team/load?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TeamLoadResponse>();
}
const byId = (body: TeamLoadResponse, p: Person) =>
  body.pessoas.find((x) => x.id === p.user.id) as PersonLoad;
const names = (body: TeamLoadResponse) => body.pessoas.map((p) => p.nome).sort();

describe('GET /api/eproto/team/load', () => {
  it('spreads a task over its working days: Carnaval takes no hours', async () => {
    const body = await load(diretor, 'inicio=2027-02-03&semanas=2');
    expect(body.semanas).toEqual([
      { inicio: '2027-02-01', fim: '2027-02-07', numero: 5 },
      { inicio: '2027-02-08', fim: '2027-02-14', numero: 6 },
    ]);
    const weeks = byId(body, ana).semanas;
    // Fri 05/02 → 5 h; Wed 10 and Thu 11 → 10 h (nothing on Mon 08 and Tue 09).
    expect(weeks.map((w) => [w.tarefas, w.horas])).toEqual([
      [5, 5],
      [10, 10],
    ]);
    // The Carnaval week has 3 working days: 24 h of capacity.
    expect(weeks.map((w) => [w.dias_uteis, w.capacidade, w.acima])).toEqual([
      [5, 40, false],
      [3, 24, false],
    ]);
    expect(byId(body, ana).calendario).toBe('São Paulo/SP');
    // A period starting inside a task brings only the task's share of it.
    const second = await load(diretor, 'inicio=2027-02-08&semanas=1');
    expect(byId(second, ana).semanas[0]!.horas).toBe(10);
  });

  it('adds tasks, agenda and OSs, and flags the week over capacity', async () => {
    const body = await load(diretor, 'inicio=2027-02-15&semanas=1');
    const week = byId(body, bruno).semanas[0]!;
    // 30 h of the task + 8 h of the 11-hour entry + 4 h OS from the agenda + 4 h OS = 46 h.
    expect(week).toEqual({
      inicio: '2027-02-15',
      horas: 46,
      tarefas: 30,
      agenda: 8,
      os: 8,
      dias_uteis: 5,
      capacidade: 40,
      acima: true,
    });
    expect(byId(body, bruno).sem_estimativa).toBe(1);
    // Ana has nothing that week and is not over.
    expect(byId(body, ana).semanas[0]).toMatchObject({ horas: 0, capacidade: 40, acima: false });
  });

  it('a longer working day raises the capacity up to the CLT 44 h', async () => {
    const body = await load(diretor, 'inicio=2027-02-15&semanas=1&jornada_minutos=600');
    expect(body.jornada_minutos).toBe(600);
    const week = byId(body, bruno).semanas[0]!;
    // 5 × 10 h = 50 h, capped at 44 h; the 11-hour entry now counts 10 h.
    expect(week).toMatchObject({ capacidade: 44, agenda: 10, horas: 48, acima: true });
    // 8,8 h a day is the CLT's 44 h week; the entry counts 8,8 h.
    const at528 = await load(diretor, 'inicio=2027-02-15&semanas=1&jornada_minutos=528');
    expect(byId(at528, bruno).semanas[0]).toMatchObject({
      capacidade: 44,
      agenda: 8.8,
      horas: 46.8,
      acima: true,
    });
  });

  it("counts a person's working days in their contract's city", async () => {
    const body = await load(diretor, 'inicio=2027-01-25&semanas=1');
    // 25/01 is São Paulo's anniversary: Ana (contract A) has 4 days, Diego (B, no city) 5.
    expect(byId(body, ana).semanas[0]).toMatchObject({ dias_uteis: 4, capacidade: 32 });
    expect(byId(body, diego).semanas[0]).toMatchObject({ dias_uteis: 5, capacidade: 40 });
    expect(byId(body, diego).calendario).toBe('Brasil');
  });

  it('defaults to this week and the next 7', async () => {
    const body = await load(diretor, '');
    expect(body.semanas).toHaveLength(8);
    const monday = new Date(`${body.semanas[0]!.inicio}T12:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);
    expect(body.jornada_minutos).toBe(480);
  });

  it("a coordenador sees their contract's people, never another contract's", async () => {
    const own = await load(carla, 'inicio=2027-02-15&semanas=1');
    expect(names(own)).toEqual(['Ana Campo', 'Bruno Campo', 'Carla Coord']);
    const other = await carla.call('GET', `/api/eproto/team/load?contrato_id=${contractB}`);
    expect(other.statusCode).toBe(404);
    const team = await carla.call('GET', `/api/eproto/team/load?coordenador_id=${dora.user.id}`);
    expect(team.statusCode).toBe(404);
  });

  it('the contract filter changes the people', async () => {
    expect(names(await load(gil, 'inicio=2027-02-15&semanas=1'))).toEqual([
      'Ana Campo',
      'Bruno Campo',
      'Carla Coord',
      'Diego Sul',
      'Dora Sul',
    ]);
    expect(names(await load(gil, `inicio=2027-02-15&semanas=1&contrato_id=${contractA}`))).toEqual([
      'Ana Campo',
      'Bruno Campo',
      'Carla Coord',
    ]);
    expect(names(await load(gil, `inicio=2027-02-15&semanas=1&contrato_id=${contractB}`))).toEqual([
      'Diego Sul',
      'Dora Sul',
    ]);
    const team = await load(diretor, `semanas=1&coordenador_id=${dora.user.id}`);
    expect(names(team)).toEqual(['Diego Sul', 'Dora Sul']);
  });

  it('equipe may not see the load', async () => {
    expect((await ana.call('GET', '/api/eproto/team/load')).statusCode).toBe(403);
    expect((await ana.call('GET', '/api/eproto/team/load/vehicles')).statusCode).toBe(403);
  });

  it.each([
    'semanas=0',
    'semanas=27',
    'semanas=0x10',
    'semanas=%208',
    'semanas=1e1',
    'inicio=0000-01-01',
    'inicio=2027-02-30',
    'inicio=%00',
    'jornada_minutos=59',
    'jornada_minutos=721',
    'jornada_minutos=480.5',
    'contrato_id=2147483648',
    'coordenador_id=-1',
  ])('hostile %s answers 400 on both routes', async (q) => {
    for (const path of ['/api/eproto/team/load', '/api/eproto/team/load/vehicles']) {
      const res = await carla.call('GET', `${path}?${q}`);
      expect(res.statusCode, `${path}?${q}: ${res.body}`).toBe(400);
      expect(res.json<{ error: string }>().error).toBeTruthy();
    }
  });
});

describe('GET /api/eproto/team/load/vehicles', () => {
  async function vehiclesLoad(query: string) {
    const res = await gil.call('GET', `/api/eproto/team/load/vehicles?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<VehicleLoadResponse>();
  }

  it('counts the days booked against the working days', async () => {
    const body = await vehiclesLoad('inicio=2027-02-15&semanas=1');
    const week = (id: number) => body.veiculos.find((v) => v.id === id)!.semanas[0];
    // Vehicle 1: Tue 16 (entry), Wed 17 (OS), Sat 20 (entry) = 3 of 5 working days.
    expect(week(v1)).toEqual({
      inicio: '2027-02-15',
      dias_reservados: 3,
      dias_uteis: 5,
      acima: false,
    });
    // Vehicle 2: Mon 15 to Sun 21 = 7 days > 5.
    expect(week(v2)).toMatchObject({ dias_reservados: 7, dias_uteis: 5, acima: true });
    // The Carnaval week: 3 working days for the company.
    const carnaval = await vehiclesLoad('inicio=2027-02-08&semanas=1');
    expect(carnaval.veiculos.find((v) => v.id === v1)!.semanas[0]).toMatchObject({
      dias_reservados: 0,
      dias_uteis: 3,
    });
  });

  it('the contract filter keeps the vehicles booked for it', async () => {
    const a = await vehiclesLoad(`inicio=2027-02-15&semanas=1&contrato_id=${contractA}`);
    expect(a.veiculos.map((v) => v.placa)).toEqual(['ABC1D23']);
    const b = await vehiclesLoad(`inicio=2027-02-15&semanas=1&contrato_id=${contractB}`);
    expect(b.veiculos.map((v) => v.placa)).toEqual(['XYZ9K87']);
    const outside = await carla.call(
      'GET',
      `/api/eproto/team/load/vehicles?contrato_id=${contractB}`,
    );
    expect(outside.statusCode).toBe(404);
  });
});
