import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralBaselines, murals, protocols } from '../../db/schema/index.ts';
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
let gerente: Person;
let equipe: Person;
let outsider: Person;
let muralId: number;
const ids: Record<string, number> = {};

// Hand-written fixture, São Paulo, February 2027 (Carnaval: Mon 8 and Tue 9).
//   A Vistoria  Mon 01 → Fri 05
//   B Reparo    Wed 10 → Fri 12
//   C Entrega   Mon 15 → Mon 15
//   D (no dates: not in the baseline)
beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo');
  outsider = await person(t, 'Gerente');
  const contract = (await makeContract(t, { nome: 'Hospital São Lucas' })).id;
  await linkContract(t, contract, gerente.user.id, equipe.user.id);
  const ti = await person(t, 'TI');
  await ti.call('PATCH', `/api/eproto/contracts/${contract}`, { uf: 'SP', municipio: 'SP' });
  const boardId = (await makeBoard(t, { contractId: contract })).id;
  muralId = (await makeMural(t, { boardId, contractId: contract })).id;
  await t.database.db.update(murals).set({ diasUteis: true }).where(eq(murals.id, muralId));
  const add = async (key: string, inicio: string | null, fim: string | null) => {
    ids[key] = (await insertTask(t, { muralId, titulo: key, inicio, fim })).id;
  };
  await add('Vistoria', '2027-02-01', '2027-02-05');
  await add('Reparo', '2027-02-10', '2027-02-12');
  await add('Entrega', '2027-02-15', '2027-02-15');
  await add('Sem datas', null, null);
});
afterAll(async () => t.close());

const setTask = (id: number, v: Partial<typeof protocols.$inferInsert>) =>
  t.database.db.update(protocols).set(v).where(eq(protocols.id, id));

interface Detail {
  nome: string;
  dias_uteis: boolean;
  tarefas: number;
  fim_base: string | null;
  fim_atual: string | null;
  variacao: number | null;
  tasks: {
    titulo: string;
    inicio_base: string;
    fim_base: string;
    inicio_atual: string | null;
    fim_atual: string | null;
    variacao_inicio: number | null;
    variacao_fim: number | null;
  }[];
}

