import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyDaysOff, protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertLink, insertTask } from '../protocols/protocols.fixtures.ts';

let t: TestApp;
let ti: Person;
let diretoria: Person;
let gerente: Person;
let equipe: Person;
let spContract: number;
let otherContract: number;

beforeAll(async () => {
  t = await createTestApp();
  ti = await person(t, 'TI');
  diretoria = await person(t, 'Diretoria');
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo');
  spContract = (await makeContract(t, { nome: 'Hospital São Lucas' })).id;
  otherContract = (await makeContract(t, { nome: 'Caixa d’água Centro' })).id;
  await linkContract(t, spContract, gerente.user.id, equipe.user.id);
});
afterAll(async () => t.close());

const daysOf = async (who: Person, q: string) => {
  const res = await who.call('GET', `/api/calendario/dias-nao-uteis?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    local: string;
    dias: { data: string; nome: string; origem: string }[];
  }>();
};

describe('contract place: state and city of its holidays', () => {
  it('ti sets SP / São Paulo on a contract; a city outside the state or unknown is refused', async () => {
    const ok = await ti.call('PATCH', `/api/eproto/contracts/${spContract}`, {
      uf: 'SP',
      municipio: 'SP',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ uf: 'SP', municipio: 'SP' });

    const cases: Array<[object, RegExp]> = [
      [{ uf: 'MG', municipio: 'SP' }, /Município sem calendário de feriados conhecido em MG/],
      [{ uf: 'XX' }, /Estado \(UF\) inválido/],
      [{ uf: 'sp' }, /Estado \(UF\) inválido/],
      [{ municipio: 'São Paulo' }, /Município inválido/],
      [{ municipio: 'SP\u0000' }, /caractere inválido/],
      [{ uf: 2 ** 31 }, /Estado \(UF\) inválido/],
      [{ uf: null, municipio: 'SP' }, /Informe o estado \(UF\) do município/],
    ];
    for (const [body, message] of cases) {
      const res = await ti.call('PATCH', `/api/eproto/contracts/${otherContract}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    // A new state drops the old state's city.
    await ti.call('PATCH', `/api/eproto/contracts/${otherContract}`, { uf: 'RJ', municipio: 'RJ' });
    const moved = await ti.call('PATCH', `/api/eproto/contracts/${otherContract}`, { uf: 'MG' });
    expect(moved.json()).toMatchObject({ uf: 'MG', municipio: null });
  });

  it('lists the cities with holidays of their own, São Paulo among them', async () => {
    const res = await equipe.call('GET', '/api/calendario/municipios');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual({ uf: 'SP', codigo: 'SP', nome: 'São Paulo' });
  });
});

