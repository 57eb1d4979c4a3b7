import { addDaysTo, addMonthsTo, formatDateBr, ROLES, todayIn, type Role } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  serviceOrders,
  sstOsOverrides,
  userContracts,
} from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { at, osBody, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

const TZ = 'America/Sao_Paulo';
const today = todayIn(TZ);
let t: TestApp;
let w: OsWorld;
let gerente: ReturnType<typeof client>;
let diretoria: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let nr35: number;
let altura: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  gerente = client(t, w.s.gerente.cookie);
  diretoria = client(t, w.s.diretoria.cookie);
  equipe = client(t, w.s.equipe.cookie);
  const list = (await w.coord.get('/api/tatico/sst/treinamentos')).json<{
    items: { id: number; codigo: string }[];
  }>();
  nr35 = list.items.find((i) => i.codigo === 'NR-35')!.id;
  const type = await w.coord.post('/api/tatico/sst/tipos-atividade', {
    nome: 'Trabalho em altura',
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }, { tipo: 'aso' }],
  });
  expect(type.statusCode, type.body).toBe(201);
  altura = type.json<{ id: number }>().id;
  // The equipe person of the world is qualified: NR-35 and ASO apto, valid for long.
  await qualify(w.s.equipe.id, today);
  const link = await w.coord.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, {
    tipo_atividade_id: altura,
  });
  expect(link.statusCode, link.body).toBe(200);
});
afterAll(async () => t.close());

