import { startOfDayInZone, todayIn, addDaysTo } from '@eproto/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityLog,
  agendaEntries,
  chatFiles,
  contracts,
  idempotencyKeys,
  userContracts,
} from '../db/schema/index.ts';
import { runIdempotencyCleanup } from '../jobs/idempotency-cleanup.ts';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';
import { multipart } from '../modules/chat/chat-test-kit.ts';
import { sessionsByRole } from '../modules/tatico/test-kit.ts';

const TZ = 'America/Sao_Paulo';
let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let contractId: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  const [c] = await t.database.db
    .insert(contracts)
    .values({ codigo: 'IDEM', nome: 'Contrato idempotência', cliente: 'Cliente' })
    .returning({ id: contracts.id });
  contractId = c!.id;
  await t.database.db.insert(userContracts).values([
    { userId: s.coordenador.id, contractId },
    { userId: s.gerente.id, contractId },
  ]);
});
afterAll(async () => t.close());

/** A unique agenda entry body on its own day (no double booking between tests). */
function entry(descricao: string) {
  n += 1;
  const day = addDaysTo(todayIn(TZ), 60 + n);
  const start = startOfDayInZone(day, TZ).getTime() + 8 * 3_600_000;
  return {
    inicio: new Date(start).toISOString(),
    fim: new Date(start + 4 * 3_600_000).toISOString(),
    local: 'Subestação Leste',
    contract_id: contractId,
    pessoas: [s.equipe.id],
    descricao,
  };
}

function send(
  cookie: string,
  url: string,
  payload: object,
  headers: Record<string, string> = {},
  method: 'POST' | 'PUT' = 'POST',
) {
  return t.app.inject({ method, url, headers: { ...spa, cookie, ...headers }, payload });
}

async function entriesNamed(descricao: string) {
  return t.database.db
    .select({ id: agendaEntries.id })
    .from(agendaEntries)
    .where(eq(agendaEntries.descricao, descricao));
}

const key = () => `k-${crypto.randomUUID()}`;

describe('Idempotency-Key', () => {
  it('a replay answers the first result exactly and the write exists once', async () => {
    const k = key();
    const body = entry('Replay exato');
    const first = await send(s.coordenador.cookie, '/api/tatico/agenda', body, {
      'idempotency-key': k,
    });
    expect(first.statusCode).toBe(201);
    const again = await send(s.coordenador.cookie, '/api/tatico/agenda', body, {
      'idempotency-key': k,
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toContain('application/json');
    expect(await entriesNamed('Replay exato')).toHaveLength(1);
    // The replay is not a second write in the activity log either.
    const logged = await t.database.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.userId, s.coordenador.id),
          eq(activityLog.action, 'POST /api/tatico/agenda'),
        ),
      );
    expect(logged).toHaveLength(1);
  });

  it('concurrent duplicates apply once and all answer the same entry', async () => {
    const k = key();
    const body = entry('Concorrentes');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        send(s.coordenador.cookie, '/api/tatico/agenda', body, { 'idempotency-key': k }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([201, 409]).toContain(a.statusCode);
    expect(new Set(ok.map((a) => a.json<{ id: number }>().id)).size).toBe(1);
    expect(await entriesNamed('Concorrentes')).toHaveLength(1);
  });

  it('without a key the same write runs twice (the key is what makes it once)', async () => {
    const body = entry('Sem chave');
    await send(s.coordenador.cookie, '/api/tatico/agenda', body);
    body.inicio = new Date(Date.parse(body.inicio) + 5 * 3_600_000).toISOString();
    body.fim = new Date(Date.parse(body.fim) + 5 * 3_600_000).toISOString();
    await send(s.coordenador.cookie, '/api/tatico/agenda', body);
    expect(await entriesNamed('Sem chave')).toHaveLength(2);
  });

  it('the same key from another person is independent', async () => {
    const k = key();
    const a = await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Pessoa A'), {
      'idempotency-key': k,
    });
    const b = await send(s.gerente.cookie, '/api/tatico/agenda', entry('Pessoa B'), {
      'idempotency-key': k,
    });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(await entriesNamed('Pessoa B')).toHaveLength(1);
  });

  it('a key reused for another request is refused with 422', async () => {
    const k = key();
    await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Primeiro uso'), {
      'idempotency-key': k,
    });
    const other = await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Outro uso'), {
      'idempotency-key': k,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      error: 'Esta chave de idempotência já foi usada em outro pedido.',
      code: 'UNPROCESSABLE',
    });
    expect(await entriesNamed('Outro uso')).toHaveLength(0);
  });

  it('a refusal (4xx) is kept and replayed too; a malformed key is 400', async () => {
    const k = key();
    const refused = await send(
      s.equipe.cookie,
      '/api/tatico/agenda/2147483000/status',
      { status: 'em_execucao' },
      { 'idempotency-key': k },
    );
    expect(refused.statusCode).toBe(404);
    const replay = await send(
      s.equipe.cookie,
      '/api/tatico/agenda/2147483000/status',
      { status: 'em_execucao' },
      { 'idempotency-key': k },
    );
    expect(replay.statusCode).toBe(404);
    expect(replay.body).toBe(refused.body);

    for (const bad of ['curta', 'x'.repeat(101), 'tem espaço no meio 1234', 'ç'.repeat(20)]) {
      const res = await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Chave ruim'), {
        'idempotency-key': bad,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error).toContain('Chave de idempotência inválida');
    }
    expect(await entriesNamed('Chave ruim')).toHaveLength(0);
  });
});

