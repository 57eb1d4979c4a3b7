import { rolesWith, addDaysTo, ROLES, rolesFor, todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index.ts';
import { createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { client, drawnSignature, sessionsByRole, signaturePng } from '../tatico/test-kit.ts';

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
const today = todayIn('America/Sao_Paulo');
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  equipe = client(t, s.equipe.cookie);
});
afterAll(async () => t.close());

async function newItem(extra: Record<string, unknown> = {}) {
  seq += 1;
  const res = await coord.post('/api/tatico/epi/itens', {
    nome: `Luva de vaqueta ${seq}`,
    ca_numero: String(10000 + seq),
    ca_validade: addDaysTo(today, 365),
    tamanho: 'G',
    vida_util_dias: 90,
    estoque_inicial: 10,
    estoque_minimo: 2,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; estoque: number }>();
}
async function deliver(itemId: number, extra: Record<string, unknown> = {}, c = coord) {
  return c.post('/api/tatico/epi/entregas', {
    colaborador_id: s.equipe.id,
    item_id: itemId,
    data: today,
    quantidade: 1,
    motivo: 'admissao',
    ...extra,
  });
}

describe('permission table of /api/tatico/epi', () => {
  const screen = rolesFor('/tatico/epi');
  const cases = ROLES.map(
    (r) => [r, screen.includes(r), rolesWith('epi.manage').includes(r)] as const,
  );

  it.each(cases)('%s: screen=%s manage=%s', async (role, onScreen, manages) => {
    const c = client(t, s[role].cookie);
    const item = await newItem();
    const manageCalls = [
      await c.get('/api/tatico/epi/itens'),
      await c.get('/api/tatico/epi/entregas'),
      await c.get('/api/tatico/epi/alertas'),
      await c.post(`/api/tatico/epi/itens/${item.id}/entradas`, { quantidade: 1 }),
      await c.post('/api/tatico/epi/itens', {
        nome: 'Óculos',
        ca_numero: '123',
        ca_validade: addDaysTo(today, 100),
        tamanho: 'U',
        vida_util_dias: 30,
      }),
    ];
    for (const res of manageCalls) expect([200, 201].includes(res.statusCode)).toBe(manages);
    for (const res of manageCalls) if (!manages) expect(res.statusCode).toBe(403);
    const own = [
      await c.get('/api/tatico/epi/minhas-entregas'),
      await c.get(`/api/tatico/epi/fichas/${s[role].id}`),
    ];
    for (const res of own) expect(res.statusCode).toBe(onScreen ? 200 : 403);
  });

  it('equipe cannot deliver, return or sign', async () => {
    const item = await newItem();
    const d = (await deliver(item.id)).json();
    expect((await deliver(item.id, {}, equipe)).statusCode).toBe(403);
    expect(
      (
        await equipe.post(`/api/tatico/epi/entregas/${d.id}/devolucao`, {
          data: today,
          motivo: 'x',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await equipe.post(`/api/tatico/epi/entregas/${d.id}/assinatura`, {
          ...drawnSignature(),
        })
      ).statusCode,
    ).toBe(403);
  });

  it("equipe sees only their own ficha and deliveries; others' answer 404", async () => {
    const item = await newItem();
    const mine = (await deliver(item.id)).json();
    const other = (await deliver(item.id, { colaborador_id: s.gerente.id })).json();
    expect((await equipe.get(`/api/tatico/epi/fichas/${s.gerente.id}`)).statusCode).toBe(404);
    expect((await equipe.get(`/api/tatico/epi/fichas/${s.gerente.id}/pdf`)).statusCode).toBe(404);
    expect((await equipe.post(`/api/tatico/epi/entregas/${other.id}/confirmar`)).statusCode).toBe(
      404,
    );
    const list = (await equipe.get('/api/tatico/epi/minhas-entregas')).json().items;
    expect(list.some((d: { id: number }) => d.id === mine.id)).toBe(true);
    expect(list.some((d: { id: number }) => d.id === other.id)).toBe(false);
  });
});

describe('catalogue', () => {
  it('validates CA number, expiry and useful life in Portuguese', async () => {
    const base = {
      nome: 'Capacete',
      ca_numero: '31469',
      ca_validade: addDaysTo(today, 100),
      tamanho: 'Único',
      vida_util_dias: 730,
    };
    const bad = await coord.post('/api/tatico/epi/itens', { ...base, ca_numero: 'ABC' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/Número do CA inválido/);
    expect(
      (await coord.post('/api/tatico/epi/itens', { ...base, ca_validade: '2026-13-01' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await coord.post('/api/tatico/epi/itens', { ...base, vida_util_dias: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await coord.post('/api/tatico/epi/itens', { ...base, estoque_inicial: -1 })).statusCode,
    ).toBe(400);
  });

  it('adds stock and edits an item', async () => {
    const item = await newItem();
    const up = await coord.post(`/api/tatico/epi/itens/${item.id}/entradas`, { quantidade: 5 });
    expect(up.json().estoque).toBe(15);
    const ed = await coord.patch(`/api/tatico/epi/itens/${item.id}`, {
      estoque_minimo: 20,
      ativo: false,
    });
    expect(ed.json()).toMatchObject({ estoque_minimo: 20, abaixo_minimo: true, ativo: false });
    expect((await coord.patch('/api/tatico/epi/itens/999999', { nome: 'Capuz' })).statusCode).toBe(
      404,
    );
  });
});

describe('deliveries', () => {
  it('decrements the stock and notifies the employee', async () => {
    const item = await newItem();
    const res = await deliver(item.id, { quantidade: 3, motivo: 'substituicao' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      quantidade: 3,
      motivo: 'substituicao',
      status: 'pendente',
      confirmacao: null,
      troca_prevista: addDaysTo(today, 90),
      entregue_por: { id: s.coordenador.id },
    });
    const items = (await coord.get('/api/tatico/epi/itens')).json().items;
    expect(items.find((i: { id: number }) => i.id === item.id).estoque).toBe(7);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, s.equipe.id));
    expect(
      notes.some((n) => n.type === 'other' && /Confirme o recebimento/.test(n.customText ?? '')),
    ).toBe(true);
  });

  it('refuses a delivery above the stock and changes nothing', async () => {
    const item = await newItem({ estoque_inicial: 2 });
    const res = await deliver(item.id, { quantidade: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'quantidade' });
    expect(res.json().error).toMatch(/Estoque insuficiente .*disponível 2, solicitado 3/);
    const items = (await coord.get('/api/tatico/epi/itens')).json().items;
    expect(items.find((i: { id: number }) => i.id === item.id).estoque).toBe(2);
    expect(
      (await coord.get(`/api/tatico/epi/entregas?colaborador_id=${s.equipe.id}`))
        .json()
        .items.filter((d: { item: { id: number } }) => d.item.id === item.id),
    ).toHaveLength(0);
  });

  it('refuses a delivery with an expired CA', async () => {
    const item = await newItem({ ca_validade: addDaysTo(today, -1), ca_numero: '98765' });
    const res = await deliver(item.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(
      /^Entrega não permitida: o CA 98765 de .* venceu em \d{2}\/\d{2}\/\d{4}\.$/,
    );
  });

  it('refuses future dates, unknown people, bad reasons and bad signatures', async () => {
    const item = await newItem();
    expect((await deliver(item.id, { data: addDaysTo(today, 2) })).statusCode).toBe(400);
    expect((await deliver(item.id, { colaborador_id: 999999 })).json().error).toBe(
      'Colaborador não encontrado ou inativo.',
    );
    expect((await deliver(item.id, { motivo: 'presente' })).statusCode).toBe(400);
    const sig = await deliver(item.id, { assinatura: 'data:image/png;base64,AAAA' });
    expect(sig.statusCode).toBe(400);
    expect(sig.json().error).toMatch(/Assinatura inválida/);
  });

  it('two concurrent deliveries cannot take the stock below zero', async () => {
    const item = await newItem({ estoque_inicial: 3 });
    const [a, b] = await Promise.all([
      deliver(item.id, { quantidade: 2 }),
      deliver(item.id, { quantidade: 2 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
  });

  it('records a signature drawn on screen, served back as PNG to the owner and gestores', async () => {
    const item = await newItem();
    const res = await deliver(item.id, drawnSignature());
    expect(res.json()).toMatchObject({
      status: 'confirmada',
      confirmacao: 'assinatura',
      tem_assinatura: true,
    });
    const img = await equipe.get(`/api/tatico/epi/entregas/${res.json().id}/assinatura`);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect(
      (
        await client(t, s.gerente.cookie).get(
          `/api/tatico/epi/entregas/${res.json().id}/assinatura`,
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a tap, a tiny scribble or a PNG without strokes as a signature, storing nothing', async () => {
    const item = await newItem({ estoque_inicial: 5 });
    const tooShort = 'Assinatura muito curta. Assine com o dedo ou a caneta.';
    const attempts = [
      { assinatura: signaturePng(), assinatura_tracos: [[[100, 80]]] },
      {
        assinatura: signaturePng(),
        assinatura_tracos: [
          [
            [100, 80],
            [104, 83],
            [108, 80],
          ],
        ],
      },
      { assinatura: signaturePng() },
      { assinatura: signaturePng(), assinatura_tracos: [] },
    ];
    for (const a of attempts) {
      const res = await deliver(item.id, a);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(tooShort);
    }
    const list = await coord.get(`/api/tatico/epi/itens`);
    expect(list.json().items.find((i: { id: number }) => i.id === item.id).estoque).toBe(5);
    const pending = (await deliver(item.id)).json();
    const tap = await coord.post(`/api/tatico/epi/entregas/${pending.id}/assinatura`, {
      assinatura: signaturePng(),
      assinatura_tracos: [[[50, 50]]],
    });
    expect(tap.statusCode).toBe(400);
    expect(tap.json().error).toBe(tooShort);
    const after = await coord.get(`/api/tatico/epi/entregas?colaborador_id=${s.equipe.id}`);
    expect(after.json().items.find((d: { id: number }) => d.id === pending.id)).toMatchObject({
      status: 'pendente',
      tem_assinatura: false,
      assinatura_registro: null,
    });
  });

  it('keeps the time, the device and (when allowed) the place of a signature', async () => {
    const item = await newItem();
    const before = Date.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tatico/epi/entregas',
      headers: {
        ...spa,
        cookie: s.coordenador.cookie,
        'user-agent': 'Mozilla/5.0 (Linux; Android 14) Celular',
      },
      payload: {
        colaborador_id: s.equipe.id,
        item_id: item.id,
        data: today,
        quantidade: 1,
        motivo: 'admissao',
        ...drawnSignature(),
        assinatura_local: { latitude: -23.5505, longitude: -46.6333, precisao_m: 12 },
      },
    });
    expect(res.statusCode).toBe(201);
    const rec = res.json().assinatura_registro;
    expect(rec).toMatchObject({
      dispositivo: 'Mozilla/5.0 (Linux; Android 14) Celular',
      latitude: -23.5505,
      longitude: -46.6333,
      precisao_m: 12,
    });
    expect(Date.parse(rec.em)).toBeGreaterThanOrEqual(before - 1000);
    const later = await deliver(item.id);
    const signed = await coord.post(`/api/tatico/epi/entregas/${later.json().id}/assinatura`, {
      ...drawnSignature(),
    });
    expect(signed.json().assinatura_registro).toMatchObject({ latitude: null, longitude: null });
  });

  it('signs later on the gestor device, only while pending', async () => {
    const item = await newItem();
    const d = (await deliver(item.id)).json();
    const signed = await coord.post(`/api/tatico/epi/entregas/${d.id}/assinatura`, {
      ...drawnSignature(),
    });
    expect(signed.json()).toMatchObject({ status: 'confirmada', confirmacao: 'assinatura' });
    expect(
      (
        await coord.post(`/api/tatico/epi/entregas/${d.id}/assinatura`, {
          ...drawnSignature(),
        })
      ).statusCode,
    ).toBe(409);
  });

  it('the employee confirms receipt in the app, once; a gestor cannot confirm for them', async () => {
    const item = await newItem();
    const d = (await deliver(item.id)).json();
    const byGestor = await coord.post(`/api/tatico/epi/entregas/${d.id}/confirmar`);
    expect(byGestor.statusCode).toBe(403);
    const ok = await equipe.post(`/api/tatico/epi/entregas/${d.id}/confirmar`);
    expect(ok.json()).toMatchObject({ status: 'confirmada', confirmacao: 'app' });
    expect(ok.json().confirmado_em).toBeTruthy();
    expect((await equipe.post(`/api/tatico/epi/entregas/${d.id}/confirmar`)).statusCode).toBe(409);
  });

  it('returns a delivery, optionally back to stock, once', async () => {
    const item = await newItem({ estoque_inicial: 5 });
    const d = (await deliver(item.id, { quantidade: 2 })).json();
    const early = await coord.post(`/api/tatico/epi/entregas/${d.id}/devolucao`, {
      data: addDaysTo(today, -30),
      motivo: 'Desligamento',
    });
    expect(early.statusCode).toBe(400);
    const ret = await coord.post(`/api/tatico/epi/entregas/${d.id}/devolucao`, {
      data: today,
      motivo: 'Desligamento',
      retorna_estoque: true,
    });
    expect(ret.json()).toMatchObject({
      status: 'devolvida',
      devolucao_data: today,
      devolucao_motivo: 'Desligamento',
      troca_situacao: null,
    });
    const items = (await coord.get('/api/tatico/epi/itens')).json().items;
    expect(items.find((i: { id: number }) => i.id === item.id).estoque).toBe(5);
    expect(
      (await coord.post(`/api/tatico/epi/entregas/${d.id}/devolucao`, { data: today, motivo: 'x' }))
        .statusCode,
    ).toBe(409);
    expect((await equipe.post(`/api/tatico/epi/entregas/${d.id}/confirmar`)).statusCode).toBe(409);
  });
});

describe('ficha de EPI', () => {
  it('contains every delivery of the employee, returned ones included, oldest first', async () => {
    const person = client(t, s.diretoria.cookie);
    const item = await newItem();
    const ids: number[] = [];
    for (const [data, motivo] of [
      [addDaysTo(today, -200), 'admissao'],
      [addDaysTo(today, -100), 'dano'],
      [today, 'substituicao'],
    ] as const) {
      const r = await deliver(item.id, {
        colaborador_id: s.equipe.id,
        data,
        motivo,
        ...drawnSignature(),
      });
      ids.push(r.json().id as number);
    }
    await coord.post(`/api/tatico/epi/entregas/${ids[0]}/devolucao`, {
      data: addDaysTo(today, -100),
      motivo: 'Rasgada',
    });
    const all = (await person.get(`/api/tatico/epi/entregas?colaborador_id=${s.equipe.id}`)).json()
      .items as { id: number }[];
    const sheet = (await person.get(`/api/tatico/epi/fichas/${s.equipe.id}`)).json();
    expect(sheet.colaborador).toMatchObject({ id: s.equipe.id, nome: 'Pessoa Equipe' });
    expect(sheet.entregas.map((e: { id: number }) => e.id).sort()).toEqual(
      all.map((e) => e.id).sort(),
    );
    const mine = sheet.entregas.filter((e: { id: number }) => ids.includes(e.id));
    expect(mine.map((e: { id: number }) => e.id)).toEqual(ids);
    expect(mine[0].status).toBe('devolvida');
    const own = (await equipe.get(`/api/tatico/epi/fichas/${s.equipe.id}`)).json();
    expect(own.entregas).toHaveLength(sheet.entregas.length);
  });

  it('downloads as a PDF that lists the deliveries', async () => {
    const item = await newItem({ nome: 'Botina PDF' });
    await deliver(item.id, drawnSignature());
    await deliver(item.id);
    const res = await equipe.get(`/api/tatico/epi/fichas/${s.equipe.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="ficha-epi-pessoa-equipe\.pdf"/,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
  });

  it('answers 404 for an unknown person', async () => {
    expect((await coord.get('/api/tatico/epi/fichas/999999')).statusCode).toBe(404);
  });
});

describe('alerts', () => {
  it('flags CA expired and expiring in 30 days, stock under minimum and replacement due', async () => {
    const expired = await newItem({ ca_validade: addDaysTo(today, -5) });
    const expiring = await newItem({ ca_validade: addDaysTo(today, 20) });
    const fine = await newItem({ ca_validade: addDaysTo(today, 31) });
    const low = await newItem({ estoque_inicial: 1, estoque_minimo: 3 });
    const short = await newItem({ vida_util_dias: 10 });
    const d = (await deliver(short.id, { data: addDaysTo(today, -12) })).json();
    const alerts = (await coord.get('/api/tatico/epi/alertas')).json().items as {
      kind: string;
      ref_id: number;
      severity: string;
      texto: string;
      key: string;
    }[];
    const of = (kind: string, id: number) => alerts.find((a) => a.kind === kind && a.ref_id === id);
    expect(of('ca_epi', expired.id)).toMatchObject({
      severity: 'vencido',
      texto: expect.stringMatching(/venceu em/),
    });
    expect(of('ca_epi', expiring.id)).toMatchObject({
      severity: 'proximo',
      texto: expect.stringMatching(/vence em/),
    });
    expect(of('ca_epi', fine.id)).toBeUndefined();
    expect(of('estoque_epi', low.id)).toMatchObject({
      texto: expect.stringMatching(/abaixo do mínimo: 1 de 3/),
    });
    expect(alerts.find((a) => a.key === `epi-troca:${d.id}`)).toMatchObject({
      kind: 'troca_epi',
      severity: 'vencido',
    });
    const mine = (await equipe.get('/api/tatico/epi/minhas-entregas')).json().items;
    expect(mine.find((x: { id: number }) => x.id === d.id).troca_situacao).toBe('vencido');
  });
});
