import { addMonthsTo, todayIn, type Role } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOrderPeople, userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { at, osBody, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// Issue 38 point 3: the SST pre-checks and refusals answer only what the caller may know.
// Each person of a team is seen in full (themself, gerente, diretoria), without the ASO fitness
// (coordenador reads files without ASO results), as a bare "não habilitado" (a colleague of a
// shared contract) or not at all (nobody the caller works with).
const today = todayIn('America/Sao_Paulo');
let t: TestApp;
let w: OsWorld;
let nr35: number;
let seq = 0;
/** People of the table: each misses something, each in a different way. */
const p = {} as Record<
  'self' | 'unfitMate' | 'untrainedMate' | 'stranger',
  { id: number; nome: string; email: string }
>;
let selfCookie: string;
const UNFIT = 'ASO não apto para a atividade';
const VERDICT = 'não habilitado para a atividade';

async function person(nome: string, o: { nr35: boolean; aso: string; contract: number }) {
  const u = await createUser(t, { role: 'Equipe', nome: `${nome} ${++seq}` });
  await t.database.db.insert(userContracts).values({ userId: u.id, contractId: o.contract });
  await qualify(u.id, o);
  return u;
}

async function qualify(id: number, o: { nr35: boolean; aso: string }) {
  const u = { id };
  const gerente = client(t, w.s.gerente.cookie);
  if (o.nr35) {
    const r = await w.coord.post('/api/tatico/sst/registros', {
      user_id: u.id,
      training_id: nr35,
      data: today,
      carga_horaria: 8,
      instrutor: 'SENAI',
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  const a = await gerente.post('/api/tatico/sst/asos', {
    user_id: u.id,
    tipo: 'periodico',
    data: addMonthsTo(today, -2),
    resultado: o.aso,
    restricoes: o.aso === 'apto' ? null : 'Não subir em escadas.',
    medico: 'Dr. Paulo Lima',
    crm: '4455/SP',
  });
  expect(a.statusCode, a.body).toBe(201);
}

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  const list = (await w.coord.get('/api/tatico/sst/treinamentos')).json<{
    items: { id: number; codigo: string }[];
  }>();
  nr35 = list.items.find((i) => i.codigo === 'NR-35')!.id;
  const type = await w.coord.post('/api/tatico/sst/tipos-atividade', {
    nome: 'Trabalho em altura',
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }, { tipo: 'aso' }],
  });
  expect(type.statusCode, type.body).toBe(201);
  const altura = type.json<{ id: number }>().id;
  const link = await w.coord.put(`/api/tatico/sst/tipos-servico/${w.tipo.id}`, {
    tipo_atividade_id: altura,
  });
  expect(link.statusCode, link.body).toBe(200);
  const A = w.contractA;
  // The equipe person of the world (on contract A) is qualified: their OSs go through.
  await qualify(w.s.equipe.id, { nr35: true, aso: 'apto' });
  p.self = await person('Edu Próprio', { nr35: true, aso: 'inapto', contract: A });
  p.unfitMate = await person('Caio Colega', { nr35: true, aso: 'apto_restricoes', contract: A });
  p.untrainedMate = await person('Bia Colega', { nr35: false, aso: 'apto', contract: A });
  p.stranger = await person('Rui Outro', { nr35: false, aso: 'inapto', contract: w.contractB });
  selfCookie = await login(t, p.self.email);
});
afterAll(async () => t.close());

type Subject = keyof typeof p;
type Caller = 'self' | Exclude<Role, 'equipe'>;
const cookieOf = (c: Caller) => (c === 'self' ? selfCookie : w.s[c].cookie);
const unfit = (s: Subject) => `${p[s].nome}: ${UNFIT}`;
const verdict = (s: Subject) => `${p[s].nome}: ${VERDICT}`;
const noNr35 = (s: Subject) => `${p[s].nome}: sem NR-35`;

// Expected reasons per caller (the equipe person of contract A, "self") and subject.
const TABLE: [Caller, Subject, () => string[]][] = [
  ['self', 'self', () => [unfit('self')]],
  ['self', 'unfitMate', () => [verdict('unfitMate')]],
  ['self', 'untrainedMate', () => [verdict('untrainedMate')]],
  ['self', 'stranger', () => []],
  ['coordenador', 'unfitMate', () => [verdict('unfitMate')]],
  ['coordenador', 'untrainedMate', () => [noNr35('untrainedMate')]],
  ['coordenador', 'stranger', () => [noNr35('stranger'), verdict('stranger')]],
  ['gerente', 'unfitMate', () => [unfit('unfitMate')]],
  ['gerente', 'stranger', () => [noNr35('stranger'), unfit('stranger')]],
  ['diretoria', 'stranger', () => [noNr35('stranger'), unfit('stranger')]],
  ['diretoria', 'self', () => [unfit('self')]],
];