describe('X-Device-Time', () => {
  it('agenda start and finish keep the device time and the arrival time', async () => {
    const created = await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Offline'));
    const id = created.json<{ id: number }>().id;
    const startedOnPhone = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const before = Date.now();
    const started = await send(
      s.equipe.cookie,
      `/api/tatico/agenda/${id}/status`,
      { status: 'em_execucao' },
      { 'x-device-time': startedOnPhone, 'idempotency-key': key() },
    );
    expect(started.statusCode, started.body).toBe(200);
    const body = started.json<Record<string, string>>();
    expect(body.iniciado_em).toBe(startedOnPhone);
    expect(Date.parse(body.iniciado_recebido_em!)).toBeGreaterThanOrEqual(before - 1000);

    // One rule with the OS (deviceTimeOf): a clock an hour fast is refused, changing nothing…
    const hourAhead = new Date(Date.now() + 3_600_000).toISOString();
    const refused = await send(
      s.equipe.cookie,
      `/api/tatico/agenda/${id}/status`,
      { status: 'concluido' },
      { 'x-device-time': hourAhead },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ field: 'x-device-time' });
    expect(refused.json<{ error: string }>().error).toMatch(/relógio do celular/);
    // …one a few minutes fast is taken at its arrival (nothing happens after it arrives).
    const ahead = new Date(Date.now() + 4 * 60_000).toISOString();
    const done = await send(
      s.equipe.cookie,
      `/api/tatico/agenda/${id}/status`,
      { status: 'concluido' },
      { 'x-device-time': ahead },
    );
    expect(done.statusCode, done.body).toBe(200);
    const finished = done.json<Record<string, string>>();
    expect(finished.concluido_em).toBe(finished.concluido_recebido_em);
    expect(Date.parse(finished.concluido_em!)).toBeLessThan(Date.parse(ahead));
  });

  it('a malformed or too old device time is 400 and changes nothing', async () => {
    const created = await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Hora ruim'));
    const id = created.json<{ id: number }>().id;
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString();
    for (const bad of ['ontem', '2026-13-40T10:00:00Z', '2026-11-26T10:00:00', old]) {
      const res = await send(
        s.equipe.cookie,
        `/api/tatico/agenda/${id}/status`,
        { status: 'em_execucao' },
        { 'x-device-time': bad },
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().field).toBe('x-device-time');
    }
    const [row] = await t.database.db
      .select({ status: agendaEntries.status })
      .from(agendaEntries)
      .where(eq(agendaEntries.id, id));
    expect(row!.status).toBe('agendado');
  });
});

describe('cleanup job', () => {
  it('removes results older than 48 h, keeps newer ones, and runs on one node at a time', async () => {
    const oldKey = key();
    const newKey = key();
    await t.database.db.insert(idempotencyKeys).values([
      {
        userId: s.ti.id,
        key: oldKey,
        fingerprint: 'x',
        status: 201,
        createdAt: new Date(Date.now() - 49 * 3_600_000),
      },
      { userId: s.ti.id, key: newKey, fingerprint: 'x', status: 201 },
    ]);
    const deps = { database: t.database };
    // Another node's run holds the lock (in its transaction): this run skips.
    const holder = await t.database.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock(720002)');
      expect(await runIdempotencyCleanup(deps)).toEqual({ skipped: true, removed: 0 });
      await holder.query('commit');
    } finally {
      holder.release();
    }
    const run = await runIdempotencyCleanup(deps);
    expect(run.skipped).toBe(false);
    expect(run.removed).toBeGreaterThanOrEqual(1);
    const left = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in (${oldKey}, ${newKey})`);
    expect(left.map((r) => r.key)).toEqual([newKey]);
  });
});

describe('Idempotency-Key on a multipart upload (files and fields in the fingerprint)', () => {
  const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF`);
  // Each send is a new form with a new boundary, as the phone's outbox sends it again.
  const upload = (k: string, name: string, data: Buffer) => {
    const form = multipart(name, data);
    return t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...spa, cookie: s.equipe.cookie, 'idempotency-key': k, ...form.headers },
      payload: form.payload,
    });
  };
  const stored = async () =>
    (await t.database.db.select().from(chatFiles).where(eq(chatFiles.ownerId, s.equipe.id))).length;

  it('the same key with the same file replays the first answer, storing nothing new', async () => {
    const k = key();
    const before = await stored();
    const first = await upload(k, 'laudo.pdf', pdf('laudo da subestação'));
    expect(first.statusCode, first.body).toBe(200);
    const again = await upload(k, 'laudo.pdf', pdf('laudo da subestação'));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await stored()).toBe(before + 1);
  });

  it('the same key with another file, or another name, is 422 and stores nothing', async () => {
    const k = key();
    const before = await stored();
    expect((await upload(k, 'laudo.pdf', pdf('versão 1'))).statusCode).toBe(200);
    for (const [name, data] of [
      ['laudo.pdf', pdf('versão 2')], // other bytes, same size class
      ['laudo.pdf', Buffer.concat([pdf('versão 1'), Buffer.from('\u0000')])], // one byte more
      ['outro.pdf', pdf('versão 1')], // same bytes, another name
    ] as const) {
      const res = await upload(k, name, data);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({
        error: 'Esta chave de idempotência já foi usada em outro pedido.',
        code: 'UNPROCESSABLE',
      });
    }
    expect(await stored()).toBe(before + 1);
  });

  it('a JSON key reused for a form (same URL or not) is 422', async () => {
    const k = key();
    await send(s.coordenador.cookie, '/api/tatico/agenda', entry('Chave de JSON'), {
      'idempotency-key': k,
    });
    const form = multipart('laudo.pdf', pdf('x'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat/upload',
      headers: { ...spa, cookie: s.coordenador.cookie, 'idempotency-key': k, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(422);
  });
});
