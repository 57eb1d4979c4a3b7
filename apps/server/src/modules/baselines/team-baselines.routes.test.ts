import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals, protocols, teamBaselines } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from '../protocols/protocols.fixtures.ts';

let t: TestApp;
let coord: Person;
let equipe: Person;
let gerente: Person;
let otherCoord: Person;
let sameContractCoord: Person;
let farGerente: Person;
const ids: Record<string, number> = {};
const demand: Record<string, number> = {};

// Hand-written fixture, São Paulo, February and March 2027 (Carnaval: Mon 8 and Tue 9 Feb).
// Team of `coord` (contract A): coord and equipe.
//   Obra   (working days)  Vistoria (equipe) Mon 01 → Fri 05 Feb
//                          Reparo   (nobody) Wed 10 → Fri 12 Feb   (saved: the demand is the team's)
//                          Sem datas (equipe)                       (not saved: no dates)
//   Pintura (calendar days) Fachada (coord)  Mon 01 → Fri 05 Mar
//   Alheia  (contract A)   Vizinha (nobody)  Feb                    (not the team's: not saved)
//   Outra   (contract B)   Remota (other team's person)            (not the team's: not saved)
beforeAll(async () => {
  t = await createTestApp();
  coord = await person(t, 'Coordenador', 'Carla Coordenadora');
  equipe = await person(t, 'Equipe de Campo', 'Edu Técnico');
  gerente = await person(t, 'Gerente', 'Gil Gerente');
  sameContractCoord = await person(t, 'Coordenador', 'Célia do mesmo contrato');
  otherCoord = await person(t, 'Coordenador', 'Otávio de outra equipe');
  farGerente = await person(t, 'Gerente', 'Fábio de outro contrato');
  const otherEquipe = await person(t, 'Equipe de Campo');
  const a = (await makeContract(t, { nome: 'Hospital São Lucas' })).id;
  const b = (await makeContract(t, { nome: 'Shopping Norte' })).id;
  await linkContract(t, a, coord.user.id, equipe.user.id, gerente.user.id);
  await linkContract(t, a, sameContractCoord.user.id);
  await linkContract(t, b, otherCoord.user.id, otherEquipe.user.id, farGerente.user.id);
  const ti = await person(t, 'TI');
  await ti.call('PATCH', `/api/eproto/contracts/${a}`, { uf: 'SP', municipio: 'SP' });
  const boardA = (await makeBoard(t, { contractId: a })).id;
  const boardB = (await makeBoard(t, { contractId: b })).id;
  const mural = async (key: string, boardId: number, contractId: number) => {
    demand[key] = (await makeMural(t, { boardId, contractId, titulo: key })).id;
  };
  await mural('Obra', boardA, a);
  await mural('Pintura', boardA, a);
  await mural('Alheia', boardA, a);
  await mural('Outra', boardB, b);
  await t.database.db.update(murals).set({ diasUteis: true }).where(eq(murals.id, demand.Obra!));
  const add = async (
    key: string,
    muralKey: string,
    responsavelId: number | null,
    inicio: string | null,
    fim: string | null,
  ) => {
    ids[key] = (
      await insertTask(t, { muralId: demand[muralKey]!, titulo: key, responsavelId, inicio, fim })
    ).id;
  };
  await add('Vistoria', 'Obra', equipe.user.id, '2027-02-01', '2027-02-05');
  await add('Reparo', 'Obra', null, '2027-02-10', '2027-02-12');
  await add('Sem datas', 'Obra', equipe.user.id, null, null);
  await add('Fachada', 'Pintura', coord.user.id, '2027-03-01', '2027-03-05');
  await add('Vizinha', 'Alheia', null, '2027-02-03', '2027-02-04');
  await add('Remota', 'Outra', otherEquipe.user.id, '2027-02-01', '2027-02-02');
});
afterAll(async () => t.close());

const setTask = (id: number, v: Partial<typeof protocols.$inferInsert>) =>
  t.database.db.update(protocols).set(v).where(eq(protocols.id, id));

interface Detail {
  nome: string;
  coordenador_id: number;
  tarefas: number;
  demandas: number;
  tasks: {
    protocol_id: number;
    mural_id: number;
    titulo: string;
    dias_uteis: boolean;
    inicio_base: string;
    fim_base: string;
    inicio_atual: string | null;
    fim_atual: string | null;
    variacao_inicio: number | null;
    variacao_fim: number | null;
  }[];
  por_demanda: {
    mural_id: number;
    titulo: string;
    dias_uteis: boolean;
    fim_base: string | null;
    fim_atual: string | null;
    variacao: number | null;
  }[];
}