describe('baselines of a demand', () => {
  let baselineId: number;

  it('saves the dated tasks as planned now, under a name, and lists it', async () => {
    const res = await gerente.call('POST', '/api/eproto/baselines', {
      mural_id: muralId,
      nome: '  Plano aprovado  ',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mural_id: muralId, nome: 'Plano aprovado', tarefas: 3 });
    baselineId = res.json().id;

    const list = await equipe.call('GET', `/api/eproto/baselines?mural_id=${muralId}`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id: baselineId, nome: 'Plano aprovado', tarefas: 3 }),
    ]);
  });

  it('right after saving, every variance is zero', async () => {
    const d = (await gerente.call('GET', `/api/eproto/baselines/${baselineId}`)).json<Detail>();
    expect(d.variacao).toBe(0);
    expect(d.tasks.map((x) => [x.titulo, x.variacao_inicio, x.variacao_fim])).toEqual([
      ['Vistoria', 0, 0],
      ['Reparo', 0, 0],
      ['Entrega', 0, 0],
    ]);
  });

  it('variance in working days: Carnaval and weekends do not count; real dates win', async () => {
    await setTask(ids.Vistoria!, { fimPrevisto: '2027-02-10' }); // Fri 05 → Wed 10: +1 (Carnaval)
    await setTask(ids.Reparo!, { inicioPrevisto: '2027-02-11', fimPrevisto: '2027-02-16' }); // +1, +2
    await setTask(ids.Entrega!, { inicioReal: '2027-02-12', fimReal: '2027-02-12' }); // done Fri: -1
    await insertTask(t, { muralId, titulo: 'Nova', inicio: '2027-02-17', fim: '2027-02-18' });

    const res = await gerente.call('GET', `/api/eproto/baselines/${baselineId}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<Detail>();
    expect(d.dias_uteis).toBe(true);
    expect(d.tasks).toEqual([
      {
        protocol_id: ids.Vistoria,
        titulo: 'Vistoria',
        inicio_base: '2027-02-01',
        fim_base: '2027-02-05',
        inicio_atual: '2027-02-01',
        fim_atual: '2027-02-10',
        variacao_inicio: 0,
        variacao_fim: 1,
      },
      {
        protocol_id: ids.Reparo,
        titulo: 'Reparo',
        inicio_base: '2027-02-10',
        fim_base: '2027-02-12',
        inicio_atual: '2027-02-11',
        fim_atual: '2027-02-16',
        variacao_inicio: 1,
        variacao_fim: 2,
      },
      {
        protocol_id: ids.Entrega,
        titulo: 'Entrega',
        inicio_base: '2027-02-15',
        fim_base: '2027-02-15',
        inicio_atual: '2027-02-12',
        fim_atual: '2027-02-12',
        variacao_inicio: -1,
        variacao_fim: -1,
      },
    ]);
    // The demand ended on Mon 15 in the baseline; the new task ends Thu 18 now: 3 working days.
    expect(d).toMatchObject({ fim_base: '2027-02-15', fim_atual: '2027-02-18', variacao: 3 });
  });

  it('in calendar days when the demand does not plan in working days', async () => {
    await gerente.call('PATCH', `/api/eproto/murals/${muralId}`, { dias_uteis: false });
    const d = (await gerente.call('GET', `/api/eproto/baselines/${baselineId}`)).json<Detail>();
    expect(d.dias_uteis).toBe(false);
    expect(d.tasks.map((x) => [x.titulo, x.variacao_inicio, x.variacao_fim])).toEqual([
      ['Vistoria', 0, 5],
      ['Reparo', 1, 4],
      ['Entrega', -3, -3],
    ]);
    expect(d.variacao).toBe(3);
    await gerente.call('PATCH', `/api/eproto/murals/${muralId}`, { dias_uteis: true });
  });

  it('a deleted task leaves the baseline; a task without dates now has no variance', async () => {
    const extra = await insertTask(t, { muralId, titulo: 'Temporária', inicio: '2027-03-01' });
    const saved = await gerente.call('POST', '/api/eproto/baselines', {
      mural_id: muralId,
      nome: 'Replanejamento',
    });
    expect(saved.json().tarefas).toBe(5);
    const id = saved.json().id as number;
    await setTask(ids.Vistoria!, { inicioPrevisto: null, fimPrevisto: null });
    await t.database.db.delete(protocols).where(eq(protocols.id, extra.id));
    const d = (await gerente.call('GET', `/api/eproto/baselines/${id}`)).json<Detail>();
    expect(d.tasks.map((x) => x.titulo)).not.toContain('Temporária');
    expect(d.tasks.find((x) => x.titulo === 'Vistoria')).toMatchObject({
      inicio_atual: null,
      fim_atual: null,
      variacao_inicio: null,
      variacao_fim: null,
    });
    await setTask(ids.Vistoria!, { inicioPrevisto: '2027-02-01', fimPrevisto: '2027-02-10' });
  });

  it('who may: planners save and delete, members read, others get 404', async () => {
    const body = { mural_id: muralId, nome: 'Da equipe' };
    const denied = await equipe.call('POST', '/api/eproto/baselines', body);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatch(/Só quem planeja a demanda/);
    expect((await equipe.call('DELETE', `/api/eproto/baselines/${baselineId}`)).statusCode).toBe(
      403,
    );
    for (const [method, url, payload] of [
      ['GET', `/api/eproto/baselines?mural_id=${muralId}`, undefined],
      ['GET', `/api/eproto/baselines/${baselineId}`, undefined],
      ['POST', '/api/eproto/baselines', body],
      ['DELETE', `/api/eproto/baselines/${baselineId}`, undefined],
    ] as const) {
      const res = await outsider.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await gerente.call('GET', '/api/eproto/baselines/2147483647')).statusCode).toBe(404);
    expect(
      (await gerente.call('POST', '/api/eproto/baselines', { mural_id: 2147483647, nome: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it('hostile ids and names answer 400 and save nothing', async () => {
    const before = (await t.database.db.select().from(muralBaselines)).length;
    const bodies: Array<[object, RegExp]> = [
      [{ mural_id: 2 ** 31, nome: 'x' }, /Demanda inválida|demanda/i],
      [{ mural_id: '0x10', nome: 'x' }, /Demanda inválida|demanda/i],
      [{ mural_id: muralId, nome: '' }, /nome da linha de base/],
      [{ mural_id: muralId, nome: '   ' }, /nome da linha de base/],
      [{ mural_id: muralId, nome: 'x'.repeat(81) }, /nome da linha de base|80/],
      [{ mural_id: muralId, nome: 'Plano\u0000' }, /caractere inválido/],
      [{ mural_id: muralId, nome: 2 ** 31 }, /nome da linha de base/],
      [{ nome: 'Sem demanda' }, /demanda/i],
    ];
    for (const [payload, message] of bodies) {
      const res = await gerente.call('POST', '/api/eproto/baselines', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error, JSON.stringify(payload)).toMatch(message);
    }
    for (const q of ['0', '2147483648', '0x10', ' 16', '1e1', 'abc']) {
      const list = await gerente.call(
        'GET',
        `/api/eproto/baselines?mural_id=${encodeURIComponent(q)}`,
      );
      expect(list.statusCode, q).toBe(400);
      for (const method of ['GET', 'DELETE'] as const) {
        const res = await gerente.call(method, `/api/eproto/baselines/${encodeURIComponent(q)}`);
        expect(res.statusCode, `${method} ${q}`).toBe(400);
      }
    }
    expect((await t.database.db.select().from(muralBaselines)).length).toBe(before);
  });

  it('deletes a baseline; a demand keeps at most 20', async () => {
    const del = await gerente.call('DELETE', `/api/eproto/baselines/${baselineId}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await gerente.call('GET', `/api/eproto/baselines/${baselineId}`)).statusCode).toBe(404);
    const have = (await gerente.call('GET', `/api/eproto/baselines?mural_id=${muralId}`)).json<
      unknown[]
    >().length;
    for (let i = have; i < 20; i++) {
      const res = await gerente.call('POST', '/api/eproto/baselines', {
        mural_id: muralId,
        nome: `Versão ${i}`,
      });
      expect(res.statusCode).toBe(201);
    }
    const full = await gerente.call('POST', '/api/eproto/baselines', {
      mural_id: muralId,
      nome: 'Uma a mais',
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().error).toMatch(/já tem 20 linhas de base/);
  });
});
