import { randomUUID } from 'node:crypto';
import { CHANGES_HEADER, ORIGIN_HEADER, parseChangesHeader, RT_EVENTS } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, contracts, userContracts } from '../../db/schema/index.ts';
import { tokenHash } from '../../lib/crypto.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

let t: TestApp;
let ti: Person;
let gerente: Person;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp();
  ti = await person(t, 'TI');
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  admin = await person(t, 'Administrador');
});
afterAll(async () => t.close());

const valid = {
  codigo: 'HSP-2026-01',
  nome: 'Manutenção predial — Hospital São Lucas',
  cliente: 'Hospital São Lucas',
  inicio: '2026-01-01',
  fim: '2026-12-31',
  valor: 1250000.5,
};

describe('contracts', () => {
  it('ti creates a contract (201) with defaults; duplicate code is 409', async () => {
    const res = await ti.call('POST', '/api/eproto/contracts', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...valid,
      status: 'ativo',
      descricao: null,
      usuarios: 0,
      demandas: 0,
    });
    const dup = await ti.call('POST', '/api/eproto/contracts', { ...valid, codigo: 'hsp-2026-01' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toBe('Já existe um contrato com este código.');
  });

  it('creating or editing a contract tells who sees it: ti, its people, not others', async () => {
    const linked = await person(t, 'Gerente', 'Rita Campos');
    const heard: { type: string; userIds?: number[] }[] = [];
    const stop = t.events.subscribe((e) => {
      if (e.type === RT_EVENTS.contractsChanged) heard.push(e);
    });
    try {
      const created = await ti.call(
        'POST',
        '/api/eproto/contracts',
        { ...valid, codigo: 'EVT-2026-01' },
        { [ORIGIN_HEADER]: randomUUID() },
      );
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json<{ id: number }>().id;
      // the writer's tab learns it from the answer, like every write
      expect(parseChangesHeader(created.headers[CHANGES_HEADER] as string)).toEqual([
        expect.objectContaining({ type: RT_EVENTS.contractsChanged }),
      ]);
      expect(heard.at(-1)!.userIds).toEqual(expect.arrayContaining([ti.user.id, admin.user.id]));
      expect(heard.at(-1)!.userIds).not.toContain(linked.user.id);

      await linkContract(t, id, linked.user.id);
      const edited = await ti.call('PATCH', `/api/eproto/contracts/${id}`, { nome: 'Outro nome' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(heard.at(-1)!.userIds).toEqual(
        expect.arrayContaining([ti.user.id, admin.user.id, linked.user.id]),
      );
    } finally {
      stop();
    }
  });

  it('refuses bad input with Portuguese 400s and writes nothing', async () => {
    const before = (await t.database.db.select().from(contracts)).length;
    const cases = [
      { ...valid, codigo: '' },
      { ...valid, codigo: 'X-1', nome: '' },
      { ...valid, codigo: 'X-2', status: 'cancelado' },
      { ...valid, codigo: 'X-3', valor: -1 },
      { ...valid, codigo: 'X-4', inicio: '2026-05-01', fim: '2026-04-01' },
      { ...valid, codigo: 'X-5', inicio: '01/05/2026' },
    ];
    for (const c of cases) {
      const res = await ti.call('POST', '/api/eproto/contracts', c);
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    expect((await t.database.db.select().from(contracts)).length).toBe(before);
  });

  it('only ti creates and edits contracts (403 for other roles)', async () => {
    for (const p of [gerente, admin]) {
      expect(
        (await p.call('POST', '/api/eproto/contracts', { ...valid, codigo: 'NOPE' })).statusCode,
      ).toBe(403);
    }
    const c = await makeContract(t);
    expect(
      (await gerente.call('PATCH', `/api/eproto/contracts/${c.id}`, { nome: 'Outro nome' }))
        .statusCode,
    ).toBe(403);
    const ok = await ti.call('PATCH', `/api/eproto/contracts/${c.id}`, {
      status: 'suspenso',
      valor: null,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'suspenso', valor: null });
    expect(
      (await ti.call('PATCH', '/api/eproto/contracts/999999', { nome: 'Fantasma' })).statusCode,
    ).toBe(404);
    expect((await ti.call('PATCH', `/api/eproto/contracts/${c.id}`, {})).statusCode).toBe(400);
  });

  it('pages the list by name for /contracts (total in x-total-count); bad pages are 400', async () => {
    const tag = `pag${randomUUID().slice(0, 8)}`;
    for (const letra of ['C', 'A', 'B']) await makeContract(t, { nome: `${letra} ${tag}` });
    const first = await ti.call('GET', `/api/eproto/contracts?q=${tag}&perPage=2`);
    expect(first.statusCode).toBe(200);
    expect(first.json<{ nome: string }[]>().map((c) => c.nome)).toEqual([`A ${tag}`, `B ${tag}`]);
    expect(first.headers['x-total-count']).toBe('3');
    const second = await ti.call('GET', `/api/eproto/contracts?q=${tag}&perPage=2&page=2`);
    expect(second.json<{ nome: string }[]>().map((c) => c.nome)).toEqual([`C ${tag}`]);
    expect(second.headers['x-total-count']).toBe('3');
    // Without perPage, the whole list (the overview), as before.
    const all = await ti.call('GET', `/api/eproto/contracts?q=${tag}`);
    expect(all.json()).toHaveLength(3);
    expect(all.headers['x-total-count']).toBeUndefined();
    for (const bad of [
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=1000001',
      'page=99999999999999999999',
      'perPage=0',
      'perPage=101',
      'perPage=1e2',
      'perPage=%00',
    ]) {
      const query = bad.startsWith('page') ? `perPage=2&${bad}` : bad;
      const res = await ti.call('GET', `/api/eproto/contracts?${query}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('lists the scope with progress counters: linked contracts only for a gerente', async () => {
    const linked = await makeContract(t, { nome: 'Rede elétrica — Prefeitura' });
    const other = await makeContract(t, { nome: 'Torres de telecom' });
    await linkContract(t, linked.id, gerente.user.id);
    const board = await makeBoard(t, { contractId: linked.id });
    await makeMural(t, { boardId: board.id, contractId: linked.id, stage: 'concluido' });
    await makeMural(t, { boardId: board.id, contractId: linked.id, fimPrevisto: '2020-01-01' });
    const res = await gerente.call('GET', '/api/eproto/contracts');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ id: number }[]>();
    expect(list.map((c) => c.id)).toEqual([linked.id]);
    expect(list[0]).toMatchObject({
      usuarios: 1,
      demandas: 2,
      concluidas: 1,
      atrasadas: 1,
      etapas: { a_fazer: 1, em_andamento: 0, em_revisao: 0, concluido: 1 },
    });
    const all = await admin.call('GET', '/api/eproto/contracts?q=telecom');
    expect(all.json<{ id: number }[]>().map((c) => c.id)).toEqual([other.id]);
    const access = await gerente.call('GET', '/api/eproto/contracts/access');
    expect(access.json()).toEqual({
      all: false,
      contracts: [
        {
          id: linked.id,
          codigo: linked.codigo,
          nome: linked.nome,
          cliente: 'Cliente Teste',
          status: 'ativo',
        },
      ],
    });
    expect((await admin.call('GET', '/api/eproto/contracts/access')).json().all).toBe(true);
  });
});

describe('user-contracts and users/search', () => {
  it('ti links and unlinks users; duplicates 409; others 403', async () => {
    const c = await makeContract(t);
    const worker = await person(t, 'Equipe', 'Larissa Santos');
    const res = await ti.call('POST', '/api/eproto/user-contracts', {
      user_id: worker.user.id,
      contract_id: c.id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      user_id: worker.user.id,
      contract_id: c.id,
      user: { nome: 'Larissa Santos', type: 'equipe' },
      contract: { id: c.id },
    });
    expect(
      (
        await ti.call('POST', '/api/eproto/user-contracts', {
          user_id: worker.user.id,
          contract_id: c.id,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await gerente.call('POST', '/api/eproto/user-contracts', {
          user_id: gerente.user.id,
          contract_id: c.id,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await ti.call('POST', '/api/eproto/user-contracts', { user_id: 999999, contract_id: c.id }))
        .statusCode,
    ).toBe(404);
    const list = await ti.call('GET', `/api/eproto/user-contracts?contract_id=${c.id}`);
    expect(list.json()).toHaveLength(1);
    // the linked worker now sees the contract; a gerente not linked does not see the link
    expect(
      (await worker.call('GET', '/api/eproto/contracts')).json<{ id: number }[]>().map((x) => x.id),
    ).toEqual([c.id]);
    expect(
      (await gerente.call('GET', `/api/eproto/user-contracts?contract_id=${c.id}`)).json(),
    ).toEqual([]);
    const id = res.json<{ id: number }>().id;
    expect((await gerente.call('DELETE', `/api/eproto/user-contracts/${id}`)).statusCode).toBe(403);
    expect((await ti.call('DELETE', `/api/eproto/user-contracts/${id}`)).statusCode).toBe(200);
    expect((await ti.call('DELETE', `/api/eproto/user-contracts/${id}`)).statusCode).toBe(404);
    expect((await worker.call('GET', '/api/eproto/contracts')).json()).toEqual([]);
  });

  it('searches active users by name or e-mail, optionally within a contract', async () => {
    const c = await makeContract(t);
    const a = await person(t, 'Equipe', 'Diego Ferreira');
    await person(t, 'Equipe', 'Diego Almeida');
    await linkContract(t, c.id, a.user.id, gerente.user.id);
    const res = await gerente.call('GET', '/api/eproto/users/search?q=diego');
    expect(res.json<{ nome: string }[]>().map((u) => u.nome)).toEqual([
      'Diego Almeida',
      'Diego Ferreira',
    ]);
    const within = await gerente.call(
      'GET',
      `/api/eproto/users/search?q=diego&contract_id=${c.id}`,
    );
    expect(within.json<{ nome: string }[]>().map((u) => u.nome)).toEqual(['Diego Ferreira']);
    const other = await makeContract(t);
    expect(
      (await gerente.call('GET', `/api/eproto/users/search?contract_id=${other.id}`)).statusCode,
    ).toBe(404);
    expect((await gerente.call('GET', '/api/eproto/users/search?limit=500')).statusCode).toBe(400);
  });
});

describe('invitation acceptance', () => {
  it('links the new user to the invitation contracts in the same transaction', async () => {
    const c1 = await makeContract(t);
    const c2 = await makeContract(t);
    const token = 'convite-de-teste-1234567890';
    await t.database.db.insert(authTokens).values({
      kind: 'invite',
      tokenHash: tokenHash(token),
      email: 'nova.pessoa@teste.com',
      role: 'Equipe',
      contractIds: [c1.id, c2.id, 999999],
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/accept-invite',
      headers: spa,
      payload: { token, nome: 'Nova Pessoa', password: 'senha-forte-123' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    const links = await t.database.db
      .select()
      .from(userContracts)
      .where(eq(userContracts.contractId, c1.id));
    expect(links).toHaveLength(1);
    const all = await t.database.db
      .select()
      .from(userContracts)
      .where(eq(userContracts.userId, links[0]!.userId));
    expect(all.map((l) => l.contractId).sort((a, b) => a - b)).toEqual([c1.id, c2.id]);
  });
});