describe('POST /api/tatico/sst/os/verificar answers only what the caller may know', () => {
  it.each(TABLE)('%s checking %s', async (caller, subject, expected) => {
    const res = await client(t, cookieOf(caller)).post('/api/tatico/sst/os/verificar', {
      service_type_id: w.tipo.id,
      pessoas: [p[subject].id],
      previsto_fim: at(12, 1),
    });
    expect(res.statusCode, res.body).toBe(200);
    const want = expected();
    expect(res.json()).toMatchObject({
      ok: want.length === 0,
      pendencias: want.map((motivo) => ({ user_id: p[subject].id, motivo })),
    });
  });

  it('gives the equipe nothing about a whole team of strangers, and no health data ever', async () => {
    const res = await client(t, selfCookie).post('/api/tatico/sst/os/verificar', {
      service_type_id: w.tipo.id,
      pessoas: [p.stranger.id, p.unfitMate.id, p.untrainedMate.id],
      previsto_fim: at(12, 1),
    });
    expect(res.body).not.toContain('ASO');
    expect(res.body).not.toContain('NR-35');
    expect(res.body).not.toContain(p.stranger.nome);
  });
});

describe('POST /api/tatico/sst/verificar (SST gestores)', () => {
  it.each([
    ['coordenador', () => [noNr35('stranger'), verdict('stranger')]],
    ['gerente', () => [noNr35('stranger'), unfit('stranger')]],
  ] as const)('%s', async (role, want) => {
    const type = (await w.coord.get('/api/tatico/sst/tipos-atividade')).json<{
      items: { id: number }[];
    }>().items[0]!.id;
    const res = await client(t, w.s[role].cookie).post('/api/tatico/sst/verificar', {
      pessoas: [p.stranger.id],
      tipo_atividade_id: type,
      data: today,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pendencias.map((x: { motivo: string }) => x.motivo)).toEqual(want());
  });
});

describe('POST /api/tatico/agenda/conflitos', () => {
  it('never names the ASO fitness to a coordinator', async () => {
    const type = (await w.coord.get('/api/tatico/sst/tipos-atividade')).json<{
      items: { id: number }[];
    }>().items[0]!.id;
    const res = await w.coord.post('/api/tatico/agenda/conflitos', {
      inicio: at(8, 3),
      fim: at(12, 3),
      pessoas: [p.stranger.id, p.unfitMate.id],
      tipo_atividade_id: type,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sst = res
      .json<{ conflitos: { tipo: string; ref_id: number; motivo: string }[] }>()
      .conflitos.filter((c) => c.tipo === 'sst');
    expect(sst.map((c) => [c.ref_id, c.motivo])).toEqual([
      [p.stranger.id, noNr35('stranger')],
      [p.stranger.id, verdict('stranger')],
      [p.unfitMate.id, verdict('unfitMate')],
    ]);
  });
});

describe('refusals and releases on an OS', () => {
  it('tells a coordinator "não habilitado" on create, never the ASO fitness', async () => {
    const res = await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [p.unfitMate.id] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(verdict('unfitMate'));
    expect(res.json().error).not.toContain('ASO');
  });

  it('tells the equipe adding a helper only the verdict, and keeps no health reason in the release', async () => {
    const os = await w.coord.post('/api/tatico/os', osBody(w, { pessoas: [w.s.equipe.id] }));
    expect(os.statusCode, os.body).toBe(201);
    const id = os.json<{ id: number }>().id;
    const equipe = client(t, w.s.equipe.cookie);
    const add = await equipe.post(`/api/tatico/os/${id}/equipe`, { user_id: p.stranger.id });
    expect(add.statusCode, add.body).toBe(409);
    expect(add.json().error).toContain(verdict('stranger'));
    expect(add.json().error).not.toMatch(/ASO|NR-35/);

    const gerente = client(t, w.s.gerente.cookie);
    const motivo = 'Trabalho no solo; reavaliação médica marcada para amanhã.';
    const refused = await gerente.post(`/api/tatico/os/${id}/equipe`, { user_id: p.unfitMate.id });
    expect(refused.json().error).toContain(unfit('unfitMate'));
    const released = await gerente.post(`/api/tatico/os/${id}/equipe`, {
      user_id: p.unfitMate.id,
      liberacao_sst: { motivo },
    });
    expect(released.statusCode, released.body).toBe(200);
    const liberacoes = await equipe.get(`/api/tatico/sst/os/${id}/liberacoes`);
    expect(liberacoes.json().items[0].pendencias).toEqual([verdict('unfitMate')]);
    const detail = await equipe.get(`/api/tatico/os/${id}`);
    expect(detail.body).toContain(verdict('unfitMate'));
    expect(detail.body).not.toContain(UNFIT);
  });

  it('still reads a release written before the fix without the ASO fitness', async () => {
    const os = await w.coord.post('/api/tatico/os', osBody(w));
    const id = os.json<{ id: number }>().id;
    await t.database.db
      .insert(serviceOrderPeople)
      .values({ serviceOrderId: id, userId: p.self.id });
    await t.database.pool.query(
      `INSERT INTO sst_os_overrides (service_order_id, motivo, user_id, pendencias)
       VALUES ($1, 'Liberação antiga de teste.', $2, $3::jsonb)`,
      [id, w.s.gerente.id, JSON.stringify([unfit('unfitMate')])],
    );
    const res = await client(t, selfCookie).get(`/api/tatico/sst/os/${id}/liberacoes`);
    expect(res.json().items[0].pendencias).toEqual([verdict('unfitMate')]);
  });
});
