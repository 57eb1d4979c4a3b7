import { addDaysTo, addMonthsTo, formatDateBr, startOfDayInZone, todayIn } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import {
  activityLog,
  agendaEntries,
  contracts,
  notifications,
  userContracts,
} from '../../db/schema/index.ts';
import { EventBus } from '../../lib/events.ts';
import { createTestApp, createUser, type TestApp } from '../../../test/helpers.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';
import { answerOf } from '../assistant/assistant-test-kit.ts';
import { createSstAlerts } from './sst-alerts.ts';
import { createSstGate } from './sst-gate.ts';
import { serviceDepsOf } from '../../../test/service-deps.ts';

const TZ = 'America/Sao_Paulo';
const today = todayIn(TZ);
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let contractId: number;
let nr35: number;
let altura: number;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
  gerente = client(t, s.gerente.cookie);
  const [c] = await t.database.db
    .insert(contracts)
    .values({ codigo: 'SST-1', nome: 'Rede Sul', cliente: 'Energia SA' })
    .returning({ id: contracts.id });
  contractId = c!.id;
  await t.database.db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId },
    { userId: s.gerente.id, contractId },
  ]);
  const list = (await coord.get('/api/tatico/sst/treinamentos')).json<{
    items: { id: number; codigo: string }[];
  }>();
  nr35 = list.items.find((i) => i.codigo === 'NR-35')!.id;
  const type = await coord.post('/api/tatico/sst/tipos-atividade', {
    nome: 'Trabalho em altura',
    requisitos: [{ tipo: 'treinamento', training_id: nr35 }, { tipo: 'aso' }],
  });
  expect(type.statusCode, type.body).toBe(201);
  altura = type.json<{ id: number }>().id;
});
afterAll(async () => t.close());

/** A worker with NR-35 done on `nr35Date` (none when null) and an ASO apto from 2 months ago. */
async function worker(nome: string, nr35Date: string | null, asoResult = 'apto') {
  const u = await createUser(t, { role: 'Equipe', nome: `${nome} ${++seq}` });
  if (nr35Date) {
    const r = await coord.post('/api/tatico/sst/registros', {
      user_id: u.id,
      training_id: nr35,
      data: nr35Date,
      carga_horaria: 8,
      instrutor: 'SENAI',
    });
    expect(r.statusCode, r.body).toBe(201);
  }
  const a = await gerente.post('/api/tatico/sst/asos', {
    user_id: u.id,
    tipo: 'periodico',
    data: addMonthsTo(today, -2),
    resultado: asoResult,
    restricoes: asoResult === 'apto' ? null : 'Não subir em escadas.',
    medico: 'Dr. Paulo Lima',
    crm: '4455/SP',
  });
  expect(a.statusCode, a.body).toBe(201);
  return u;
}

const at = (day: string, hour: number) =>
  new Date(startOfDayInZone(day, TZ).getTime() + hour * 3_600_000).toISOString();
function entry(pessoas: number[], day: string, extra: Record<string, unknown> = {}) {
  return {
    inicio: at(day, 8),
    fim: at(day, 12),
    local: 'Subestação Norte',
    contract_id: contractId,
    pessoas,
    descricao: 'Troca de isoladores',
    tipo_atividade_id: altura,
    ...extra,
  };
}

