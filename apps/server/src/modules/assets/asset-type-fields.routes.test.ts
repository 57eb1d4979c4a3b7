import type { Asset, AssetType } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assets, contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// The type catalogue's own fields (issue 34, point 1): gestão gives each type its default
// fields (name, unit, kind number / text / options), the asset form fills them, and a type in
// use cannot be deleted. docs/assets.md, "Campos próprios do tipo".

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const [c] = await t.database.db
    .insert(contracts)
    .values({ codigo: 'HSL', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' })
    .returning({ id: contracts.id });
  contractId = c!.id;
  await t.database.db
    .insert(userContracts)
    .values((['coordenador', 'equipe'] as const).map((r) => ({ userId: s[r].id, contractId })));
  coord = client(t, s.coordenador.cookie);
});
afterAll(async () => t.close());

const PUMP_FIELDS = [
  { nome: 'Vazão', unidade: 'm³/h', tipo: 'numero' },
  { nome: 'Fabricante do motor', tipo: 'texto' },
  { nome: 'Tensão', unidade: 'V', tipo: 'opcao', opcoes: ['220', '380', '440'] },
];

async function newType(nome: string, campos: unknown[] = PUMP_FIELDS) {
  const res = await coord.post('/api/tatico/ativos/tipos', { nome, categoria: 'geral', campos });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AssetType>();
}

async function newAsset(typeId: number, campos: Record<string, unknown>) {
  seq += 1;
  return coord.post('/api/tatico/ativos', {
    contract_id: contractId,
    type_id: typeId,
    tag: `BOMBA-${seq}`,
    campos,
  });
}

const stored = async (id: number) =>
  (await t.database.db.select().from(assets).where(eq(assets.id, id)))[0]!.campos;

const typeOf = async (id: number) =>
  (await coord.get('/api/tatico/ativos/tipos'))
    .json<{ items: AssetType[] }>()
    .items.find((x) => x.id === id);