describe('baselines of a team Gantt', () => {
  let baselineId: number;

  it("saves every dated task of the team's demands, under a name, and lists it", async () => {
    const res = await coord.call('POST', '/api/eproto/team/baselines', {
      coordenador_id: coord.user.id,
      nome: '  Plano de fevereiro  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      coordenador_id: coord.user.id,
      nome: 'Plano de fevereiro',
      created_by_nome: 'Carla Coordenadora',
      tarefas: 3,
      demandas: 2,
    });
    baselineId = res.json().id;

    const list = await gerente.call(
      'GET',
      `/api/eproto/team/baselines?coordenador_id=${coord.user.id}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: baselineId, nome: 'Plano de fevereiro', tarefas: 3 }),
    ]);
  });

  it('right after saving, every variance is zero', async () => {
    const res = await coord.call('GET', `/api/eproto/team/baselines/${baselineId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<Detail>();
    expect(d.tasks.map((x) => [x.titulo, x.variacao_inicio, x.variacao_fim])).toEqual([
      ['Vistoria', 0, 0],
      ['Reparo', 0, 0],
      ['Fachada', 0, 0],
    ]);
    expect(d.por_demanda.map((x) => [x.titulo, x.variacao])).toEqual([
      ['Obra', 0],
      ['Pintura', 0],
    ]);
  });

  it('variance per task and per demand, each in its own calendar', async () => {
    await setTask(ids.Vistoria!, { fimPrevisto: '2027-02-10' }); // Fri 05 → Wed 10: +1 (Carnaval)
    await setTask(ids.Reparo!, { inicioReal: '2027-02-11', fimReal: '2027-02-11' }); // +1, −1
    await setTask(ids.Fachada!, { fimPrevisto: '2027-03-08' }); // Fri 05 → Mon 08: +3 days
    // A task added since makes Obra end Thu 18: Fri 12 → Thu 18 is 4 working days late.
    await insertTask(t, {
      muralId: demand.Obra!,
      titulo: 'Nova',
      inicio: '2027-02-17',
      fim: '2027-02-18',
    });

    const d = (
      await gerente.call('GET', `/api/eproto/team/baselines/${baselineId}`)
    ).json<Detail>();
    expect(d.tasks).toEqual([
      {
        protocol_id: ids.Vistoria,
        mural_id: demand.Obra,
        titulo: 'Vistoria',
        dias_uteis: true,
        inicio_base: '2027-02-01',
        fim_base: '2027-02-05',
        inicio_atual: '2027-02-01',
        fim_atual: '2027-02-10',
        variacao_inicio: 0,
        variacao_fim: 1,
      },
      {
        protocol_id: ids.Reparo,
        mural_id: demand.Obra,
        titulo: 'Reparo',
        dias_uteis: true,
        inicio_base: '2027-02-10',
        fim_base: '2027-02-12',
        inicio_atual: '2027-02-11',
        fim_atual: '2027-02-11',
        variacao_inicio: 1,
        variacao_fim: -1,
      },
      {
        protocol_id: ids.Fachada,
        mural_id: demand.Pintura,
        titulo: 'Fachada',
        dias_uteis: false,
        inicio_base: '2027-03-01',
        fim_base: '2027-03-05',
        inicio_atual: '2027-03-01',
        fim_atual: '2027-03-08',
        variacao_inicio: 0,
        variacao_fim: 3,
      },
    ]);
    // The latest demand first.
    expect(d.por_demanda).toEqual([
      {
        mural_id: demand.Obra,
        titulo: 'Obra',
        dias_uteis: true,
        fim_base: '2027-02-12',
        fim_atual: '2027-02-18',
        variacao: 4,
      },
      {
        mural_id: demand.Pintura,
        titulo: 'Pintura',
        dias_uteis: false,
        fim_base: '2027-03-05',
        fim_atual: '2027-03-08',
        variacao: 3,
      },
    ]);
  });

  it('a deleted task leaves the baseline; a task without dates now has no variance', async () => {
    const extra = await insertTask(t, {
      muralId: demand.Pintura!,
      titulo: 'Temporária',
      responsavelId: equipe.user.id,
      inicio: '2027-03-10',
    });
    const saved = await coord.call('POST', '/api/eproto/team/baselines', {
      coordenador_id: coord.user.id,
      nome: 'Replanejamento',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json()).toMatchObject({ tarefas: 5, demandas: 2 });
    const id = saved.json().id as number;
    await setTask(ids.Fachada!, { inicioPrevisto: null, fimPrevisto: null });
    await t.database.db.delete(protocols).where(eq(protocols.id, extra.id));
    const d = (await coord.call('GET', `/api/eproto/team/baselines/${id}`)).json<Detail>();
    expect(d.tasks.map((x) => x.titulo)).not.toContain('Temporária');
    expect(d.tasks.find((x) => x.titulo === 'Fachada')).toMatchObject({
      fim_atual: null,
      variacao_fim: null,
    });
    expect(d.por_demanda.find((x) => x.titulo === 'Pintura')).toMatchObject({
      fim_atual: null,
      variacao: null,
    });
    await setTask(ids.Fachada!, { inicioPrevisto: '2027-03-01', fimPrevisto: '2027-03-08' });
    expect((await coord.call('DELETE', `/api/eproto/team/baselines/${id}`)).statusCode).toBe(200);
  });

  it("another team's baseline is 404; a role without team.baselines gets 403", async () => {
    const body = { coordenador_id: coord.user.id, nome: 'De fora' };
    // otherCoord and farGerente share no contract with the team; sameContractCoord leads
    // another team (a coordenador keeps their own team's baselines only).
    for (const who of [otherCoord, farGerente, sameContractCoord]) {
      for (const [method, url, payload] of [
        ['GET', `/api/eproto/team/baselines?coordenador_id=${coord.user.id}`, undefined],
        ['GET', `/api/eproto/team/baselines/${baselineId}`, undefined],
        ['POST', '/api/eproto/team/baselines', body],
        ['DELETE', `/api/eproto/team/baselines/${baselineId}`, undefined],
      ] as const) {
        const res = await who.call(method, url, payload);
        expect(res.statusCode, `${who.user.nome} ${method} ${url}`).toBe(404);
      }
    }
    for (const [method, url, payload] of [
      ['GET', `/api/eproto/team/baselines?coordenador_id=${coord.user.id}`, undefined],
      ['GET', `/api/eproto/team/baselines/${baselineId}`, undefined],
      ['POST', '/api/eproto/team/baselines', body],
      ['DELETE', `/api/eproto/team/baselines/${baselineId}`, undefined],
    ] as const) {
      const res = await equipe.call(method, url, payload);
      expect(res.statusCode, `equipe ${method} ${url}`).toBe(403);
    }
    // A gerente of the contract works with the team's baselines.
    const own = await gerente.call('POST', '/api/eproto/team/baselines', {
      coordenador_id: coord.user.id,
      nome: 'Do gerente',
    });
    expect(own.statusCode, own.body).toBe(201);
    // "Coordenador" of someone who is no coordenador, and ids that do not exist.
    expect(
      (await gerente.call('GET', `/api/eproto/team/baselines?coordenador_id=${equipe.user.id}`))
        .statusCode,
    ).toBe(404);
    expect((await gerente.call('GET', '/api/eproto/team/baselines/2147483647')).statusCode).toBe(
      404,
    );
    expect(
      (
        await gerente.call('POST', '/api/eproto/team/baselines', {
          coordenador_id: 2147483647,
          nome: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await gerente.call('DELETE', `/api/eproto/team/baselines/${own.json().id}`)).statusCode,
    ).toBe(200);
    // Still there for its team.
    expect((await coord.call('GET', `/api/eproto/team/baselines/${baselineId}`)).statusCode).toBe(
      200,
    );
  });

  it('hostile ids and names answer 400 and save nothing', async () => {
    const before = (await t.database.db.select().from(teamBaselines)).length;
    const c = coord.user.id;
    const bodies: Array<[object, RegExp]> = [
      [{ coordenador_id: 2 ** 31, nome: 'x' }, /equipe/i],
      [{ coordenador_id: '0x10', nome: 'x' }, /equipe/i],
      [{ coordenador_id: c, nome: '' }, /nome da linha de base/],
      [{ coordenador_id: c, nome: '   ' }, /nome da linha de base/],
      [{ coordenador_id: c, nome: 'x'.repeat(81) }, /nome da linha de base|80/],
      [{ coordenador_id: c, nome: 'Plano\u0000' }, /caractere inválido/],
      [{ coordenador_id: c, nome: 2 ** 31 }, /nome da linha de base/],
      [{ nome: 'Sem equipe' }, /equipe/i],
    ];
    for (const [payload, message] of bodies) {
      const res = await coord.call('POST', '/api/eproto/team/baselines', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    for (const q of ['0', '2147483648', '0x10', ' 16', '1e1', 'abc', '0000']) {
      const list = await coord.call(
        'GET',
        `/api/eproto/team/baselines?coordenador_id=${encodeURIComponent(q)}`,
      );
      expect(list.statusCode, q).toBe(400);
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await coord.call(method, `/api/eproto/team/baselines/${encodeURIComponent(q)}`);
        expect(res.statusCode, `${method} ${q}`).toBe(400);
      }
    }
    expect((await t.database.db.select().from(teamBaselines)).length).toBe(before);
  });

  it('deletes a baseline; a team keeps at most 20', async () => {
    const del = await coord.call('DELETE', `/api/eproto/team/baselines/${baselineId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await coord.call('GET', `/api/eproto/team/baselines/${baselineId}`)).statusCode).toBe(
      404,
    );
    const have = (
      await coord.call('GET', `/api/eproto/team/baselines?coordenador_id=${coord.user.id}`)
    ).json<unknown[]>().length;
    for (let i = have; i < 20; i++) {
      const res = await coord.call('POST', '/api/eproto/team/baselines', {
        coordenador_id: coord.user.id,
        nome: `Versão ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const full = await coord.call('POST', '/api/eproto/team/baselines', {
      coordenador_id: coord.user.id,
      nome: 'Uma a mais',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatch(/já tem 20 linhas de base/);
  });
});
