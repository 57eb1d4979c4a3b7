import {
  TIMESHEET_LOCKED,
  todayIn,
  weekStartOf,
  addDaysTo,
  type TimesheetTeam,
  type TimesheetWeek,
} from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userContracts } from '../../db/schema/index.ts';
import { createTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { at, createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// Issue 36 point 4: hours per person per day from the OS's steps (check-in, pauses) and manual
// entries, the weekly timesheet, its approval by the coordinator of the person's contract, the
// lock of an approved week and the XLSX export.

const TZ = 'America/Sao_Paulo';
const SITE = { latitude: -23.5, longitude: -46.6, precisao_m: 8 };
const MIN = 60_000;

let t: TestApp;
let w: OsWorld;
let tech: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let coordB: ReturnType<typeof client>;
const today = () => todayIn(TZ);
/** A plain date `n` days from today (company time). */
const day = (n: number) => addDaysTo(today(), n);

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
  tech = client(t, w.s.equipe.cookie);
  gerente = client(t, w.s.gerente.cookie);
  // A coordinator of contract B only: not the technician's coordinator.
  const other = await createUser(t, { role: 'Coordenador', nome: 'Coordenadora do contrato B' });
  await t.database.db.insert(userContracts).values({ userId: other.id, contractId: w.contractB });
  coordB = client(t, await login(t, other.email));
});
afterAll(async () => t.close());