describe('own fields of a type', () => {
  it('stores the fields with keys, and an asset of the type its values, read back', async () => {
    const tipo = await newType('Bomba de recalque');
    expect(tipo.campos).toEqual([
      { chave: 'c1', nome: 'Vazão', unidade: 'm³/h', tipo: 'numero', opcoes: [] },
      { chave: 'c2', nome: 'Fabricante do motor', unidade: null, tipo: 'texto', opcoes: [] },
      { chave: 'c3', nome: 'Tensão', unidade: 'V', tipo: 'opcao', opcoes: ['220', '380', '440'] },
    ]);
    expect(tipo).toMatchObject({ total_ativos: 0, total_planos: 0 });
    const res = await newAsset(tipo.id, { c1: 12.5, c2: '  WEG W22 ', c3: '380' });
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<{ asset: Asset }>().asset;
    expect(a.campos).toEqual({ c1: 12.5, c2: 'WEG W22', c3: '380' });
    expect(a.tipo.campos.map((f) => f.nome)).toEqual(['Vazão', 'Fabricante do motor', 'Tensão']);
    expect(await stored(a.id)).toEqual({ c1: 12.5, c2: 'WEG W22', c3: '380' });
    // An emptied value is dropped, the others stay as they were.
    const edit = await coord.patch(`/api/tatico/ativos/${a.id}`, {
      campos: { c1: 14, c2: '', c3: '440' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await stored(a.id)).toEqual({ c1: 14, c3: '440' });
    // A change that does not send `campos` keeps them.
    await coord.patch(`/api/tatico/ativos/${a.id}`, { sala: 'Casa de bombas' });
    expect(await stored(a.id)).toEqual({ c1: 14, c3: '440' });
    expect((await typeOf(tipo.id))!.total_ativos).toBe(1);
  });

  it('refuses values the type does not take, in Portuguese, writing nothing', async () => {
    const tipo = await newType('Bomba de incêndio');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ c1: '12,5' }, 'Vazão: informe um número.'],
      [{ c1: '0x10' }, 'Vazão: informe um número.'],
      [{ c2: 42 }, 'Fabricante do motor: informe um texto.'],
      [{ c3: '127' }, 'Tensão: escolha uma das opções (220, 380, 440).'],
      [{ c9: 'x' }, 'O tipo Bomba de incêndio não tem este campo (c9).'],
      [{ c2: 'WEG\u0007' }, 'Fabricante do motor: contém caracteres inválidos.'],
    ];
    for (const [campos, error] of cases) {
      const res = await newAsset(tipo.id, campos);
      expect(res.statusCode, JSON.stringify(campos)).toBe(400);
      expect(res.json()).toMatchObject({ error, field: 'campos' });
    }
    for (const campos of [
      { c1: 2 ** 31 },
      { c2: 'a\u0000b' },
      { c2: 'x'.repeat(201) },
      { cor: 'azul' },
      { c1: { a: 1 } },
      [1, 2],
    ]) {
      const res = await newAsset(tipo.id, campos as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(campos)).toBe(400);
      expect(res.json().error).toMatch(/[a-zçã]/i);
    }
    expect((await typeOf(tipo.id))!.total_ativos).toBe(0);
  });

  it('a field renamed keeps its values, a removed one takes them, keys are never reused', async () => {
    const tipo = await newType('Bomba de dreno');
    const a = (await newAsset(tipo.id, { c1: 3, c2: 'Schneider', c3: '220' })).json<{
      asset: Asset;
    }>().asset;
    const [vazao, , tensao] = tipo.campos;
    const res = await coord.patch(`/api/tatico/ativos/tipos/${tipo.id}`, {
      campos: [
        { ...vazao, nome: 'Vazão nominal' },
        tensao,
        { nome: 'Potência', unidade: 'cv', tipo: 'numero' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AssetType>().campos.map((f) => [f.chave, f.nome])).toEqual([
      ['c1', 'Vazão nominal'],
      ['c3', 'Tensão'],
      ['c4', 'Potência'],
    ]);
    expect(await stored(a.id)).toEqual({ c1: 3, c3: '220' });
    const again = await coord.patch(`/api/tatico/ativos/tipos/${tipo.id}`, {
      campos: [{ nome: 'Rotor', tipo: 'texto' }],
    });
    expect(again.json<AssetType>().campos[0]!.chave).toBe('c5');
    expect(await stored(a.id)).toEqual({});
    // A key the type does not have (removed, or never given) is refused.
    const stale = await coord.patch(`/api/tatico/ativos/tipos/${tipo.id}`, {
      campos: [{ chave: 'c2', nome: 'Fabricante do motor', tipo: 'texto' }],
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toBe(
      'Um dos campos foi removido por outra pessoa; abra o tipo de novo.',
    );
  });

  it('a change that would break a stored value is 409 naming the asset; nothing changes', async () => {
    const tipo = await newType('Bomba de esgoto');
    await newAsset(tipo.id, { c1: 7, c3: '440' });
    const tag = `BOMBA-${seq}`;
    const [vazao, motor, tensao] = tipo.campos;
    const noOption = await coord.patch(`/api/tatico/ativos/tipos/${tipo.id}`, {
      campos: [vazao, motor, { ...tensao, opcoes: ['220', '380'] }],
    });
    expect(noOption.statusCode).toBe(409);
    expect(noOption.json().error).toBe(
      `A mudança apagaria um valor já cadastrado (${tag}: Tensão: escolha uma das opções (220, 380)). Altere o ativo antes.`,
    );
    const kind = await coord.patch(`/api/tatico/ativos/tipos/${tipo.id}`, {
      campos: [{ ...vazao, tipo: 'texto' }, motor, tensao],
    });
    expect(kind.statusCode).toBe(409);
    expect(kind.json().error).toContain(`(${tag}: Vazão: informe um texto)`);
    expect((await typeOf(tipo.id))!.campos).toEqual(tipo.campos);
  });

  it('refuses bad field lists with 400 in Portuguese', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ nome: 'Tensão', tipo: 'opcao', opcoes: ['220'] }], 'pelo menos 2 opções'],
      [[{ nome: 'Vazão', tipo: 'numero', opcoes: ['1', '2'] }], 'Só campos do tipo lista'],
      [[{ nome: 'A', tipo: 'opcao', opcoes: ['x', 'X'] }], 'aparece duas vezes'],
      [
        [
          { nome: 'Vazão', tipo: 'numero' },
          { nome: 'vazão', tipo: 'texto' },
        ],
        'Há dois campos chamados vazão.',
      ],
      [[{ nome: 'Cor', tipo: 'cor' }], 'Tipo do campo'],
      [[{ nome: '', tipo: 'texto' }], 'Informe o nome do campo.'],
      [[{ nome: 'a\u0000', tipo: 'texto' }], 'caractere inválido'],
      [[{ nome: 'Cor', unidade: 'x'.repeat(21), tipo: 'texto' }], 'A unidade: máximo'],
      [Array.from({ length: 21 }, (_, i) => ({ nome: `C${i}`, tipo: 'texto' })), 'No máximo 20'],
      [[{ chave: 'c1', nome: 'Cor', tipo: 'texto' }], 'Campo do tipo inválido.'],
      [[{ chave: '0x10', nome: 'Cor', tipo: 'texto' }], 'Campo do tipo inválido.'],
      ['texto', 'Campos do tipo inválidos.'],
    ];
    for (const [campos, error] of cases) {
      seq += 1;
      const res = await coord.post('/api/tatico/ativos/tipos', {
        nome: `Tipo ${seq}`,
        categoria: 'geral',
        campos,
      });
      expect(res.statusCode, JSON.stringify(campos)).toBe(400);
      expect(res.json().error).toContain(error);
    }
  });
});

