import { gunzipSync } from 'node:zlib';
import { todayIn } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { weekOf } from './murals-list.service.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from './murals.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let diretor: Person;
let boardA: number;
let boardB: number;
let contractA: number;
const ids = { late: 0, week: 0, done: 0, other: 0 };

const today = todayIn('America/Sao_Paulo');
const shift = (days: number) =>
  new Date(new Date(`${today}T12:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe');
  diretor = await person(t, 'Diretoria');
  const a = await makeContract(t);
  const b = await makeContract(t);
  contractA = a.id;
  await linkContract(t, a.id, gerente.user.id);
  boardA = (await makeBoard(t, { contractId: a.id })).id;
  boardB = (await makeBoard(t, { contractId: b.id })).id;
  ids.late = (
    await makeMural(t, {
      boardId: boardA,
      contractId: a.id,
      titulo: 'Reparo do telhado',
      fimPrevisto: shift(-3),
      prioridade: 'urgente',
    })
  ).id;
  ids.week = (
    await makeMural(t, {
      boardId: boardA,
      contractId: a.id,
      titulo: 'Troca de lâmpadas',
      fimPrevisto: weekOf(today)[1],
      responsavelId: equipe.user.id,
    })
  ).id;
  ids.done = (
    await makeMural(t, {
      boardId: boardA,
      contractId: a.id,
      titulo: 'Limpeza de calhas',
      fimPrevisto: shift(-10),
      stage: 'concluido',
      prioridade: 'baixa',
    })
  ).id;
  ids.other = (
    await makeMural(t, { boardId: boardB, contractId: b.id, titulo: 'Torre 12 — alinhamento' })
  ).id;
  for (let i = 0; i < 5; i++) {
    await makeMural(t, {
      boardId: boardA,
      contractId: a.id,
      titulo: `Inspeção ${i}`,
      stage: 'em_andamento',
    });
  }
});
afterAll(async () => t.close());

const summary = (p: Person, qs = '', headers: Record<string, string> = {}) =>
  p.call('GET', `/api/eproto/murals/summary${qs}`, undefined, headers);
const titles = (res: { json: () => unknown }) =>
  (res.json() as { titulo: string }[]).map((m) => m.titulo);

describe('GET /api/eproto/murals/summary', () => {
  it('pages the scope with the total in x-total-count (exposed) and no-cache', async () => {
    const res = await summary(gerente, '?perPage=3&page=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('8');
    expect(res.headers['access-control-expose-headers']).toMatch(/x-total-count/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toHaveLength(3);
    const page3 = await summary(gerente, '?perPage=3&page=3');
    expect(page3.json()).toHaveLength(2);
    expect(page3.headers['x-total-count']).toBe('8');
    const all = await summary(diretor, '?perPage=100');
    expect(all.headers['x-total-count']).toBe('9');
    const none = await summary(equipe);
    expect(none.headers['x-total-count']).toBe('1');
    expect(titles(none)).toEqual(['Troca de lâmpadas']);
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
    const first = await summary(gerente, '?board_id=' + boardA);
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await summary(gerente, '?board_id=' + boardA, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['x-total-count']).toBe('8');
    await gerente.call('PATCH', `/api/eproto/murals/${ids.late}/kanban`, { stage: 'em_andamento' });
    const changed = await summary(gerente, '?board_id=' + boardA, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await gerente.call('PATCH', `/api/eproto/murals/${ids.late}/kanban`, { stage: 'a_fazer' });
  });

  it('filters by board, contract, stage, prioridade, responsável, prazo and text', async () => {
    expect(titles(await summary(diretor, `?board_id=${boardB}`))).toEqual([
      'Torre 12 — alinhamento',
    ]);
    expect((await summary(diretor, `?contract_id=${contractA}`)).headers['x-total-count']).toBe(
      '8',
    );
    expect((await summary(gerente, '?stage=em_andamento')).headers['x-total-count']).toBe('5');
    expect((await summary(gerente, '?stage=a_fazer,concluido')).headers['x-total-count']).toBe('3');
    expect(titles(await summary(gerente, '?prioridade=urgente'))).toEqual(['Reparo do telhado']);
    expect(titles(await summary(gerente, `?responsavel_id=${equipe.user.id}`))).toEqual([
      'Troca de lâmpadas',
    ]);
    expect(titles(await summary(gerente, '?prazo=atrasadas'))).toEqual(['Reparo do telhado']);
    expect(titles(await summary(gerente, '?prazo=semana'))).toContain('Troca de lâmpadas');
    expect(titles(await summary(gerente, '?q=TELHADO'))).toEqual(['Reparo do telhado']);
    expect(titles(await summary(gerente, `?q=%23${ids.done}`))).toEqual(['Limpeza de calhas']);
    expect(titles(await summary(gerente, '?q=100%25'))).toEqual([]);
  });

  it('sorts by a field, ascending or descending, and marks late demands', async () => {
    const byDue = await summary(gerente, '?sort=fim_previsto&perPage=3');
    expect(titles(byDue)[0]).toBe('Limpeza de calhas');
    const byPriority = await summary(gerente, '?sort=-prioridade&perPage=1');
    expect(titles(byPriority)).toEqual(['Reparo do telhado']);
    const late = (await summary(gerente, '?q=telhado')).json()[0];
    expect(late.atrasada).toBe(true);
    const done = (await summary(gerente, '?q=calhas')).json()[0];
    expect(done.atrasada).toBe(false);
  });

  it('refuses bad query values with a Portuguese 400', async () => {
    for (const qs of [
      '?page=0',
      '?perPage=5000',
      '?stage=feito',
      '?prazo=ontem',
      '?sort=senha',
      '?board_id=abc',
    ]) {
      const res = await summary(gerente, qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
  });
});

describe('GET /api/eproto/murals/counts and visualizado', () => {
  it('counts tasks, messages, attachments and unread per visible id', async () => {
    await makeTask(t, { muralId: ids.week });
    await makeTask(t, { muralId: ids.week });
    await gerente.call('POST', `/api/eproto/murals/${ids.week}/messages`, {
      texto: 'Comprar lâmpadas LED',
    });
    const res = await equipe.call(
      'GET',
      `/api/eproto/murals/counts?ids=${ids.week},${ids.other},abc`,
    );
    expect(res.statusCode).toBe(400);
    const ok = await equipe.call('GET', `/api/eproto/murals/counts?ids=${ids.week},${ids.other}`);
    expect(ok.json()).toEqual([
      { id: ids.week, tasks: 2, messages: 1, attachments: 0, unread: true, unread_messages: 1 },
    ]);
    const seen = await equipe.call('PATCH', `/api/eproto/murals/${ids.week}/visualizado`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().ok).toBe(true);
    const after = await equipe.call('GET', `/api/eproto/murals/counts?ids=${ids.week}`);
    expect(after.json()[0]).toMatchObject({ unread: false, unread_messages: 0 });
    const row = (await summary(equipe)).json()[0];
    expect(row.unread).toBe(false);
    // the author's own message does not make it unread for them
    const mine = await gerente.call('GET', `/api/eproto/murals/counts?ids=${ids.week}`);
    expect(mine.json()[0].unread_messages).toBe(0);
  });

  it('answers every demand of a board in one call (board_id), only those in scope', async () => {
    const board = (await makeBoard(t, { contractId: contractA })).id;
    const first = (await makeMural(t, { boardId: board, contractId: contractA })).id;
    const second = (await makeMural(t, { boardId: board, contractId: contractA })).id;
    await makeTask(t, { muralId: second });
    await makeTask(t, { muralId: second });
    await makeTask(t, { muralId: second });
    await gerente.call('POST', `/api/eproto/murals/${second}/messages`, { texto: 'Piso chegou' });
    await diretor.call('POST', `/api/eproto/murals/${second}/messages`, { texto: 'Ótimo' });

    const byBoard = await gerente.call('GET', `/api/eproto/murals/counts?board_id=${board}`);
    expect(byBoard.statusCode).toBe(200);
    expect(byBoard.json()).toMatchObject([
      { id: first, tasks: 0, messages: 0, attachments: 0, unread_messages: 0 },
      { id: second, tasks: 3, messages: 2, attachments: 0, unread_messages: 1 },
    ]);
    // the same counters as asking by ids
    const byIds = await gerente.call('GET', `/api/eproto/murals/counts?ids=${first},${second}`);
    expect(byBoard.json()).toEqual(byIds.json());
    // equipe is linked to neither the contract nor the board
    const outside = await equipe.call('GET', `/api/eproto/murals/counts?board_id=${board}`);
    expect(outside.statusCode).toBe(200);
    expect(outside.json()).toEqual([]);
    // A board past 8 KB of counters comes gzip to a client that takes it, the same JSON inside.
    const big = (await makeBoard(t, { contractId: contractA })).id;
    await t.database.db.execute(sql`
      insert into "murals" ("titulo", "board_id", "contract_id", "stage", "prioridade")
      select 'Demanda ' || g, ${big}, ${contractA}, 'a_fazer', 'media'
      from generate_series(1, 150) g`);
    const plain = await gerente.call('GET', `/api/eproto/murals/counts?board_id=${big}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(150);
    const zipped = await t.app.inject({
      method: 'GET',
      url: `/api/eproto/murals/counts?board_id=${big}`,
      headers: { cookie: gerente.cookie, 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
    for (const qs of [`board_id=${board}&ids=${first}`, '', 'board_id=0', 'board_id=abc']) {
      const bad = await gerente.call('GET', `/api/eproto/murals/counts?${qs}`);
      expect(bad.statusCode, qs).toBe(400);
      expect(bad.json().error).toMatch(/./);
    }
  });
});