/** The technician's week holding `date`, as `c` reads it. */
async function weekOf(c: ReturnType<typeof client>, date: string, userId?: number) {
  const q = userId ? `&user_id=${userId}` : '';
  const res = await c.get(`/api/eproto/horas/semana?semana=${date}${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TimesheetWeek>();
}

/** Minutes of the OS line on `date` of that date's week. */
async function osMinutesOn(osId: number, date: string) {
  const week = await weekOf(tech, date);
  const line = week.linhas.find((l) => l.origem === 'os' && l.ref_id === osId);
  return line ? line.minutos[week.dias.indexOf(date)]! : 0;
}

/** An OS of the technician with the team period opened days ago and steps at these instants. */
async function workedOs(steps: Array<[acao: string, iso: string, extra?: object]>) {
  const os = await createOs(t, w);
  await t.database.db.execute(
    sql`update service_order_people set entrou_em = now() - interval '10 days' where service_order_id = ${os.id}`,
  );
  for (const [acao, iso, extra] of steps) {
    const res = await tech.post(`/api/tatico/os/${os.id}/etapas`, {
      acao,
      device_time: iso,
      ...extra,
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  }
  return os;
}
const plus = (iso: string, min: number) => new Date(Date.parse(iso) + min * MIN).toISOString();

const entry = (c: ReturnType<typeof client>, body: Record<string, unknown>) =>
  c.post('/api/eproto/horas/lancamentos', body);

describe('hours from the OS steps', () => {
  it('an OS with a pause: 60 min, pause of 30, 45 more = 105 min on that day (by hand)', async () => {
    const start = at(8, -1); // yesterday 08:00 in São Paulo
    const os = await workedOs([
      ['a_caminho', plus(start, -20)],
      ['check_in', start, SITE],
      ['pausar', plus(start, 60), { motivo: 'Almoço' }],
      ['retomar', plus(start, 90)],
      ['pausar', plus(start, 135), { motivo: 'Fim do turno' }],
    ]);
    expect(await osMinutesOn(os.id, day(-1))).toBe(105);
    const week = await weekOf(tech, day(-1));
    const line = week.linhas.find((l) => l.ref_id === os.id)!;
    expect(line.contrato?.id).toBe(w.contractA);
    expect(line.total).toBe(105);
    expect(week.totais[week.dias.indexOf(day(-1))]).toBeGreaterThanOrEqual(105);
  });

  it('an overnight OS (22:00 to 02:00 in São Paulo) gives 2 h to each day', async () => {
    const start = at(22, -4);
    const os = await workedOs([
      ['a_caminho', plus(start, -30)],
      ['check_in', start, SITE],
      ['pausar', plus(start, 240), { motivo: 'Fim do turno' }],
    ]);
    expect(await osMinutesOn(os.id, day(-4))).toBe(120);
    expect(await osMinutesOn(os.id, day(-3))).toBe(120);
  });
});

describe('manual entries', () => {
  it('"1,5" and "1:30" are stored as 90 minutes (1,5 h) on the task, OS or contract', async () => {
    const res = await entry(tech, {
      data: day(-2),
      horas: '1,5',
      contract_id: w.contractA,
      nota: 'Relatório do mês',
    });
    expect(res.statusCode, res.body).toBe(201);
    const week = res.json<TimesheetWeek>();
    const stored = week.lancamentos.find((l) => l.nota === 'Relatório do mês')!;
    expect(stored).toMatchObject({ minutos: 90, horas: 1.5, tipo: 'contrato', data: day(-2) });
    expect(stored.contrato?.id).toBe(w.contractA);
    const clock = await entry(tech, { data: day(-2), horas: '1:30', contract_id: w.contractA });
    expect(clock.statusCode, clock.body).toBe(201);
    const again = await weekOf(tech, day(-2));
    const line = again.linhas.find((l) => l.origem === 'manual' && l.tipo === 'contrato')!;
    expect(line.minutos[again.dias.indexOf(day(-2))]).toBe(180);
  });

  it('an entry over 24 h, or one that takes the day past 24 h, is refused in Portuguese', async () => {
    const over = await entry(tech, { data: day(-2), horas: '25', contract_id: w.contractA });
    expect(over.statusCode).toBe(400);
    expect(over.json<{ error: string }>().error).toBe('Um dia tem no máximo 24 horas.');
    // Yesterday already holds the 105 min of the OS with a pause.
    const past = await entry(tech, { data: day(-1), horas: '23', contract_id: w.contractA });
    expect(past.statusCode).toBe(400);
    expect(past.json<{ error: string }>().error).toMatch(/no máximo 24 horas: .* já tem 1:45 h/);
  });

  it('refuses a future day, a contract the person is not on, and text that is not hours', async () => {
    const future = await entry(tech, { data: day(8), horas: '2', contract_id: w.contractA });
    expect(future.statusCode).toBe(400);
    expect(future.json<{ error: string }>().error).toBe('Não se lançam horas em dia futuro.');
    const foreign = await entry(tech, { data: day(-2), horas: '2', contract_id: w.contractB });
    expect(foreign.statusCode).toBe(404);
    const none = await entry(tech, { data: day(-2), horas: '2' });
    expect(none.statusCode).toBe(400);
    expect(none.json<{ error: string }>().error).toBe('Escolha uma tarefa, uma OS ou um contrato.');
    for (const horas of ['1,5,5', 'abc', '1:75', '0', '1e1', '0x10', '2147483648']) {
      const bad = await entry(tech, { data: day(-2), horas, contract_id: w.contractA });
      expect(bad.statusCode, horas).toBe(400);
    }
  });

  it('an entry on an OS of the team counts on the OS contract', async () => {
    const os = await createOs(t, w);
    const res = await entry(tech, { data: day(-2), horas: '0,5', service_order_id: os.id });
    expect(res.statusCode, res.body).toBe(201);
    const e = res.json<TimesheetWeek>().lancamentos.find((l) => l.tipo === 'os')!;
    expect(e).toMatchObject({ minutos: 30, ref_id: os.id });
    expect(e.contrato?.id).toBe(w.contractA);
  });
});

describe('approval of the week', () => {
  // Two weeks back: no OS or entry of the other tests falls in it, whatever today's weekday.
  const monday = () => weekStartOf(day(-14));
  let entryId: number;

  beforeAll(async () => {
    const res = await entry(tech, { data: monday(), horas: '4', contract_id: w.contractA });
    expect(res.statusCode, res.body).toBe(201);
    entryId = res.json<TimesheetWeek>().lancamentos[0]!.id;
  });

  it('only the coordinator (or gerente/diretoria) of the person contract approves', async () => {
    const body = { user_id: w.s.equipe.id, semana: monday() };
    expect((await coordB.post('/api/eproto/horas/semanas/aprovar', body)).statusCode).toBe(404);
    expect(
      (await coordB.get(`/api/eproto/horas/semana?semana=${monday()}&user_id=${w.s.equipe.id}`))
        .statusCode,
    ).toBe(404);
    expect((await tech.post('/api/eproto/horas/semanas/aprovar', body)).statusCode).toBe(403);
    const self = await w.coord.post('/api/eproto/horas/semanas/aprovar', {
      user_id: w.s.coordenador.id,
      semana: monday(),
    });
    expect(self.statusCode).toBe(403);
    const team = await coordB.get(`/api/eproto/horas/equipe?semana=${monday()}`);
    expect(team.json<TimesheetTeam>().items.map((i) => i.pessoa.id)).not.toContain(w.s.equipe.id);

    const mine = await w.coord.get(`/api/eproto/horas/equipe?semana=${monday()}`);
    const row = mine.json<TimesheetTeam>().items.find((i) => i.pessoa.id === w.s.equipe.id)!;
    expect(row).toMatchObject({ total: 240, status: 'aberta' });
    const ok = await w.coord.post('/api/eproto/horas/semanas/aprovar', body);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<TimesheetWeek>()).toMatchObject({
      status: 'aprovada',
      aprovacao: { por: { id: w.s.coordenador.id }, minutos: 240 },
    });
    expect((await w.coord.post('/api/eproto/horas/semanas/aprovar', body)).statusCode).toBe(409);
  });

  it('an approved week is locked: no entry added or removed, in Portuguese', async () => {
    const add = await entry(tech, {
      data: addDaysTo(monday(), 1),
      horas: '1',
      contract_id: w.contractA,
    });
    expect(add.statusCode).toBe(409);
    expect(add.json<{ error: string }>().error).toBe(TIMESHEET_LOCKED);
    const del = await tech.delete(`/api/eproto/horas/lancamentos/${entryId}`);
    expect(del.statusCode).toBe(409);
    const week = await weekOf(tech, monday());
    expect(week).toMatchObject({ status: 'aprovada', pode_lancar: false, total: 240 });
  });

  it('the gerente reopens it with a reason; then the technician adds again', async () => {
    const noReason = await gerente.post('/api/eproto/horas/semanas/reabrir', {
      user_id: w.s.equipe.id,
      semana: monday(),
    });
    expect(noReason.statusCode).toBe(400);
    const res = await gerente.post('/api/eproto/horas/semanas/reabrir', {
      user_id: w.s.equipe.id,
      semana: monday(),
      motivo: 'Faltou lançar a visita de terça',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TimesheetWeek>()).toMatchObject({
      status: 'aberta',
      reabertura: { por: { id: w.s.gerente.id }, motivo: 'Faltou lançar a visita de terça' },
    });
    const add = await entry(tech, {
      data: addDaysTo(monday(), 1),
      horas: '1',
      contract_id: w.contractA,
    });
    expect(add.statusCode, add.body).toBe(201);
    const again = await w.coord.post('/api/eproto/horas/semanas/aprovar', {
      user_id: w.s.equipe.id,
      semana: monday(),
    });
    expect(again.json<TimesheetWeek>().aprovacao?.minutos).toBe(300);
  });
});

describe('XLSX export', () => {
  it('per person and per contract: pt-BR headers, hours as numbers, approval status', async () => {
    const de = addDaysTo(today(), -21);
    const mine = await tech.get(
      `/api/eproto/horas/exportar?de=${de}&ate=${today()}&user_id=${w.s.equipe.id}`,
    );
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toContain('spreadsheetml');
    const rows = await readSheet(mine.rawPayload);
    expect(rows[0]).toEqual([
      'Pessoa',
      'Data',
      'Semana (segunda-feira)',
      'Contrato',
      'Origem',
      'Tipo',
      'Referência',
      'Horas',
      'Situação da semana',
      'Aprovada por',
      'Observação',
    ]);
    const data = rows.slice(1);
    const note = data.find((r) => r[10] === 'Relatório do mês')!;
    expect(note[7]).toBe(1.5);
    expect(note[4]).toBe('Lançamento manual');
    const approved = data.filter((r) => r[8] === 'Aprovada');
    expect(approved.reduce((s, r) => s + Number(r[7]), 0)).toBe(5);
    expect(approved[0]![9]).toBe('Pessoa Coordenador');
    const overnight = data.filter((r) => r[4] === 'Check-in/out da OS' && r[7] === 2);
    expect(overnight).toHaveLength(2);

    const perContract = await w.coord.get(
      `/api/eproto/horas/exportar?de=${de}&ate=${today()}&contract_id=${w.contractA}`,
    );
    expect(perContract.statusCode, perContract.body).toBe(200);
    const cRows = (await readSheet(perContract.rawPayload)).slice(1);
    expect(cRows.length).toBe(data.length);
    expect(cRows.every((r) => String(r[3]).startsWith('OS-A'))).toBe(true);

    expect(
      (
        await coordB.get(
          `/api/eproto/horas/exportar?de=${de}&ate=${today()}&contract_id=${w.contractA}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await tech.get(
          `/api/eproto/horas/exportar?de=${de}&ate=${today()}&contract_id=${w.contractA}`,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await coordB.get(
          `/api/eproto/horas/exportar?de=${de}&ate=${today()}&user_id=${w.s.equipe.id}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('hostile values answer 400', () => {
  it.each([
    ['/api/eproto/horas/semana?semana=0000-01-01'],
    ['/api/eproto/horas/semana?semana=2026-02-30'],
    ['/api/eproto/horas/semana?semana=2026-11-02&user_id=2147483648'],
    ['/api/eproto/horas/semana?semana=2026-11-02&user_id=0x10'],
    ['/api/eproto/horas/exportar?de=2026-01-01&ate=2026-01-31&user_id=1&contract_id=1'],
    ['/api/eproto/horas/exportar?de=2026-02-01&ate=2026-01-01&user_id=1'],
    ['/api/eproto/horas/exportar?de=2020-01-01&ate=2026-01-01&user_id=1'],
  ])('GET %s', async (url) => {
    expect((await tech.get(url)).statusCode).toBe(400);
  });

  it.each([
    [{ data: '0000-01-01', horas: '1', contract_id: 1 }],
    [{ data: '2026-11-02', horas: '1\u0000', contract_id: 1 }],
    [{ data: '2026-11-02', horas: '1', contract_id: 2147483648 }],
    [{ data: '2026-11-02', horas: 1.5, contract_id: 1 }],
    [{ data: '2026-11-02', horas: '1', contract_id: 1, protocol_id: 1 }],
  ])('POST lancamentos %j', async (body) => {
    expect((await entry(tech, body)).statusCode).toBe(400);
  });
});