describe('deleting a type', () => {
  it('deletes an unused type; one with assets or plans is 409 in Portuguese', async () => {
    const free = await newType('Bebedouro', []);
    const del = await coord.delete(`/api/tatico/ativos/tipos/${free.id}`);
    expect(del.statusCode, del.body).toBe(204);
    expect(await typeOf(free.id)).toBeUndefined();
    expect((await coord.delete(`/api/tatico/ativos/tipos/${free.id}`)).statusCode).toBe(404);

    const used = await newType('Compressor', []);
    expect((await newAsset(used.id, {})).statusCode).toBe(201);
    const refused = await coord.delete(`/api/tatico/ativos/tipos/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'O tipo Compressor está em uso por 1 ativo e não pode ser excluído. Desative-o para que não apareça em novos cadastros.',
    );
    expect(await typeOf(used.id)).toBeDefined();

    const planned = await newType('Torre de resfriamento', []);
    const os = await coord.post('/api/tatico/os/tipos', {
      nome: 'Preventiva de torre',
      itens: [{ titulo: 'Bacia limpa', tipo: 'sim_nao', obrigatorio: true }],
    });
    expect(os.statusCode, os.body).toBe(201);
    const plan = await coord.post('/api/tatico/ativos/planos', {
      contract_id: contractId,
      asset_type_id: planned.id,
      service_type_id: os.json<{ id: number }>().id,
      periodicidade: 'mensal',
      inicio: '2029-01-31',
    });
    expect(plan.statusCode, plan.body).toBe(201);
    expect((await typeOf(planned.id))!.total_planos).toBe(1);
    const byPlan = await coord.delete(`/api/tatico/ativos/tipos/${planned.id}`);
    expect(byPlan.statusCode).toBe(409);
    expect(byPlan.json().error).toBe(
      'O tipo Torre de resfriamento está em uso por 1 plano de manutenção e não pode ser excluído. Desative-o para que não apareça em novos cadastros.',
    );
  });

  it('only gestão edits and deletes types; hostile ids are 400', async () => {
    const tipo = await newType('Painel solar', []);
    const equipe = client(t, s.equipe.cookie);
    expect((await equipe.delete(`/api/tatico/ativos/tipos/${tipo.id}`)).statusCode).toBe(403);
    expect(
      (await equipe.patch(`/api/tatico/ativos/tipos/${tipo.id}`, { campos: [] })).statusCode,
    ).toBe(403);
    expect((await typeOf(tipo.id))!.nome).toBe('Painel solar');
    for (const id of ['2147483648', '0x10', '0', 'abc']) {
      expect((await coord.delete(`/api/tatico/ativos/tipos/${id}`)).statusCode, id).toBe(400);
    }
  });
});
