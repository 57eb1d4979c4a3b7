import { PLAN_COLUMNS } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import writeXlsxFile from 'write-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  muralHistory,
  protocolHistory,
  protocols,
  taskDependencies,
} from '../../db/schema/index.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertLink, insertTask } from '../protocols/protocols.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let boardId: number;
let contract: number;
let source: number;

type Cell = string | number | Date | null;

// The plan exported, imported and compared (calendar days):
//   1 Vistoria  02/03 → 04/03, 12 h, equipe
//   2 Reparo    09/03 → 11/03, 16,5 h, after 1 + 2 days
//   3 Entrega   11/03 → 12/03, after 2 with 1 day of lead, Em andamento
//   4 Compras   no dates, no hours
beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Gabriela Gerente');
  equipe = await person(t, 'Equipe de Campo', 'Eduardo Equipe');
  outsider = await person(t, 'Gerente');
  contract = (await makeContract(t, { nome: 'Hospital São Lucas' })).id;
  await linkContract(t, contract, gerente.user.id, equipe.user.id);
  boardId = (await makeBoard(t, { contractId: contract })).id;
  source = await newMural();
  const a = await insertTask(t, {
    muralId: source,
    titulo: 'Vistoria',
    inicio: '2026-03-02',
    fim: '2026-03-04',
    responsavelId: equipe.user.id,
  });
  const b = await insertTask(t, {
    muralId: source,
    titulo: 'Reparo & ajuste <quadro>',
    inicio: '2026-03-09',
    fim: '2026-03-11',
  });
  const c = await insertTask(t, {
    muralId: source,
    titulo: 'Entrega',
    inicio: '2026-03-11',
    fim: '2026-03-12',
    stage: 'em_andamento',
  });
  await insertTask(t, { muralId: source, titulo: 'Compras' });
  await t.database.db.update(protocols).set({ horasEstimadas: 12 }).where(eq(protocols.id, a.id));
  await t.database.db.update(protocols).set({ horasEstimadas: 16.5 }).where(eq(protocols.id, b.id));
  await insertLink(t, b.id, a.id, 2);
  await insertLink(t, c.id, b.id, -1);
});
afterAll(async () => t.close());

async function newMural() {
  return (await makeMural(t, { boardId, contractId: contract, participants: [equipe.user.id] })).id;
}

function upload(
  who: Person,
  muralId: number,
  step: 'previa' | 'importar',
  name: string,
  data: Buffer,
) {
  const body = multipart({ name, data });
  return t.app.inject({
    method: 'POST',
    url: `/api/eproto/murals/${muralId}/plano/${step}`,
    payload: body.payload,
    headers: { ...spa, ...body.headers, cookie: who.cookie },
  });
}

