import { ASSET_IMPORT_COLUMNS, ROLES, rolesFor, type Asset, type Role } from '@eproto/domain';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, userContracts } from '../../db/schema/index.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../chat/chat-test-kit.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let contractA: number;
let contractB: number;
let splitId: number;
let extintorId: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const rows = await t.database.db
    .insert(contracts)
    .values([
      { codigo: 'HSL', nome: 'Hospital São Lucas', cliente: 'Hospital São Lucas' },
      { codigo: 'OUT', nome: 'Outro cliente', cliente: 'Outro' },
    ])
    .returning({ id: contracts.id });
  contractA = rows[0]!.id;
  contractB = rows[1]!.id;
  await t.database.db.insert(userContracts).values(
    (['coordenador', 'gerente', 'equipe'] as const).map((r) => ({
      userId: s[r].id,
      contractId: contractA,
    })),
  );
  coord = client(t, s.coordenador.cookie);
  const types = (await coord.get('/api/tatico/ativos/tipos')).json<{
    items: { id: number; nome: string }[];
  }>().items;
  splitId = types.find((x) => x.nome === 'Ar-condicionado split')!.id;
  extintorId = types.find((x) => x.nome === 'Extintor')!.id;
});
afterAll(async () => t.close());

function split(extra: Record<string, unknown> = {}) {
  seq += 1;
  return {
    contract_id: contractA,
    type_id: splitId,
    tag: `AC-${seq}`,
    predio: 'Bloco A',
    andar: '3º andar',
    sala: `Sala 30${seq}`,
    fabricante: 'Daikin',
    modelo: 'FTKP12',
    numero_serie: `SN/${seq}-ÄÖ#1`,
    instalado_em: '2023-05-10',
    garantia_ate: '2026-05-10',
    dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' },
    ...extra,
  };
}

async function created(body: object, c = coord) {
  const res = await c.post('/api/tatico/ativos', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ asset: Asset }>().asset;
}

async function xlsx(rows: (string | number | null)[][]) {
  const header = ASSET_IMPORT_COLUMNS.map((value) => ({ value }));
  const data = rows.map((r) => r.map((v) => (v === null ? null : { value: v })));
  return writeXlsxFile([header, ...data]).toBuffer();
}

function importRow(v: Partial<Record<(typeof ASSET_IMPORT_COLUMNS)[number], string | number>>) {
  return ASSET_IMPORT_COLUMNS.map((c) => v[c] ?? null);
}