describe('agenda gate', () => {
  it('blocks a worker whose NR-35 expired, with the reason, and writes nothing', async () => {
    const expiredOn = addDaysTo(today, -5);
    const joao = await worker('João Pereira', addMonthsTo(expiredOn, -24));
    const day = addDaysTo(today, 3);
    const check = await coord.post('/api/tatico/agenda/conflitos', {
      inicio: at(day, 8),
      fim: at(day, 12),
      pessoas: [joao.id],
      tipo_atividade_id: altura,
    });
    expect(check.json().conflitos).toEqual([
      expect.objectContaining({
        tipo: 'sst',
        ref_id: joao.id,
        motivo: `${joao.nome}: NR-35 vencida em ${formatDateBr(expiredOn)}`,
      }),
    ]);
    const before = (await t.database.db.select().from(agendaEntries)).length;
    const res = await coord.post('/api/tatico/agenda', {
      ...entry([joao.id], day),
      confirmar_conflitos: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain(`${joao.nome}: NR-35 vencida em ${formatDateBr(expiredOn)}`);
    expect((await t.database.db.select().from(agendaEntries)).length).toBe(before);
  });

  it('blocks a requirement that expires before the entry, a missing one and an ASO not apto', async () => {
    const day = addDaysTo(today, 20);
    const soon = await worker('Ana', addMonthsTo(addDaysTo(today, 10), -24));
    const none = await worker('Bia', null);
    const unfit = await worker('Caio', today, 'apto_restricoes');
    const check = await coord.post('/api/tatico/sst/verificar', {
      pessoas: [soon.id, none.id, unfit.id],
      tipo_atividade_id: altura,
      data: day,
    });
    expect(check.json()).toEqual({
      ok: false,
      pendencias: [
        {
          user_id: soon.id,
          motivo: `${soon.nome}: NR-35 vence em ${formatDateBr(addDaysTo(today, 10))}, antes de ${formatDateBr(day)}`,
        },
        { user_id: none.id, motivo: `${none.nome}: sem NR-35` },
        // A coordinator reads files without ASO results (issue 38 point 3).
        { user_id: unfit.id, motivo: `${unfit.nome}: não habilitado para a atividade` },
      ],
    });
    const ok = await worker('Davi', today);
    const gate = createSstGate({ database: t.database, config: t.config });
    expect(await gate.checkTeam({ userIds: [ok.id], activityTypeId: altura, date: day })).toEqual({
      ok: true,
      pendencias: [],
    });
  });

  it('only gerente/diretoria override, with a written reason, audited and shown on the entry', async () => {
    const joao = await worker('João Pereira', addMonthsTo(addDaysTo(today, -1), -24));
    const day = addDaysTo(today, 4);
    const liberacao_sst = { motivo: 'Reciclagem agendada; trabalho acompanhado pelo supervisor.' };
    const byCoord = await coord.post('/api/tatico/agenda', {
      ...entry([joao.id], day),
      liberacao_sst,
    });
    expect(byCoord.statusCode).toBe(403);
    const noReason = await gerente.post('/api/tatico/agenda', {
      ...entry([joao.id], day),
      liberacao_sst: { motivo: '' },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error).toBe('Informe a justificativa da liberação.');
    const ok = await gerente.post('/api/tatico/agenda', {
      ...entry([joao.id], day),
      liberacao_sst,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const saved = ok.json();
    expect(saved.tipo_atividade).toEqual({ id: altura, nome: 'Trabalho em altura' });
    expect(saved.liberacao_sst).toMatchObject({
      motivo: liberacao_sst.motivo,
      por: { id: s.gerente.id },
      pendencias: [`${joao.nome}: NR-35 vencida em ${formatDateBr(addDaysTo(today, -1))}`],
    });
    const audit = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.action, 'sst_override'), eq(activityLog.objectId, String(saved.id))),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.userId).toBe(s.gerente.id);
    // The coordinator edits the description: the override still covers the same reasons.
    const edit = await coord.put(`/api/tatico/agenda/${saved.id}`, {
      ...entry([joao.id], day),
      descricao: 'Troca de isoladores e para-raios',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().liberacao_sst.motivo).toBe(liberacao_sst.motivo);
    // Adding another unqualified person is a new reason: blocked again.
    const other = await worker('Eva', null);
    const add = await coord.put(`/api/tatico/agenda/${saved.id}`, entry([joao.id, other.id], day));
    expect(add.statusCode).toBe(409);
  });
});

describe('vehicle check-out gate', () => {
  async function vehicle(categoria: string | null) {
    const res = await coord.post('/api/tatico/frota/veiculos', {
      placa: `SST${String(1000 + ++seq).slice(-4)}`,
      modelo: 'Cargo 816',
      marca: 'Ford',
      ano: 2022,
      odometro_km: 1000,
      categoria_cnh: categoria,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ vehicle: { id: number; categoria_cnh: string | null } }>().vehicle;
  }
  async function driver(cnh: Record<string, unknown> | null) {
    const u = await createUser(t, { role: 'Equipe', nome: `Motorista ${++seq}` });
    if (cnh) {
      const r = await coord.put(`/api/tatico/sst/pessoas/${u.id}/cnh`, {
        numero: '98765432100',
        categoria: 'B',
        validade: addDaysTo(today, 400),
        ...cnh,
      });
      expect(r.statusCode, r.body).toBe(200);
    }
    return u;
  }
  const checkout = (vehicleId: number, condutor_id: number) =>
    coord.post(`/api/tatico/frota/veiculos/${vehicleId}/checkout`, { condutor_id, km_saida: 1000 });

  it('refuses an expired CNH, a category below the vehicle and a due toxicological exam', async () => {
    const truck = await vehicle('C');
    expect(truck.categoria_cnh).toBe('C');
    const bad = await coord.post('/api/tatico/frota/veiculos', {
      placa: 'SST9Z99',
      modelo: 'X',
      marca: 'Y',
      ano: 2020,
      odometro_km: 0,
      categoria_cnh: 'F',
    });
    expect(bad.statusCode).toBe(400);

    const expired = await driver({
      categoria: 'D',
      validade: addDaysTo(today, -1),
      toxicologico_data: today,
    });
    let res = await checkout(truck.id, expired.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      `Check-out não permitido: ${expired.nome}: CNH vencida em ${formatDateBr(addDaysTo(today, -1))}.`,
    );
    const carOnly = await driver({ categoria: 'AB' });
    res = await checkout(truck.id, carOnly.id);
    expect(res.json().error).toContain(
      'CNH categoria AB não permite conduzir este veículo (exige C)',
    );
    const oldTox = addMonthsTo(addDaysTo(today, -1), -30);
    const tox = await driver({ categoria: 'E', toxicologico_data: oldTox });
    res = await checkout(truck.id, tox.id);
    expect(res.json().error).toContain(
      `exame toxicológico vencido em ${formatDateBr(addMonthsTo(oldTox, 30))}`,
    );
    const none = await driver(null);
    expect((await checkout(truck.id, none.id)).json().error).toContain('não tem CNH cadastrada');

    const ok = await driver({ categoria: 'E', toxicologico_data: addMonthsTo(today, -6) });
    res = await checkout(truck.id, ok.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().vehicle.status).toBe('em_uso');
  });

  it('a vehicle without a required category still checks a CNH on file', async () => {
    const car = await vehicle(null);
    const noCnh = await driver(null);
    expect((await checkout(car.id, noCnh.id)).statusCode).toBe(200);
    const car2 = await vehicle(null);
    const expired = await driver({ validade: addDaysTo(today, -3) });
    expect((await checkout(car2.id, expired.id)).statusCode).toBe(409);
  });
});

describe('alerts at 30, 15 and 0 days', () => {
  it('one notification per item and threshold, even with two nodes running at once', async () => {
    const w = await worker('Alerta Silva', addMonthsTo(addDaysTo(today, 29), -24));
    const mine = () =>
      t.database.db.select().from(notifications).where(eq(notifications.userId, w.id));
    const before = (await mine()).length;
    // A second node: its own connection pool and event bus on the same database.
    const other = openDatabase(t.database.pool.options.connectionString!, 3);
    const otherEvents = new EventBus(other.pool);
    await otherEvents.start();
    try {
      const a = createSstAlerts(serviceDepsOf(t));
      const b = createSstAlerts(serviceDepsOf({ ...t, database: other, events: otherEvents }));
      await Promise.all([a.runOnce(), b.runOnce(), a.notifyDue(), b.notifyDue()]);
      let got = (await mine()).slice(before);
      expect(got.map((n) => n.customText)).toEqual([
        `NR-35 de ${w.nome} vence em ${formatDateBr(addDaysTo(today, 29))} (29 dias).`,
      ]);
      await Promise.all([a.runOnce(), b.runOnce()]);
      expect((await mine()).length).toBe(before + 1);
      // 15 days before: the next threshold, once.
      const later = new Date(Date.now() + 14 * 86_400_000);
      await Promise.all([a.runOnce(later), b.notifyDue(later)]);
      got = (await mine()).slice(before);
      expect(got).toHaveLength(2);
      expect(got[1]!.customText).toContain('(15 dias)');
      const list = await a.all();
      expect(list.find((x) => x.ref_id === w.id)).toMatchObject({
        kind: 'sst',
        severity: 'proximo',
      });
      // The offline assistant's alert answer lists it too.
      const chat = await gerente.post('/api/ai/chat', { content: 'alertas de EPI' });
      expect(chat.statusCode).toBe(200);
      expect(answerOf(chat.body).message.content).toContain(`NR-35 de ${w.nome} vence em`);
    } finally {
      await otherEvents.stop();
      await other.close();
    }
  });
});