async function exported(muralId: number, formato: 'xlsx' | 'mspdi', who = gerente) {
  const res = await who.call('GET', `/api/eproto/murals/${muralId}/plano?formato=${formato}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

/** The plan as the XLSX export lists it, dates as text. */
async function planRows(muralId: number) {
  const sheet = (await readSheet((await exported(muralId, 'xlsx')).rawPayload)) as Cell[][];
  return sheet.map((r) => r.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : c)));
}

function xlsx(rows: Cell[][], header: readonly string[] = PLAN_COLUMNS) {
  return writeXlsxFile([
    header.map((value) => ({ value })),
    ...rows.map((r) => r.map((v) => (v === null ? null : { value: v }))),
  ]).toBuffer();
}

async function taskCount(muralId: number) {
  return (await t.database.db.select().from(protocols).where(eq(protocols.muralId, muralId)))
    .length;
}

describe('export a demand plan', () => {
  it('XLSX: the template columns, one task per row, predecessors by ID with lag', async () => {
    const res = await exported(source, 'xlsx', equipe);
    expect(res.headers['content-disposition']).toContain(`plano-demanda-${source}.xlsx`);
    expect(await planRows(source)).toEqual([
      [...PLAN_COLUMNS],
      [1, 'Vistoria', '2026-03-02', '2026-03-04', 12, equipe.user.email, null, 'A fazer'],
      [2, 'Reparo & ajuste <quadro>', '2026-03-09', '2026-03-11', 16.5, null, '1FS+2', 'A fazer'],
      [3, 'Entrega', '2026-03-11', '2026-03-12', null, null, '2FS-1', 'Em andamento'],
      [4, 'Compras', null, null, null, null, null, 'A fazer'],
    ]);
  });

  it('MSPDI: Tasks with UID, Start/Finish, Work, PredecessorLink lag in tenths of minutes, the responsável assigned', async () => {
    const res = await exported(source, 'mspdi');
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toContain('<Project xmlns="http://schemas.microsoft.com/project">');
    expect(xml).toContain('<Name>Reparo &amp; ajuste &lt;quadro&gt;</Name>');
    expect(xml).toMatch(/<UID>1<\/UID>\s*<ID>1<\/ID>\s*<Name>Vistoria<\/Name>/);
    expect(xml).toContain('<Start>2026-03-02T08:00:00</Start>');
    expect(xml).toContain('<Finish>2026-03-04T17:00:00</Finish>');
    expect(xml).toContain('<Duration>PT24H0M0S</Duration>');
    expect(xml).toContain('<Work>PT16H30M0S</Work>');
    // Calendar-day demand: 2 elapsed days = 2 × 1440 min × 10.
    expect(xml).toMatch(
      /<PredecessorUID>1<\/PredecessorUID>\s*<Type>1<\/Type>\s*<CrossProject>0<\/CrossProject>\s*<LinkLag>28800<\/LinkLag>\s*<LagFormat>8<\/LagFormat>/,
    );
    expect(xml).toContain('<LinkLag>-14400</LinkLag>');
    expect(xml).toContain(`<EmailAddress>${equipe.user.email}</EmailAddress>`);
    expect(xml).toMatch(/<TaskUID>1<\/TaskUID>\s*<ResourceUID>1<\/ResourceUID>/);
  });

  it('only who sees the demand exports it', async () => {
    const res = await outsider.call('GET', `/api/eproto/murals/${source}/plano?formato=xlsx`);
    expect(res.statusCode).toBe(404);
    const bad = await gerente.call('GET', `/api/eproto/murals/${source}/plano?formato=pdf`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Formato inválido/);
  });
});

describe('round trip: export → import into an empty demand gives the same plan', () => {
  it.each(['xlsx', 'mspdi'] as const)('%s', async (formato) => {
    const file = (await exported(source, formato)).rawPayload;
    const target = await newMural();
    const name = formato === 'xlsx' ? 'plano.xlsx' : 'plano.xml';
    const preview = await upload(gerente, target, 'previa', name, file);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ formato, erros: [], dependencias: 2 });
    expect(preview.json().tarefas).toHaveLength(4);
    expect(await taskCount(target)).toBe(0);

    const res = await upload(gerente, target, 'importar', name, file);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importadas: 4, dependencias: 2 });
    expect(await planRows(target)).toEqual(await planRows(source));

    const [hist] = await t.database.db
      .select()
      .from(muralHistory)
      .where(eq(muralHistory.muralId, target));
    expect(hist).toMatchObject({
      action: 'plano_importado',
      authorId: gerente.user.id,
      texto: `4 tarefas importadas de "${name}".`,
    });
    const ids = (
      await t.database.db.select().from(protocols).where(eq(protocols.muralId, target))
    ).map((p) => p.id);
    const created = await t.database.db
      .select()
      .from(protocolHistory)
      .where(eq(protocolHistory.protocolId, ids[0]!));
    expect(created).toEqual([
      expect.objectContaining({ action: 'criada', texto: `Importada do plano "${name}".` }),
    ]);
  });
});

describe('import: bad lines, line + reason, nothing half-imported', () => {
  it('lists every bad line in Portuguese and writes nothing', async () => {
    const target = await newMural();
    const file = await xlsx([
      [1, 'Vistoria', '02/03/2026', '04/03/2026', '12', equipe.user.email, null, null],
      [2, 'Data errada', '2026/13/45', null, null, null, null, null],
      [3, 'Pessoa desconhecida', null, null, null, 'ninguem@exemplo.com', null, null],
      [4, 'Intervalo ruim', null, null, null, null, '1FS+dois', null],
      [5, 'Ciclo A', null, null, null, null, '6', null],
      [6, 'Ciclo B', null, null, null, null, '5', null],
      [7, 'Horas ruins', null, null, 'muitas', null, null, null],
      [8, 'Etapa ruim', null, null, null, null, null, 'Arquivada'],
      [9, 'Depende de quem?', null, null, null, null, '42', null],
    ]);
    const preview = await upload(gerente, target, 'previa', 'plano.xlsx', file);
    expect(preview.statusCode, preview.body).toBe(200);
    const erros = preview.json().erros as { linha: number; motivo: string }[];
    expect(erros.map((e) => e.linha)).toEqual([3, 4, 5, 6, 8, 9, 10]);
    expect(erros[0]!.motivo).toMatch(/^Início: Data inválida\. Use dd\/mm\/aaaa/);
    expect(erros[1]!.motivo).toBe(
      'Responsável "ninguem@exemplo.com" não encontrado entre as pessoas ativas.',
    );
    expect(erros[2]!.motivo).toMatch(/"dois" não é um número inteiro de dias/);
    expect(erros[3]!.motivo).toMatch(/^Dependências em ciclo: 5 → 6 → 5/);
    expect(erros[4]!.motivo).toMatch(/^Horas estimadas:/);
    expect(erros[5]!.motivo).toMatch(/^Etapa "Arquivada" não existe/);
    expect(erros[6]!.motivo).toBe('Predecessora 42 não existe no arquivo.');
    expect(preview.json().tarefas.map((x: { titulo: string }) => x.titulo)).toContain('Vistoria');

    const res = await upload(gerente, target, 'importar', 'plano.xlsx', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('7 linhas do plano têm problemas; nada foi importado.');
    expect(res.json().erros).toEqual(erros);
    expect(await taskCount(target)).toBe(0);
  });

  it('wrong columns are line 1', async () => {
    const target = await newMural();
    const file = await xlsx([['Vistoria', 'x']], ['Nome da tarefa', 'Custo']);
    const preview = (await upload(gerente, target, 'previa', 'p.xlsx', file)).json();
    expect(preview.erros).toEqual([
      { linha: 1, motivo: expect.stringMatching(/^Coluna "Custo" não é do modelo/) },
    ]);
    const noTitle = await xlsx([['x']], ['Descrição']);
    const res = await upload(gerente, target, 'importar', 'p.xlsx', noTitle);
    expect(res.statusCode).toBe(400);
    expect(res.json().erros).toContainEqual({
      linha: 1,
      motivo: 'Falta a coluna "Título" na primeira linha (use o modelo).',
    });
  });

  it('the dependencies push a task that starts too early, as the cascade does', async () => {
    const target = await newMural();
    const file = await xlsx([
      [1, 'Fundação', '02/03/2026', '06/03/2026', null, null, null, null],
      [2, 'Estrutura', '03/03/2026', '04/03/2026', null, null, '1+1', null],
    ]);
    const preview = (await upload(gerente, target, 'previa', 'p.xlsx', file)).json();
    expect(preview.tarefas[1]).toMatchObject({
      inicio_previsto: '2026-03-08',
      fim_previsto: '2026-03-09',
      adiada_dias: 5,
    });
    expect((await upload(gerente, target, 'importar', 'p.xlsx', file)).statusCode).toBe(200);
    const rows = await planRows(target);
    expect(rows[2]).toEqual([
      2,
      'Estrutura',
      '2026-03-08',
      '2026-03-09',
      null,
      null,
      '1FS+1',
      'A fazer',
    ]);
  });

  it('reads MS Project lags in working days and refuses other link kinds', async () => {
    const target = await newMural();
    const xml = `<?xml version="1.0"?>
<Project xmlns="http://schemas.microsoft.com/project"><MinutesPerDay>480</MinutesPerDay><Tasks>
<Task><UID>0</UID><ID>0</ID><Name>Projeto</Name><OutlineLevel>0</OutlineLevel></Task>
<Task><UID>7</UID><ID>1</ID><Name>A</Name><Start>2026-03-02T08:00:00</Start><Finish>2026-03-02T17:00:00</Finish></Task>
<Task><UID>8</UID><ID>2</ID><Name>B</Name><Start>2026-03-10T08:00:00</Start><Finish>2026-03-10T17:00:00</Finish>
<PredecessorLink><PredecessorUID>7</PredecessorUID><Type>1</Type><LinkLag>9600</LinkLag><LagFormat>7</LagFormat></PredecessorLink></Task>
<Task><UID>9</UID><ID>3</ID><Name>C</Name><PredecessorLink><PredecessorUID>7</PredecessorUID><Type>3</Type></PredecessorLink></Task>
<Task><UID>10</UID><ID>4</ID><Name>D</Name><PredecessorLink><PredecessorUID>7</PredecessorUID><LinkLag>muito</LinkLag></PredecessorLink></Task>
</Tasks></Project>`;
    const preview = (await upload(gerente, target, 'previa', 'p.xml', Buffer.from(xml))).json();
    expect(preview.tarefas[1]).toMatchObject({ ref: 8, predecessoras: [{ ref: 7, lag_days: 2 }] });
    expect(preview.erros).toEqual([
      { linha: 3, motivo: 'Predecessora 7: só dependências término-início (FS) são aceitas.' },
      { linha: 4, motivo: 'Intervalo "muito" não é um número.' },
    ]);
  });
});

describe('import: hostile files answer 400 in Portuguese', () => {
  const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
<Project><Tasks><Task><UID>1</UID><Name>&lol2;</Name></Task></Tasks></Project>`;
  const external = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<Project><Tasks><Task><UID>1</UID><Name>&xxe;</Name></Task></Tasks></Project>`;
  const cases: [string, string, () => Promise<Buffer> | Buffer, RegExp][] = [
    [
      'not a plan',
      'p.txt',
      () => Buffer.from('Título;Início\nA;01/01/2026\n'),
      /não é nenhum dos dois/,
    ],
    [
      'a ZIP that is not XLSX',
      'p.xlsx',
      () => Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]),
      /planilha/,
    ],
    ['an XML bomb', 'p.xml', () => Buffer.from(bomb), /DOCTYPE ou entidades/],
    ['an external entity', 'p.xml', () => Buffer.from(external), /DOCTYPE ou entidades/],
    ['malformed XML', 'p.xml', () => Buffer.from('<Project><Tasks></Project>'), /malformado/],
    [
      'XML of something else',
      'p.xml',
      () => Buffer.from('<rss><channel/></rss>'),
      /não é um plano do MS Project/,
    ],
    ['10 MB', 'p.xml', () => Buffer.alloc(10 * 1_048_576, '<'), /no máximo 5 MB/],
    [
      '100,000 rows',
      'p.xlsx',
      () =>
        writeXlsxFile([
          [{ value: 'Título*' }],
          ...Array.from({ length: 100_000 }, (_, i) => [{ value: `T${i}` }]),
        ]).toBuffer(),
      /100\.000 tarefas; o limite é 2\.000/,
    ],
  ];
  it.each(cases)(
    '%s',
    async (_label, name, make, message) => {
      const target = await newMural();
      const data = await make();
      for (const step of ['previa', 'importar'] as const) {
        const res = await upload(gerente, target, step, name, data);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().error).toMatch(message);
      }
      expect(await taskCount(target)).toBe(0);
    },
    120_000,
  );
});

describe('import: who may', () => {
  it('a member who does not plan the demand gets 403, an outsider 404', async () => {
    const file = (await exported(source, 'xlsx')).rawPayload;
    const target = await newMural();
    expect((await upload(equipe, target, 'previa', 'p.xlsx', file)).statusCode).toBe(403);
    expect((await upload(equipe, target, 'importar', 'p.xlsx', file)).statusCode).toBe(403);
    expect((await upload(outsider, target, 'importar', 'p.xlsx', file)).statusCode).toBe(404);
    expect(await taskCount(target)).toBe(0);
  });

  it('the template downloads with the columns and the guide', async () => {
    const res = await gerente.call('GET', `/api/eproto/murals/${source}/plano/modelo`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('modelo-plano.xlsx');
    expect(await readSheet(res.rawPayload)).toEqual([[...PLAN_COLUMNS]]);
    const guide = await readSheet(res.rawPayload, 'Como preencher');
    expect(guide.flat().join(' ')).toContain('3FS+2');
  });
});

describe('links', () => {
  it('imported links are stored with their lag', async () => {
    const target = await newMural();
    const file = (await exported(source, 'mspdi')).rawPayload;
    expect((await upload(gerente, target, 'importar', 'p.xml', file)).statusCode).toBe(200);
    const ids = (
      await t.database.db.select().from(protocols).where(eq(protocols.muralId, target))
    ).map((p) => p.id);
    const links = await t.database.db
      .select()
      .from(taskDependencies)
      .where(eq(taskDependencies.protocolId, ids[1]!));
    expect(links).toEqual([expect.objectContaining({ predecessorId: ids[0], lagDays: 2 })]);
  });
});