describe('GET /api/calendario/dias-nao-uteis', () => {
  it('gives national, state and municipal holidays of the contract’s place', async () => {
    const { local, dias } = await daysOf(
      equipe,
      `de=2027-01-01&ate=2027-12-31&contrato_id=${spContract}`,
    );
    expect(local).toBe('São Paulo/SP');
    const on = (d: string) => dias.find((x) => x.data === d);
    expect(on('2027-02-08')).toEqual({ data: '2027-02-08', nome: 'Carnaval', origem: 'nacional' });
    expect(on('2027-02-09')?.origem).toBe('nacional');
    expect(on('2027-05-27')).toMatchObject({ nome: 'Corpus Christi' });
    expect(on('2027-07-09')).toMatchObject({ origem: 'estadual' });
    expect(on('2027-01-25')).toMatchObject({ origem: 'municipal' });
    // Ash Wednesday works (from noon), Mother's Day is a Sunday observance.
    expect(on('2027-02-10')).toBeUndefined();
    expect(on('2027-05-09')).toBeUndefined();

    // Without a contract: Brazil only.
    const br = await daysOf(equipe, 'de=2027-01-01&ate=2027-12-31');
    expect(br.local).toBe('Brasil');
    expect(br.dias.find((d) => d.data === '2027-07-09')).toBeUndefined();
    expect(br.dias.find((d) => d.data === '2027-01-25')).toBeUndefined();
  });

  it('refuses bad ranges and ids with a Portuguese 400, and hidden contracts', async () => {
    const bad = [
      'de=2027-01-01&ate=2028-06-01',
      'de=2027-02-01&ate=2027-01-01',
      'de=0000-01-01&ate=2027-01-01',
      'de=2027-13-01&ate=2027-12-01',
      'de=2027-01-01%00&ate=2027-02-01',
      'de=2027-01-01&ate=2027-02-01&contrato_id=2147483648',
      'de=2027-01-01&ate=2027-02-01&contrato_id=0x10',
      'ate=2027-02-01',
    ];
    for (const q of bad) {
      const res = await equipe.call('GET', `/api/calendario/dias-nao-uteis?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error, q).toMatch(/[a-zà-ú]/);
    }
    const hidden = await equipe.call(
      'GET',
      `/api/calendario/dias-nao-uteis?de=2027-01-01&ate=2027-02-01&contrato_id=${otherContract}`,
    );
    expect([403, 404]).toContain(hidden.statusCode);
  });
});

describe('company days off', () => {
  it('ti and diretoria keep them; everyone reads; others get 403', async () => {
    const created = await ti.call('POST', '/api/calendario/folgas', {
      inicio: '2027-05-28',
      fim: '2027-05-28',
      nome: 'Emenda de Corpus Christi',
      tipo: 'folga',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ contrato_id: null, tipo: 'folga' });
    const local = await diretoria.call('POST', '/api/calendario/folgas', {
      inicio: '2027-03-19',
      fim: '2027-03-19',
      nome: 'São José (feriado municipal)',
      tipo: 'feriado_local',
      contrato_id: otherContract,
    });
    expect(local.statusCode, local.body).toBe(201);
    expect(local.json()).toMatchObject({ contrato_nome: 'Caixa d’água Centro' });

    for (const who of [gerente, equipe]) {
      const res = await who.call('POST', '/api/calendario/folgas', {
        inicio: '2027-06-01',
        fim: '2027-06-01',
        nome: 'X',
        tipo: 'folga',
      });
      expect(res.statusCode).toBe(403);
      expect(
        (await who.call('DELETE', `/api/calendario/folgas/${created.json().id}`)).statusCode,
      ).toBe(403);
    }
    const list = await equipe.call('GET', '/api/calendario/folgas');
    expect(list.json().map((d: { nome: string }) => d.nome)).toEqual([
      'São José (feriado municipal)',
      'Emenda de Corpus Christi',
    ]);

    // The company's day off counts for every contract; the local holiday only for its own.
    const sp = await daysOf(equipe, `de=2027-03-01&ate=2027-06-30&contrato_id=${spContract}`);
    expect(sp.dias.find((d) => d.data === '2027-05-28')).toMatchObject({ origem: 'folga' });
    expect(sp.dias.find((d) => d.data === '2027-03-19')).toBeUndefined();
    const other = await daysOf(ti, `de=2027-03-01&ate=2027-06-30&contrato_id=${otherContract}`);
    expect(other.dias.find((d) => d.data === '2027-03-19')).toMatchObject({
      origem: 'feriado_local',
    });

    expect((await ti.call('DELETE', `/api/calendario/folgas/${local.json().id}`)).statusCode).toBe(
      200,
    );
    expect((await ti.call('DELETE', `/api/calendario/folgas/${local.json().id}`)).statusCode).toBe(
      404,
    );
  });

  it('refuses bad days off with a Portuguese 400 and writes nothing', async () => {
    const before = (await t.database.db.select().from(companyDaysOff)).length;
    const base = { inicio: '2027-12-24', fim: '2027-12-31', nome: 'Recesso', tipo: 'folga' };
    const cases: Array<[object, RegExp]> = [
      [{ ...base, fim: '2027-12-23' }, /fim deve ser igual ou posterior/],
      [{ ...base, fim: '2028-03-31' }, /no máximo 60 dias/],
      [{ ...base, inicio: '0000-12-24' }, /data inválida/],
      [{ ...base, inicio: '24/12/2027' }, /data inválida/],
      [{ ...base, nome: 'Rec\u0000esso' }, /caractere inválido/],
      [{ ...base, nome: '  ' }, /Informe o nome/],
      [{ ...base, tipo: 'feriado' }, /Tipo de dia sem expediente inválido/],
      [{ ...base, contrato_id: 2 ** 31 }, /inválido/],
      [{ ...base, contrato_id: '0x10' }, /inválido/],
      [{ ...base, contrato_id: 999999 }, /Contrato não encontrado/],
    ];
    for (const [body, message] of cases) {
      const res = await ti.call('POST', '/api/calendario/folgas', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toMatch(message);
    }
    for (const id of ['0', '2147483648', '0x10', 'abc']) {
      expect((await ti.call('DELETE', `/api/calendario/folgas/${id}`)).statusCode).toBe(400);
    }
    expect((await t.database.db.select().from(companyDaysOff)).length).toBe(before);
  });
});

describe('a demand that plans in working days', () => {
  const datesOf = async (id: number) => {
    const [r] = await t.database.db.select().from(protocols).where(eq(protocols.id, id));
    return [r!.inicioPrevisto, r!.fimPrevisto];
  };

  it('counts lags in working days and cascades keeping working-day lengths', async () => {
    const boardId = (await makeBoard(t, { contractId: spContract })).id;
    const muralId = (await makeMural(t, { boardId, contractId: spContract })).id;
    // A: Mon 1 → Fri 5 Feb 2027; B: Wed 10 → Fri 12 (Carnaval is Mon 8 and Tue 9).
    const a = await insertTask(t, {
      muralId,
      titulo: 'Vistoria',
      inicio: '2027-02-01',
      fim: '2027-02-05',
    });
    const b = await insertTask(t, {
      muralId,
      titulo: 'Reparo',
      inicio: '2027-02-10',
      fim: '2027-02-12',
    });
    await insertLink(t, b.id, a.id, 0);

    // Calendar days (the default): B may start on Saturday the 6th.
    const early = await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, {
      inicio_previsto: '2027-02-08',
    });
    expect(early.statusCode, early.body).toBe(200);
    await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, { inicio_previsto: '2027-02-10' });

    const set = await gerente.call('PATCH', `/api/eproto/murals/${muralId}`, { dias_uteis: true });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().dias_uteis).toBe(true);

    const refused = await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, {
      inicio_previsto: '2027-02-08',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatch(/a partir de 10\/02\/2027.*"Vistoria"/);

    // A grows to Wed 10: B (3 working days) moves to Thu 11 → Mon 15.
    const grown = await gerente.call('PATCH', `/api/eproto/protocols/${a.id}`, {
      fim_previsto: '2027-02-10',
    });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().cascaded).toHaveLength(1);
    expect(await datesOf(b.id)).toEqual(['2027-02-11', '2027-02-15']);
  });

  it('a lag of 2 working days over Corpus Christi and the company’s day off', async () => {
    const boardId = (await makeBoard(t, { contractId: spContract })).id;
    const muralId = (await makeMural(t, { boardId, contractId: spContract })).id;
    await gerente.call('PATCH', `/api/eproto/murals/${muralId}`, { dias_uteis: true });
    const a = await insertTask(t, {
      muralId,
      titulo: 'Compra',
      inicio: '2027-05-24',
      fim: '2027-05-26',
    });
    const b = await insertTask(t, {
      muralId,
      titulo: 'Entrega',
      inicio: '2027-06-07',
      fim: '2027-06-07',
    });
    const res = await gerente.call('POST', `/api/eproto/protocols/${b.id}/dependencies`, {
      predecessor_id: a.id,
      lag_days: 2,
    });
    expect(res.statusCode, res.body).toBe(201);
    // Ends Wed 26; Thu 27 Corpus Christi, Fri 28 day off; lag skips Mon 31 and Tue 1: Wed 2 June.
    const moved = await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, {
      inicio_previsto: '2027-06-01',
      fim_previsto: '2027-06-01',
    });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toMatch(/a partir de 02\/06\/2027.*intervalo de 2 dias úteis/);
  });
});