/** NR-35 done on `nr35Date` (none when null) and an ASO apto from 2 months ago. */
async function qualify(userId: number, nr35Date: string | null) {
  if (nr35Date) {
    const r = await w.coord.post('/api/tatico/sst/registros', {
      user_id: userId,
      training_id: nr35,
      data: nr35Date,
      carga_horaria: 8,
      instrutor: 'SENAI',
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  const a = await gerente.post('/api/tatico/sst/asos', {
    user_id: userId,
    tipo: 'periodico',
    data: addMonthsTo(today, -2),
    resultado: 'apto',
    medico: 'Dr. Paulo Lima',
    crm: '4455/SP',
  });
  expect(a.statusCode, a.body).toBe(201);
}

async function worker(nome: string, nr35Date: string | null) {
  const u = await createUser(t, { role: 'Equipe', nome: `${nome} ${++seq}` });
  await qualify(u.id, nr35Date);
  return u;
}

const osCount = async () => (await t.database.db.select().from(serviceOrders)).length;
const MOTIVO = 'Reciclagem NR-35 agendada para amanhã; trabalho só no solo.';

describe('SST requirements of a service type', () => {
  it('reads and writes the requirement set; only who edits service types writes it', async () => {
    const read = await equipe.get(`/api/tatico/sst/tipos-servico/${w.tipo.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      service_type_id: w.tipo.id,
      tipo_atividade: {
        id: altura,
        nome: 'Trabalho em altura',
        requisitos: [{ rotulo: 'NR-35' }, { rotulo: 'ASO apto' }],
      },
    });
    const refused = await equipe.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, {
      tipo_atividade_id: null,
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await w.coord.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, {
      tipo_atividade_id: 999_999,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('Tipo de atividade');
  });

  it('answers 400 to hostile values', async () => {
    const url = `/api/tatico/sst/tipos-servico/${w.tipo.id}`;
    for (const v of [2 ** 31, '0x10', 0, -1, 1.5, '\u0000']) {
      const res = await w.coord.put(url, { tipo_atividade_id: v });
      expect(res.statusCode, String(v)).toBe(400);
    }
    expect((await w.coord.get('/api/tatico/sst/tipos-servico/2147483648')).statusCode).toBe(400);
    expect((await w.coord.get('/api/tatico/sst/tipos-servico/0x10')).statusCode).toBe(400);
    const check = (b: Record<string, unknown>) =>
      w.coord.post('/api/tatico/sst/os/verificar', {
        service_type_id: w.tipo.id,
        pessoas: [w.s.equipe.id],
        previsto_fim: at(12, 1),
        ...b,
      });
    expect((await check({ previsto_fim: '0000-01-01T10:00:00Z' })).statusCode).toBe(400);
    expect((await check({ pessoas: [2 ** 31] })).statusCode).toBe(400);
    expect((await check({ service_type_id: '0x10' })).statusCode).toBe(400);
    expect((await check({})).statusCode).toBe(200);
    for (const motivo of ['\u0000 liberado pela gerência', 'curto', '          ', 2 ** 31]) {
      const res = await gerente.post('/api/tatico/os', osBody(w, { liberacao_sst: { motivo } }));
      expect(res.statusCode, String(motivo)).toBe(400);
    }
  });
});

describe('OS team gate', () => {
  it('lets a qualified team through without any release', async () => {
    const res = await w.coord.post('/api/tatico/os', osBody(w));
    expect(res.statusCode, res.body).toBe(201);
    const list = await w.coord.get(`/api/tatico/sst/os/${res.json().id}/liberacoes`);
    expect(list.json().items).toEqual([]);
  });

  it('blocks an expired NR-35 on create with the reason, writes nothing; the check says why', async () => {
    const expiredOn = addDaysTo(today, -5);
    const joao = await worker('João Pereira', addMonthsTo(expiredOn, -24));
    const reason = `${joao.nome}: NR-35 vencida em ${formatDateBr(expiredOn)}`;
    const check = await w.coord.post('/api/tatico/sst/os/verificar', {
      service_type_id: w.tipo.id,
      pessoas: [w.s.equipe.id, joao.id],
      previsto_fim: at(12, 1),
    });
    expect(check.json()).toEqual({
      tipo_atividade: { id: altura, nome: 'Trabalho em altura' },
      ok: false,
      pendencias: [{ user_id: joao.id, motivo: reason }],
    });
    const before = await osCount();
    const res = await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [joao.id] }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ field: 'sst' });
    expect(res.json().error).toContain(reason);
    expect(await osCount()).toBe(before);
  });

  it('blocks a requirement that expires before the planned end and a missing one', async () => {
    const soon = await worker('Ana Souza', addMonthsTo(addDaysTo(today, 3), -24));
    const none = await worker('Bruno Lima', null);
    const res = await w.coord.post(
      '/api/tatico/os',
      osBody(w, {
        pessoas: [soon.id, none.id],
        previsto_inicio: at(8, 6),
        previsto_fim: at(12, 6),
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(
      `${soon.nome}: NR-35 vence em ${formatDateBr(addDaysTo(today, 3))}, antes de ${formatDateBr(addDaysTo(today, 6))}`,
    );
    expect(res.json().error).toContain(`${none.nome}: sem NR-35`);
  });

  it('refuses the release to a coordenador (403) and without a reason (400)', async () => {
    const joao = await worker('João Pereira', null);
    const before = await osCount();
    const coordRes = await w.coord.post(
      '/api/tatico/os',
      osBody(w, { pessoas: [joao.id], liberacao_sst: { motivo: MOTIVO } }),
    );
    expect(coordRes.statusCode).toBe(403);
    expect(coordRes.json().error).toContain('Somente gerente ou diretoria');
    const noReason = await gerente.post(
      '/api/tatico/os',
      osBody(w, { pessoas: [joao.id], liberacao_sst: { motivo: '' } }),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toContain('justificativa');
    const noBody = await gerente.post(
      '/api/tatico/os',
      osBody(w, { pessoas: [joao.id], liberacao_sst: {} }),
    );
    expect(noBody.statusCode).toBe(400);
    expect(await osCount()).toBe(before);
  });

  it('records a gerente release: on the OS, in its history and in the activity log', async () => {
    const joao = await worker('João Pereira', null);
    const res = await gerente.post(
      '/api/tatico/os',
      osBody(w, { pessoas: [joao.id], liberacao_sst: { motivo: MOTIVO } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const os = res.json<{ id: number; historico: { tipo: string; motivo: string | null }[] }>();
    expect(os.historico).toContainEqual(
      expect.objectContaining({ tipo: 'sst_liberacao', motivo: MOTIVO }),
    );
    const list = await w.coord.get(`/api/tatico/sst/os/${os.id}/liberacoes`);
    expect(list.json().items).toEqual([
      {
        motivo: MOTIVO,
        por: { id: w.s.gerente.id, nome: 'Pessoa Gerente' },
        em: expect.any(String),
        pendencias: [`${joao.nome}: sem NR-35`],
      },
    ]);
    const logs = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'sst_os_override'), eq(activityLog.objectId, String(os.id))),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      userId: w.s.gerente.id,
      objectType: 'service_order',
      details: { motivo: MOTIVO, pendencias: [`${joao.nome}: sem NR-35`] },
    });
    // An outsider to the OS does not read its releases.
    const other = await createUser(t, { role: 'Equipe' });
    const stranger = client(t, await login(t, other.email));
    expect((await stranger.get(`/api/tatico/sst/os/${os.id}/liberacoes`)).statusCode).toBe(404);

    // Moving the dates keeps the release while the reasons stay the same.
    const moved = await w.coord.patch(`/api/tatico/os/${os.id}`, {
      previsto_inicio: at(9, 1),
      previsto_fim: at(13, 1),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('blocks a helper added on the phone; a diretoria adds them with a reason', async () => {
    const os = (await w.coord.post('/api/tatico/os', osBody(w))).json<{ id: number }>();
    const expiredOn = addDaysTo(today, -40);
    const helper = await worker('Carlos Dias', addMonthsTo(expiredOn, -24));
    const reason = `${helper.nome}: NR-35 vencida em ${formatDateBr(expiredOn)}`;
    const res = await equipe.post(`/api/tatico/os/${os.id}/equipe`, { user_id: helper.id });
    expect(res.statusCode).toBe(409);
    // The equipe may not read a colleague's SST file: only the verdict (issue 38 point 3).
    expect(res.json().error).toContain(`${helper.nome}: não habilitado para a atividade`);
    expect(res.json().error).not.toContain(reason);
    const byTeam = await equipe.post(`/api/tatico/os/${os.id}/equipe`, {
      user_id: helper.id,
      liberacao_sst: { motivo: MOTIVO },
    });
    expect(byTeam.statusCode).toBe(403);
    const ok = await diretoria.post(`/api/tatico/os/${os.id}/equipe`, {
      user_id: helper.id,
      liberacao_sst: { motivo: MOTIVO },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(sstOsOverrides)
      .where(eq(sstOsOverrides.serviceOrderId, os.id));
    expect(rows).toEqual([
      expect.objectContaining({ userId: w.s.diretoria.id, motivo: MOTIVO, pendencias: [reason] }),
    ]);
  });

  it('blocks new dates past a requirement that expires in between', async () => {
    const soon = await worker('Daniela Alves', addMonthsTo(addDaysTo(today, 4), -24));
    const os = (await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [soon.id] }))).json<{
      id: number;
    }>();
    expect(os.id).toBeGreaterThan(0);
    const res = await w.coord.patch(`/api/tatico/os/${os.id}`, {
      previsto_inicio: at(8, 10),
      previsto_fim: at(12, 10),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(`${soon.nome}: NR-35 vence em`);
  });

  it('does not gate a service type without requirements', async () => {
    await w.coord.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, { tipo_atividade_id: null });
    const none = await worker('Eduardo Reis', null);
    const res = await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [none.id] }));
    expect(res.statusCode, res.body).toBe(201);
    const read = await w.coord.get(`/api/tatico/sst/tipos-servico/${w.tipo.id}`);
    expect(read.json().tipo_atividade).toBeNull();
    await w.coord.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, { tipo_atividade_id: altura });
  });
});

describe('permission table of the SST routes of service orders', () => {
  const agenda: Role[] = ['coordenador', 'gerente', 'diretoria', 'equipe'];
  const templates: Role[] = ['coordenador', 'gerente', 'diretoria'];
  it.each(ROLES.map((r) => [r] as const))('%s', async (role) => {
    const c = client(t, w.s[role].cookie);
    const url = `/api/tatico/sst/tipos-servico/${w.tipo.id}`;
    expect((await c.get(url)).statusCode, role).toBe(agenda.includes(role) ? 200 : 403);
    // The same value again: allowed roles write it (200) without changing anything.
    const put = await c.put(url, { tipo_atividade_id: altura });
    expect(put.statusCode, role).toBe(templates.includes(role) ? 200 : 403);
    const check = await c.post('/api/tatico/sst/os/verificar', {
      service_type_id: w.tipo.id,
      pessoas: [w.s.equipe.id],
      previsto_fim: at(12, 1),
    });
    expect(check.statusCode, role).toBe(agenda.includes(role) ? 200 : 403);
  });
});

describe('matrix by contract', () => {
  it('lists only the people of the contract, on screen and in the export', async () => {
    const inside = await worker('Fábio Contrato', today);
    const outside = await worker('Gil Fora', today);
    await t.database.db
      .insert(userContracts)
      .values({ userId: inside.id, contractId: w.contractA });
    const m = await w.coord.get(`/api/tatico/sst/matriz?contract_id=${w.contractA}`);
    expect(m.statusCode, m.body).toBe(200);
    const names = m
      .json<{ linhas: { pessoa: { nome: string } }[] }>()
      .linhas.map((l) => l.pessoa.nome);
    expect(names).toContain(inside.nome);
    expect(names).not.toContain(outside.nome);
    const csv = await w.coord.get(
      `/api/tatico/sst/matriz/exportar?format=csv&contract_id=${w.contractA}`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(inside.nome);
    expect(csv.body).not.toContain(outside.nome);
    // A contract the coordinator does not manage is not readable.
    const other = await w.coord.get(`/api/tatico/sst/matriz?contract_id=${w.contractB}`);
    expect(other.statusCode).toBe(404);
  });
});
