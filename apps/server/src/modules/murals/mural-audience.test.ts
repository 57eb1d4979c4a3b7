import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { muralAudience } from './mural-events.ts';
import { audienceSql, createMuralsRepo } from './murals.repo.ts';
import { linkContract, makeBoard, makeContract, makeMural, person } from './murals.fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('who is told that a demand changed', () => {
  it('the linked people and every all-seeing title, however written; nobody else', async () => {
    const contract = await makeContract(t);
    const board = await makeBoard(t, { contractId: contract.id });
    const mural = await makeMural(t, { boardId: board.id, contractId: contract.id });
    const mate = await person(t, 'Equipe de Campo', 'Colega do contrato');
    await linkContract(t, contract.id, mate.user.id);
    const director = await person(t, '  Diretor   de  Operações ', 'Diretora por extenso');
    const cfo = await person(t, 'CFO', 'Diretor financeiro');
    const ti = await person(t, 'TI', 'Pessoa de TI');
    const admin = await person(t, 'ADMINISTRADOR', 'Pessoa administradora');
    const strangers = await Promise.all([
      person(t, 'Gerente', 'Gerente de outro contrato'),
      person(t, 'Coordenador', 'Coordenador de outro contrato'),
      person(t, 'equipe de campo', 'Equipe de outro contrato'),
      person(t, 'Financeiro', 'Financeiro sem vínculo'),
    ]);
    const ids = (await muralAudience(t, mural.id)).map((r) => r.id);
    for (const p of [mate, director, cfo, ti, admin]) expect(ids).toContain(p.user.id);
    for (const p of strangers) expect(ids).not.toContain(p.user.id);
    // The database already leaves them out: the answer does not grow with the company.
    const rows = (await createMuralsRepo(t.database.db).audience(mural.id)).map((r) => r.id);
    for (const p of strangers) expect(rows).not.toContain(p.user.id);
  });

  it('reads only linked and possibly all-seeing people, through indexes, never every user', async () => {
    // Every move computes this audience; with a scan of users its cost grew with the company
    // (2,000 rows filtered by lower(btrim(role)) per move at 10x). Seq scans are disabled so
    // the plan shows whether an index can answer at all, as it does on a big table.
    const contract = await makeContract(t);
    const board = await makeBoard(t, { contractId: contract.id });
    const mural = await makeMural(t, { boardId: board.id, contractId: contract.id });
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const r = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${audienceSql(mural.id)}`);
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan (using|on) users_maybe_all_seeing_idx/);
    expect(plan).toMatch(/Index (Only )?Scan (using|on) users_pkey/);
    expect(plan).not.toMatch(/Seq Scan on users|Filter: .*role/);
  });
});