function upload(
  file: Buffer,
  contractId: number,
  cookie = s.coordenador.cookie,
  name = 'ativos.xlsx',
) {
  const body = multipart(name, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/tatico/ativos/importacao?contract_id=${contractId}`,
    payload: body.payload,
    headers: { ...spa, ...body.headers, cookie },
  });
}

async function countIn(contractId: number) {
  const res = await coord.get(`/api/tatico/ativos?contract_id=${contractId}&perPage=1`);
  return res.json<{ total: number }>().total;
}

describe('assets: create, read, edit', () => {
  it('stores every field, the site and the typed data, and reads them back', async () => {
    const a = await created(split({ tag: '  ac  hsl 01 ' }));
    expect(a).toMatchObject({
      tag: 'AC HSL 01',
      contrato: { id: contractA, codigo: 'HSL' },
      tipo: { id: splitId, categoria: 'climatizacao' },
      predio: 'Bloco A',
      andar: '3º andar',
      fabricante: 'Daikin',
      instalado_em: '2023-05-10',
      garantia_ate: '2026-05-10',
      status: 'ativo',
      dados: { capacidade: 12000, unidade_capacidade: 'BTU/h' },
    });
    expect(a.numero_serie).toMatch(/^SN\/\d+-ÄÖ#1$/);
    const read = await coord.get(`/api/tatico/ativos/${a.id}`);
    expect(read.json()).toMatchObject({ asset: { id: a.id, tag: 'AC HSL 01' }, pode_editar: true });
  });

  it('edits status and fields; an empty change is 400', async () => {
    const a = await created(split());
    const res = await coord.patch(`/api/tatico/ativos/${a.id}`, {
      status: 'substituido',
      sala: 'Sala 999',
      dados: { capacidade: 2, unidade_capacidade: 'TR' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().asset).toMatchObject({
      status: 'substituido',
      sala: 'Sala 999',
      dados: { capacidade: 2, unidade_capacidade: 'TR' },
    });
    const empty = await coord.patch(`/api/tatico/ativos/${a.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Nada para alterar.');
  });

  it('refuses typed fields of another category and a warranty before the installation', async () => {
    const wrong = await coord.post('/api/tatico/ativos', split({ dados: { carga_kg: 6 } }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Carga (kg) não se aplica a ativos de Climatização (HVAC).');
    const ext = await created({
      contract_id: contractA,
      type_id: extintorId,
      tag: 'EXT-01',
      dados: { carga_kg: 6, agente: 'po_abc' },
    });
    expect(ext.dados).toEqual({ carga_kg: 6, agente: 'po_abc' });
    const unknown = await coord.post('/api/tatico/ativos', split({ dados: { cor: 'azul' } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('Campo desconhecido nos dados do ativo: cor');
    const dates = await coord.post(
      '/api/tatico/ativos',
      split({ instalado_em: '2024-01-10', garantia_ate: '2023-01-10' }),
    );
    expect(dates.statusCode).toBe(400);
    expect(dates.json().error).toBe('O fim da garantia não pode ser antes da instalação.');
  });

  it('a tag is unique per contract, case and spaces ignored: 409 in Portuguese', async () => {
    await created(split({ tag: 'DUP-1' }));
    const again = await coord.post('/api/tatico/ativos', split({ tag: ' dup-1 ' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'Já existe um ativo com a tag DUP-1 neste contrato.',
      field: 'tag',
    });
    // Two identical requests at the same moment: one 201 and one 409, never a 500.
    const body = split({ tag: 'RACE-1' });
    const both = await Promise.all([
      coord.post('/api/tatico/ativos', body),
      coord.post('/api/tatico/ativos', body),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    // Renaming onto a taken tag is the same 409.
    const other = await created(split());
    const rename = await coord.patch(`/api/tatico/ativos/${other.id}`, { tag: 'dup-1' });
    expect(rename.statusCode).toBe(409);
    // The same tag in another contract is fine (diretoria sees every contract).
    const dir = client(t, s.diretoria.cookie);
    await created(split({ tag: 'DUP-1', contract_id: contractB }), dir);
  });

  it('answers hostile values with 400, never 500', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type_id: 2 ** 31 }, 'type_id'],
      [{ contract_id: 2 ** 31 }, 'contract_id'],
      [{ tag: 'AC\u0000-1' }, 'tag'],
      [{ numero_serie: 'SN\u0000' }, 'numero_serie'],
      [{ instalado_em: '0000-01-01' }, 'instalado_em'],
      [{ garantia_ate: '2026-02-30' }, 'garantia_ate'],
      [{ type_id: '0x10' }, 'type_id'],
      [{ dados: { capacidade: '0x10' } }, 'dados'],
      [{ dados: { capacidade: '1e400' } }, 'dados'],
      [{ dados: { capacidade: -5 } }, 'dados'],
      [{ tag: '<script>' }, 'tag'],
      [{ tag: 'x'.repeat(41) }, 'tag'],
      [{ status: 'quebrado' }, 'status'],
    ];
    for (const [extra, field] of cases) {
      const res = await coord.post('/api/tatico/ativos', split(extra));
      expect(res.statusCode, `${JSON.stringify(extra)} ${res.body}`).toBe(400);
      expect(res.json().field ?? '', JSON.stringify(extra)).toContain(field);
      expect(res.json().error).toMatch(/[áéíóúãõçA-Za-z]/);
    }
    for (const id of ['2147483648', '0x10', '-1']) {
      expect((await coord.get(`/api/tatico/ativos/${id}`)).statusCode).toBe(400);
    }
    expect((await coord.get('/api/tatico/ativos?page=2147483648')).statusCode).toBe(400);
  });

  it('searches by tag, site, maker and serial, accents ignored, with paging', async () => {
    seq += 1;
    const tag = `BUSCA-${seq}`;
    await created(split({ tag: `${tag}-1`, sala: 'Centro Cirúrgico', fabricante: 'Springer' }));
    await created(split({ tag: `${tag}-2`, sala: 'Centro Cirúrgico' }));
    const res = await coord.get(
      `/api/tatico/ativos?q=${encodeURIComponent('cirurgico busca')}&perPage=1`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe(2);
    expect(res.json().items).toHaveLength(1);
    const page2 = await coord.get(
      `/api/tatico/ativos?q=${encodeURIComponent('cirurgico busca')}&perPage=1&page=2`,
    );
    expect(page2.json().items[0].tag).toBe(`${tag}-2`);
    const maker = await coord.get(`/api/tatico/ativos?q=springer`);
    expect(maker.json().items.map((a: Asset) => a.tag)).toEqual([`${tag}-1`]);
  });
});

describe('assets: who may do what', () => {
  const screen = rolesFor('/tatico/agenda');
  const managers: Role[] = ['coordenador', 'gerente', 'diretoria'];

  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const a = await created(split());
    const c = client(t, s[role].cookie);
    const reads = screen.includes(role);
    const manages = managers.includes(role);
    expect((await c.get('/api/tatico/ativos')).statusCode).toBe(reads ? 200 : 403);
    expect((await c.get(`/api/tatico/ativos/${a.id}`)).statusCode).toBe(reads ? 200 : 403);
    expect((await c.get('/api/tatico/ativos/tipos')).statusCode).toBe(reads ? 200 : 403);
    expect((await c.post('/api/tatico/ativos', split())).statusCode).toBe(manages ? 201 : 403);
    expect((await c.patch(`/api/tatico/ativos/${a.id}`, { sala: 'X' })).statusCode).toBe(
      manages ? 200 : 403,
    );
    expect((await c.get('/api/tatico/ativos/importacao/modelo')).statusCode).toBe(
      manages ? 200 : 403,
    );
    const up = await upload(
      await xlsx([importRow({ 'Tag*': `P-${role}`, 'Tipo*': 'Bomba' })]),
      contractA,
      s[role].cookie,
    );
    expect(up.statusCode, up.body).toBe(manages ? 200 : 403);
  });

  it('equipe reads only the assets of its contracts; another contract is 404', async () => {
    const dir = client(t, s.diretoria.cookie);
    const foreign = await created(split({ contract_id: contractB }), dir);
    const eq = client(t, s.equipe.cookie);
    const list = await eq.get('/api/tatico/ativos?perPage=100');
    expect(list.statusCode).toBe(200);
    const items = list.json<{ items: Asset[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((a) => a.contrato.id === contractA)).toBe(true);
    expect((await eq.get(`/api/tatico/ativos/${foreign.id}`)).statusCode).toBe(404);
    const mine = await eq.get(`/api/tatico/ativos/${items[0]!.id}`);
    expect(mine.json().pode_editar).toBe(false);
    // A coordinator of contract A neither reads nor creates in contract B.
    expect((await coord.get(`/api/tatico/ativos/${foreign.id}`)).statusCode).toBe(404);
    const create = await coord.post('/api/tatico/ativos', split({ contract_id: contractB }));
    expect(create.statusCode).toBe(400);
    expect(create.json()).toMatchObject({
      error: 'Contrato não encontrado.',
      field: 'contract_id',
    });
  });
});

describe('asset types (catalogue)', () => {
  it('adds, renames and deactivates a type; a duplicate name is 409', async () => {
    const res = await coord.post('/api/tatico/ativos/tipos', {
      nome: 'Bebedouro',
      categoria: 'geral',
    });
    expect(res.statusCode, res.body).toBe(201);
    const dup = await coord.post('/api/tatico/ativos/tipos', {
      nome: 'bebedouro',
      categoria: 'geral',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('Já existe um tipo de ativo chamado bebedouro.');
    const id = res.json().id as number;
    const off = await coord.patch(`/api/tatico/ativos/tipos/${id}`, { ativo: false });
    expect(off.json()).toMatchObject({ id, ativo: false });
    const use = await coord.post('/api/tatico/ativos', split({ type_id: id, dados: {} }));
    expect(use.statusCode).toBe(400);
    expect(use.json().error).toBe('O tipo Bebedouro está desativado.');
    expect((await coord.patch(`/api/tatico/ativos/tipos/${id}`, {})).statusCode).toBe(400);
    const bad = await coord.post('/api/tatico/ativos/tipos', { nome: 'X', categoria: 'nave' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('XLSX import', () => {
  it('the template has the columns the import reads and the active types', async () => {
    const res = await coord.get('/api/tatico/ativos/importacao/modelo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modelo-importacao-ativos.xlsx');
    const rows = await readSheet(res.rawPayload);
    expect(rows[0]).toEqual([...ASSET_IMPORT_COLUMNS]);
    const guide = await readSheet(res.rawPayload, 'Como preencher');
    expect(guide.map((r) => r[0])).toContain('Ar-condicionado split');
  });

  it('imports every row of a good file in one go, Brazilian dates and numbers read', async () => {
    const before = await countIn(contractA);
    const file = await xlsx([
      importRow({
        'Tag*': 'IMP-AC-01',
        'Tipo*': 'ar-condicionado SPLIT',
        Prédio: 'Bloco B',
        Andar: 'Térreo',
        Sala: 'Recepção',
        Instalação: '10/03/2024',
        'Fim da garantia': '10/03/2027',
        Capacidade: '18.000',
        'Unidade da capacidade': 'btu/h',
      }),
      importRow({
        'Tag*': 'IMP-EXT-01',
        'Tipo*': 'Extintor',
        'Carga (kg)': '4,5',
        'Agente extintor': 'Pó ABC',
        Situação: 'Inativo',
      }),
      importRow({ 'Tag*': 'IMP-GER-01', 'Tipo*': 'Gerador', 'Potência (kVA)': 150 }),
      [],
      importRow({
        'Tag*': 'IMP-RES-01',
        'Tipo*': 'Reservatório de água',
        'Volume (litros)': 10000,
      }),
    ]);
    const res = await upload(file, contractA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importados: 4 });
    expect(await countIn(contractA)).toBe(before + 4);
    const found = await coord.get('/api/tatico/ativos?q=IMP-EXT-01');
    expect(found.json().items[0]).toMatchObject({
      status: 'inativo',
      dados: { carga_kg: 4.5, agente: 'po_abc' },
    });
    const ac = await coord.get('/api/tatico/ativos?q=IMP-AC-01');
    expect(ac.json().items[0]).toMatchObject({
      instalado_em: '2024-03-10',
      garantia_ate: '2027-03-10',
      sala: 'Recepção',
      dados: { capacidade: 18000, unidade_capacidade: 'BTU/h' },
    });
  });

  it('a file with bad rows imports nothing and names each line and reason', async () => {
    await created(split({ tag: 'JA-EXISTE' }));
    const before = await countIn(contractA);
    const file = await xlsx([
      importRow({ 'Tag*': 'OK-01', 'Tipo*': 'Bomba' }),
      importRow({ 'Tag*': 'OK-02', 'Tipo*': 'Foguete' }),
      importRow({ 'Tag*': 'ja-existe', 'Tipo*': 'Bomba' }),
      importRow({ 'Tag*': 'OK-01', 'Tipo*': 'Bomba' }),
      importRow({ 'Tag*': 'OK-05', 'Tipo*': 'Bomba', Instalação: '00/00/0000' }),
      importRow({ 'Tag*': 'OK-06', 'Tipo*': 'Bomba', Instalação: '01/01/0000' }),
      importRow({ 'Tag*': 'OK-07', 'Tipo*': 'Extintor', 'Carga (kg)': '0x10' }),
      importRow({ 'Tag*': 'OK-08', 'Tipo*': 'Gerador', 'Potência (kVA)': 2 ** 31 }),
      // XML (and so XLSX) cannot hold NUL; the tag's own rule is what a file can break.
      importRow({ 'Tag*': '<script>', 'Tipo*': 'Bomba' }),
      importRow({ 'Tag*': '', 'Tipo*': 'Bomba' }),
      importRow({ 'Tag*': 'OK-11', 'Tipo*': 'Bomba', Capacidade: 5 }),
    ]);
    const res = await upload(file, contractA);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; erros: { linha: number; motivo: string }[] }>();
    expect(body.erros, res.body).toHaveLength(10);
    expect(body.error).toBe('A planilha tem 10 linhas com problema; nada foi importado.');
    const by = new Map(body.erros.map((e) => [e.linha, e.motivo]));
    expect([...by.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(by.get(3)).toBe('Tipo "Foguete" não está no catálogo de tipos.');
    expect(by.get(4)).toBe('Já existe um ativo com a tag JA-EXISTE neste contrato.');
    expect(by.get(5)).toBe('Tag OK-01 repetida (já na linha 2).');
    expect(by.get(6)).toMatch(/^Instalação: /);
    expect(by.get(7)).toBe('Instalação: O ano 0000 não é aceito: use um ano entre 1900 e 2999.');
    expect(by.get(8)).toMatch(/^Carga \(kg\): Número inválido/);
    expect(by.get(9)).toBe('A potência (kVA): no máximo 100.000.');
    expect(by.get(10)).toMatch(/^Tag inválida: use letras, números/);
    expect(by.get(11)).toBe('Informe a tag.');
    expect(by.get(12)).toBe('Capacidade não se aplica a ativos de Geral (sem campos técnicos).');
    expect(await countIn(contractA)).toBe(before);
    const ok = await coord.get('/api/tatico/ativos?q=OK-01');
    expect(ok.json().total).toBe(0);
  });

  it('refuses what is not an XLSX, a sheet without the header and a foreign contract', async () => {
    const csv = await upload(Buffer.from('Tag;Tipo\nA;Bomba\n'), contractA, undefined, 'a.csv');
    expect(csv.statusCode).toBe(415);
    expect(csv.json().error).toContain('.xlsx');
    const zip = await upload(Buffer.from('PK\u0003\u0004 não é uma planilha'), contractA);
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error).toContain('Não foi possível ler a planilha');
    const noHeader = await upload(await writeXlsxFile([[{ value: 'Nome' }]]).toBuffer(), contractA);
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error).toContain('"Tag" e "Tipo"');
    const empty = await upload(await xlsx([]), contractA);
    expect(empty.json().error).toBe('A planilha não tem nenhum ativo abaixo do cabeçalho.');
    const foreign = await upload(
      await xlsx([importRow({ 'Tag*': 'F-1', 'Tipo*': 'Bomba' })]),
      contractB,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error).toBe('Contrato não encontrado.');
    const noFile = await t.app.inject({
      method: 'POST',
      url: `/api/tatico/ativos/importacao?contract_id=${contractA}`,
      payload: {},
      headers: { ...spa, cookie: s.coordenador.cookie },
    });
    expect(noFile.statusCode).toBeGreaterThanOrEqual(400);
    expect(noFile.statusCode).toBeLessThan(500);
    for (const q of ['2147483648', '0x10', '0']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/tatico/ativos/importacao?contract_id=${q}`,
        payload: {},
        headers: { ...spa, cookie: s.coordenador.cookie },
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('XLSX import: the own fields of each type', () => {
  let bombaId: number;
  let header: string[];

  beforeAll(async () => {
    const res = await coord.post('/api/tatico/ativos/tipos', {
      nome: 'Bomba de recalque',
      categoria: 'geral',
      campos: [
        { nome: 'Vazão', unidade: 'm³/h', tipo: 'numero' },
        { nome: 'Tensão', unidade: 'V', tipo: 'opcao', opcoes: ['220', '380'] },
        { nome: 'Selo mecânico', tipo: 'texto' },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    bombaId = res.json<{ id: number }>().id;
  });

  it('the template has one "Campo:" column per field and explains each in the guide', async () => {
    const res = await coord.get('/api/tatico/ativos/importacao/modelo');
    expect(res.statusCode).toBe(200);
    const rows = await readSheet(res.rawPayload);
    header = rows[0]!.map(String);
    expect(header.slice(0, ASSET_IMPORT_COLUMNS.length)).toEqual([...ASSET_IMPORT_COLUMNS]);
    expect(header.slice(ASSET_IMPORT_COLUMNS.length)).toEqual([
      'Campo: Vazão (m³/h)',
      'Campo: Tensão (V)',
      'Campo: Selo mecânico',
    ]);
    const guide = await readSheet(res.rawPayload, 'Como preencher');
    const row = guide.find((r) => r[0] === 'Bomba de recalque')!;
    expect(row[3]).toBe(
      'Campo: Vazão (m³/h) — número; Campo: Tensão (V) — uma de 220, 380; Campo: Selo mecânico — texto',
    );
  });

  /** A row of the template read back: fixed columns by title, own fields by column title. */
  function templateRow(v: Record<string, string | number>) {
    return header.map((h) => v[h] ?? null);
  }
  async function templateFile(rows: (string | number | null)[][]) {
    const data = rows.map((r) => r.map((x) => (x === null ? null : { value: x })));
    return writeXlsxFile([header.map((value) => ({ value })), ...data]).toBuffer();
  }

  it('imports 300 rows with their own fields, "12,5" as 12.5 and options as listed', async () => {
    const before = await countIn(contractA);
    const rows = Array.from({ length: 300 }, (_, i) =>
      templateRow({
        'Tag*': `BR-${String(i + 1).padStart(3, '0')}`,
        'Tipo*': 'bomba de RECALQUE',
        Prédio: 'Casa de bombas',
        'Campo: Vazão (m³/h)': i % 2 === 0 ? '12,5' : 40,
        // Spelled as a person types it: the stored value is the option as the type lists it.
        'Campo: Tensão (V)': i % 3 === 0 ? ' 380 ' : '220',
        ...(i === 0 ? { 'Campo: Selo mecânico': 'Carbeto de silício' } : {}),
      }),
    );
    const res = await upload(await templateFile(rows), contractA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importados: 300 });
    expect(await countIn(contractA)).toBe(before + 300);
    const list = await coord.get(
      `/api/tatico/ativos?contract_id=${contractA}&type_id=${bombaId}&perPage=100&q=BR-00`,
    );
    const byTag = new Map(list.json<{ items: Asset[] }>().items.map((a) => [a.tag, a.campos]));
    expect(byTag.get('BR-001')).toEqual({ c1: 12.5, c2: '380', c3: 'Carbeto de silício' });
    expect(byTag.get('BR-002')).toEqual({ c1: 40, c2: '220' });
    expect(byTag.get('BR-004')).toEqual({ c1: 40, c2: '380' });
    const all = await coord.get(`/api/tatico/ativos?type_id=${bombaId}&perPage=1`);
    expect(all.json<{ total: number }>().total).toBe(300);
  });

  it('a bad own-field value refuses the file with line and reason; nothing is imported', async () => {
    const before = await countIn(contractA);
    const bomba = (tag: string, v: Record<string, string | number>) =>
      templateRow({ 'Tag*': tag, 'Tipo*': 'Bomba de recalque', ...v });
    const file = await templateFile([
      bomba('BX-01', { 'Campo: Vazão (m³/h)': '12,5' }),
      bomba('BX-02', { 'Campo: Vazão (m³/h)': 'doze' }),
      bomba('BX-03', { 'Campo: Tensão (V)': '440' }),
      templateRow({ 'Tag*': 'BX-04', 'Tipo*': 'Extintor', 'Campo: Vazão (m³/h)': 3 }),
      bomba('BX-05', { 'Campo: Vazão (m³/h)': 2 ** 31 }),
      bomba('BX-06', { 'Campo: Vazão (m³/h)': '0x10' }),
      bomba('BX-07', { 'Campo: Selo mecânico': 'x'.repeat(201) }),
      bomba('BX-08', { 'Campo: Vazão (m³/h)': '1,2345' }),
    ]);
    const res = await upload(file, contractA);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; erros: { linha: number; motivo: string }[] }>();
    expect(body.error).toBe('A planilha tem 7 linhas com problema; nada foi importado.');
    const by = new Map(body.erros.map((e) => [e.linha, e.motivo]));
    expect([...by.keys()]).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(by.get(3)).toBe('Vazão: Número inválido. Use vírgula para decimais, como 45,5.');
    expect(by.get(4)).toBe('Tensão: escolha uma das opções (220, 380).');
    expect(by.get(5)).toBe(
      'A coluna "Campo: Vazão (m³/h)" não é um campo do tipo Extintor: deixe-a vazia nesta linha.',
    );
    expect(by.get(6)).toBe('Vazão: no máximo 1.000.000.000 (em módulo).');
    expect(by.get(7)).toBe('Vazão: Número inválido. Use vírgula para decimais, como 45,5.');
    expect(by.get(8)).toBe('Selo mecânico: no máximo 200 caracteres.');
    expect(by.get(9)).toBe('Vazão: Use no máximo 3 casas decimais.');
    expect(await countIn(contractA)).toBe(before);
    expect((await coord.get('/api/tatico/ativos?q=BX-01')).json().total).toBe(0);
  });
});
