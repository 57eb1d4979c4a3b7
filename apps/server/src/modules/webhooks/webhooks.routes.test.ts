import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Webhook, WebhookDelivery, WebhookEventData } from '@eproto/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import type { JobRun } from '../../jobs/queue.ts';
import { createOutboundGuard } from '../../lib/outbound-url.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeBoard } from '../murals/murals.fixtures.ts';
import { createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';
import { emitWebhook } from './webhook-emit.ts';
import { createWebhookDeliverHandler, WebhookNotDelivered } from './webhook-sender.ts';

// Issue 35.3: signed webhooks. A real HTTP receiver on 127.0.0.1, allowed by
// OUTBOUND_URL_ALLOWLIST for this app only; the deliveries go through the real queue or its
// handler, on a real PostgreSQL.

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  path: string;
}

/** A local receiver: records each request and answers with `answer` (after `delayMs`). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, headers: {} as Record<string, string>, delayMs: 0 };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '',
      });
      setTimeout(() => {
        res.writeHead(state.status, state.headers);
        res.end('ok');
      }, state.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    url: `http://127.0.0.1:${port}/gancho`,
    answer(status: number, headers: Record<string, string> = {}, delayMs = 0) {
      Object.assign(state, { status, headers, delayMs });
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let t: TestApp;
let bare: TestApp;
let w: OsWorld;
let ti: ReturnType<typeof client>;
let receiver: Receiver;
let other: Receiver;

beforeAll(async () => {
  // http://127.0.0.1 on any port: the test's receivers (a company's own internal endpoint).
  t = await createTestApp({ OUTBOUND_URL_ALLOWLIST: 'http://127.0.0.1' });
  w = await osWorld(t);
  ti = client(t, w.s.ti.cookie);
  receiver = await startReceiver();
  other = await startReceiver();
});
afterEach(async () => {
  receiver.answer(200);
  receiver.received.length = 0;
  other.received.length = 0;
  await t.app.jobs.stop();
  await t.database.db.execute(sql`delete from webhooks`);
  await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
});
afterAll(async () => {
  await receiver.close();
  await other.close();
  await t.close();
  await bare?.close();
});

const BASE = '/api/integrations/webhooks';

async function register(url = receiver.url, eventos: string[] = ['os.concluida', 'os.recusada']) {
  const res = await ti.post(BASE, { url, eventos });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ webhook: Webhook; segredo: string }>();
}

const deliveriesOf = (webhookId: number) =>
  t.database.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(webhookDeliveries.ocorridoEm);

const jobsOf = async () =>
  (
    await t.database.db.execute<{ state: string; data: { deliveryId: string }; wait_s: number }>(
      sql`select state, data, extract(epoch from start_after - now())::int as wait_s
          from pgboss.job where name = 'webhook-deliver' order by created_on`,
    )
  ).rows;

/** One event written the way a service writes it: in a transaction of its own. */
const emit = (dados: Record<string, unknown> = { os: { codigo: 'OS-2026-000001' } }) =>
  t.database.db.transaction((tx) =>
    emitWebhook(
      { jobs: t.app.jobs },
      tx,
      'os.concluida',
      dados as WebhookEventData['os.concluida'],
    ),
  );

/** The job's handler as the queue runs it (attempt `retryCount` of 11). */
function handler(timeoutMs = 2_000) {
  return createWebhookDeliverHandler({
    db: t.database.db,
    guard: createOutboundGuard({ allowList: t.config.outboundAllowList }),
    timeoutMs,
  });
}
const run = (retryCount = 0): JobRun => ({ id: 'job', retryCount, retryLimit: 10 });

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const sign = (secret: string, ts: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')}`;

describe('registering (ti)', () => {
  it('creates with a secret shown once, lists without it, rotates, switches off, removes', async () => {
    const { webhook, segredo } = await register();
    expect(segredo).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({
      url: receiver.url,
      eventos: ['os.concluida', 'os.recusada'],
      ativo: true,
      segredo_final: segredo.slice(-4),
    });
    const list = await ti.get(BASE);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(segredo);
    expect(list.json<{ items: Webhook[] }>().items.map((h) => h.id)).toEqual([webhook.id]);

    const rotated = await ti.post(`${BASE}/${webhook.id}/segredo`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const novo = rotated.json<{ segredo: string }>().segredo;
    expect(novo).not.toBe(segredo);

    const off = await ti.patch(`${BASE}/${webhook.id}`, { ativo: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json<Webhook>().ativo).toBe(false);
    // An inactive webhook gets nothing: no delivery row, no job.
    await emit();
    expect(await deliveriesOf(webhook.id)).toEqual([]);
    expect(await jobsOf()).toEqual([]);

    expect((await ti.patch(`${BASE}/${webhook.id}`, {})).statusCode).toBe(400);
    expect((await ti.delete(`${BASE}/${webhook.id}`)).statusCode).toBe(200);
    expect((await ti.delete(`${BASE}/${webhook.id}`)).statusCode).toBe(404);
  });

  it('is for ti only', async () => {
    for (const role of [
      'administrador',
      'diretoria',
      'gerente',
      'coordenador',
      'equipe',
    ] as const) {
      const who = client(t, w.s[role].cookie);
      expect((await who.get(BASE)).statusCode, role).toBe(403);
      expect(
        (await who.post(BASE, { url: receiver.url, eventos: ['os.concluida'] })).statusCode,
      ).toBe(403);
    }
  });

  it.each([
    ['2147483648', 'GET', '/entregas'],
    ['0x10', 'GET', '/entregas'],
    ['-1', 'POST', '/segredo'],
    ['1e1', 'PATCH', ''],
    ['16.0', 'DELETE', ''],
  ] as const)('hostile id %s (%s) answers 400', async (id, method, tail) => {
    const res = await t.app.inject({
      method,
      url: `${BASE}/${id}${tail}`,
      headers: { 'x-requested-with': 'eproto', cookie: w.s.ti.cookie },
      ...(method === 'PATCH' ? { payload: { ativo: true } } : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('refuses hostile bodies and delivery ids with 400', async () => {
    const { webhook } = await register();
    for (const body of [
      { url: `${receiver.url}\u0000`, eventos: ['os.concluida'] },
      { url: receiver.url, eventos: ['os.apagada'] },
      { url: receiver.url, eventos: [] },
      { url: receiver.url, eventos: ['os.concluida', 'os.concluida'] },
      { url: 'ftp://127.0.0.1/x', eventos: ['os.concluida'] },
      { url: 'x'.repeat(100_000), eventos: ['os.concluida'] },
    ]) {
      const res = await ti.post(BASE, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    for (const bad of ['abc', '0x10', '2147483648', `${crypto.randomUUID()}0`]) {
      const res = await ti.post(`${BASE}/${webhook.id}/entregas/${bad}/reenviar`);
      expect(res.statusCode, bad).toBe(400);
    }
    const missing = await ti.post(`${BASE}/${webhook.id}/entregas/${crypto.randomUUID()}/reenviar`);
    expect(missing.statusCode).toBe(404);
  });
});

describe('the outbound guard', () => {
  it.each([
    'https://127.0.0.1/gancho',
    'https://127.0.0.2/gancho',
    'http://127.0.0.2:8080/gancho',
    'https://10.0.0.1/gancho',
    'https://10.200.3.4:8443/gancho',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/gancho',
    'https://localhost/gancho',
  ])('refuses %s at registration (not allowed by config)', async (url) => {
    const res = await ti.post(BASE, { url, eventos: ['os.concluida'] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ error: string; field: string }>()).toMatchObject({
      field: 'url',
      error: expect.stringMatching(/^Endereço do webhook recusado: /),
    });
  });

  it('refuses 127.0.0.1, 10.0.0.0/8 and 169.254.169.254 when nothing is allowed by config', async () => {
    bare ??= await createTestApp();
    const { createUser, login } = await import('../../../test/helpers.ts');
    const u = await createUser(bare, { role: 'TI' });
    const admin = client(bare, await login(bare, u.email));
    for (const url of [receiver.url, 'http://10.0.0.8/x', 'http://169.254.169.254/latest']) {
      const res = await admin.post(BASE, { url, eventos: ['os.concluida'] });
      expect(res.statusCode, url).toBe(400);
    }
    const ok = await admin.get(BASE);
    expect(ok.json<{ items: unknown[] }>().items).toEqual([]);
  });

  it('checks again at send time: a URL that now points inside gets nothing sent', async () => {
    const { webhook } = await register();
    // Changed behind the API's back (or a name that now resolves inside).
    await t.database.db.execute(
      sql`update webhooks set url = 'https://10.0.0.5/gancho' where id = ${webhook.id}`,
    );
    await emit();
    const [d] = await deliveriesOf(webhook.id);
    await expect(handler()({ deliveryId: d!.id }, run())).rejects.toThrow(WebhookNotDelivered);
    const [after] = await deliveriesOf(webhook.id);
    expect(after).toMatchObject({
      status: 'pendente',
      tentativas: 1,
      httpStatus: null,
      ultimoErro:
        'Endereço recusado: o endereço aponta para uma rede interna, reservada ou para este servidor.',
    });
    expect(receiver.received).toEqual([]);
  });

  it.each([
    ['another allowed receiver', () => other.url],
    ['10.0.0.1', () => 'http://10.0.0.1/gancho'],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data'],
  ])('never follows a redirect (to %s)', async (_, location) => {
    const { webhook } = await register();
    receiver.answer(302, { location: location() });
    await emit();
    const [d] = await deliveriesOf(webhook.id);
    await expect(handler()({ deliveryId: d!.id }, run())).rejects.toThrow(WebhookNotDelivered);
    expect(receiver.received).toHaveLength(1);
    expect(other.received).toHaveLength(0);
    const [after] = await deliveriesOf(webhook.id);
    expect(after).toMatchObject({
      status: 'pendente',
      httpStatus: 302,
      ultimoErro: 'HTTP 302 (redirecionamento não seguido)',
    });
  });
});

describe('deliveries', () => {
  it('an OS refused by the customer: both events, written in the conclusion, signed, logged', async () => {
    const { webhook, segredo } = await register();
    const tech = client(t, w.s.equipe.cookie);
    const os = await createOs(t, w);
    const checkIn = await tech.post(`/api/tatico/os/${os.id}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    // Required items unanswered: the conclusion is refused and writes no delivery.
    const early = await tech.post(`/api/tatico/os/${os.id}/concluir`, {
      tipo: 'recusada',
      cliente_nome: 'Marta Souza',
      recusa_motivo: 'Serviço incompleto',
    });
    expect(early.statusCode).toBe(400);
    expect(await deliveriesOf(webhook.id)).toEqual([]);
    expect(await jobsOf()).toEqual([]);

    // A type without required items concludes at once.
    const quick = await w.coord.post('/api/tatico/os/tipos', {
      nome: 'Inspeção rápida',
      itens: [{ titulo: 'Observação', tipo: 'texto_curto' }],
    });
    expect(quick.statusCode, quick.body).toBe(201);
    const os2 = await createOs(t, w, { service_type_id: quick.json<{ id: number }>().id });
    await tech.post(`/api/tatico/os/${os2.id}/etapas`, {
      acao: 'check_in',
      latitude: -23.5,
      longitude: -46.6,
    });
    const done = await tech.post(`/api/tatico/os/${os2.id}/concluir`, {
      tipo: 'recusada',
      cliente_nome: 'Marta Souza',
      recusa_motivo: 'Serviço incompleto',
    });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await deliveriesOf(webhook.id);
    expect(rows.map((r) => r.evento).sort()).toEqual(['os.concluida', 'os.recusada']);
    expect((await jobsOf()).map((j) => j.data.deliveryId).sort()).toEqual(
      rows.map((r) => r.id).sort(),
    );

    await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
    await waitFor(
      async () => receiver.received.length,
      (n) => n >= 2,
    );
    expect(receiver.received).toHaveLength(2);
    for (const r of receiver.received) {
      const ts = String(r.headers['x-eproto-timestamp']);
      expect(Math.abs(Number(ts) - Date.now() / 1000)).toBeLessThan(60);
      // The receiver's check: HMAC-SHA256(secret, timestamp + "." + raw body).
      expect(r.headers['x-eproto-assinatura']).toBe(sign(segredo, ts, r.body));
      expect(r.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(r.path).toBe('/gancho');
      const body = JSON.parse(r.body) as {
        id: string;
        evento: string;
        ocorrido_em: string;
        dados: { os: Record<string, unknown> };
      };
      expect(rows.map((x) => x.id)).toContain(body.id);
      expect(body.ocorrido_em).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(body.dados.os).toMatchObject({
        id: os2.id,
        codigo: os2.codigo,
        status: 'concluida',
        cliente: 'Shopping Norte',
        assinatura: 'recusada',
        recusa_motivo: 'Serviço incompleto',
        relatorio_url: `http://localhost:3000/api/tatico/os/${os2.id}/relatorio.pdf`,
        verificacao_url: expect.stringMatching(
          /^http:\/\/localhost:3000\/os\/verificar\/[0-9a-f-]{36}$/,
        ),
      });
      // A tampered body (or another secret) does not match.
      expect(sign(segredo, ts, r.body.replace('concluida', 'cancelada'))).not.toBe(
        r.headers['x-eproto-assinatura'],
      );
    }

    const log = await waitFor(
      async () =>
        (await ti.get(`${BASE}/${webhook.id}/entregas`)).json<{
          items: WebhookDelivery[];
          total: number;
        }>(),
      (l) => l.items.every((d) => d.status === 'enviada'),
    );
    expect(log.total).toBe(2);
    for (const d of log.items) {
      expect(d).toMatchObject({
        status: 'enviada',
        http_status: 200,
        tentativas: 1,
        ultimo_erro: null,
        proxima_tentativa_em: null,
      });
    }
  });

  it('a demand created and moved: one delivery each, with the demand', async () => {
    const { webhook } = await register(receiver.url, ['demanda.criada', 'demanda.etapa_alterada']);
    const board = await makeBoard(t, { contractId: w.contractA });
    const created = await w.coord.post('/api/eproto/murals', {
      titulo: 'Trocar filtros da torre',
      board_id: board.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;
    const moved = await w.coord.patch(`/api/eproto/murals/${id}/kanban`, { stage: 'em_andamento' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The same stage again changes nothing and sends nothing.
    await w.coord.patch(`/api/eproto/murals/${id}/kanban`, { stage: 'em_andamento' });
    const rows = await deliveriesOf(webhook.id);
    expect(rows.map((r) => [r.evento, r.dados])).toEqual([
      [
        'demanda.criada',
        {
          demanda: expect.objectContaining({
            id,
            titulo: 'Trocar filtros da torre',
            etapa: 'a_fazer',
            url: `http://localhost:3000/eproto/murals/${id}`,
          }),
        },
      ],
      [
        'demanda.etapa_alterada',
        {
          demanda: expect.objectContaining({ id, etapa: 'em_andamento' }),
          etapa_anterior: 'a_fazer',
        },
      ],
    ]);
    expect(await jobsOf()).toHaveLength(2);
  });

  it('nothing is written when the change rolls back', async () => {
    const { webhook } = await register();
    await expect(
      t.database.db.transaction(async (tx) => {
        await emitWebhook({ jobs: t.app.jobs }, tx, 'os.concluida', {
          os: {},
        } as WebhookEventData['os.concluida']);
        throw new Error('a mudança falhou');
      }),
    ).rejects.toThrow('a mudança falhou');
    expect(await deliveriesOf(webhook.id)).toEqual([]);
    expect(await jobsOf()).toEqual([]);
  });

  it('a 500 is retried later by the queue with backoff, not at once', async () => {
    const { webhook } = await register();
    receiver.answer(500);
    await emit();
    await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
    const jobs = await waitFor(jobsOf, (j) => j[0]?.state === 'retry');
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.state).toBe('retry');
    // First retry 1-2 min later (retryDelay 60 s, doubled each attempt, with jitter).
    expect(jobs[0]!.wait_s).toBeGreaterThanOrEqual(25);
    expect(jobs[0]!.wait_s).toBeLessThanOrEqual(125);
    expect(receiver.received).toHaveLength(1);
    const [d] = await deliveriesOf(webhook.id);
    expect(d).toMatchObject({
      status: 'pendente',
      httpStatus: 500,
      tentativas: 1,
      ultimoErro: 'HTTP 500',
    });
    // The log says when the queue tries again: the retry job's start.
    const log = await ti.get(`${BASE}/${webhook.id}/entregas`);
    const [listed] = log.json<{ items: WebhookDelivery[] }>().items;
    const next = Date.parse(listed!.proxima_tentativa_em!) / 1000 - Date.now() / 1000;
    expect(Math.abs(next - jobs[0]!.wait_s)).toBeLessThan(5);
  });

  it('retries after a 500 with the same event id, gives up after the last attempt, "Reenviar"', async () => {
    const { webhook } = await register();
    receiver.answer(500);
    await emit();
    const [d] = await deliveriesOf(webhook.id);
    const send = handler();
    await expect(send({ deliveryId: d!.id }, run(0))).rejects.toThrow('HTTP 500');
    receiver.answer(204);
    await expect(send({ deliveryId: d!.id }, run(1))).resolves.toEqual({
      delivered: true,
      status: 204,
    });
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.received.map((r) => (JSON.parse(r.body) as { id: string }).id);
    expect(ids).toEqual([d!.id, d!.id]);
    const [sent] = await deliveriesOf(webhook.id);
    expect(sent).toMatchObject({
      status: 'enviada',
      httpStatus: 204,
      tentativas: 2,
      ultimoErro: null,
    });

    // Another event whose every attempt fails: after the last one it is "falhou".
    receiver.answer(503);
    await emit();
    const failing = (await deliveriesOf(webhook.id)).find((x) => x.status === 'pendente')!;
    await expect(send({ deliveryId: failing.id }, run(10))).rejects.toThrow('HTTP 503');
    const [, gaveUp] = await deliveriesOf(webhook.id);
    expect(gaveUp).toMatchObject({ status: 'falhou', httpStatus: 503, ultimoErro: 'HTTP 503' });
    const listed = await ti.get(BASE);
    expect(listed.json<{ items: Webhook[] }>().items[0]!.falhas).toBe(1);

    // "Reenviar": back to pendente with a new job, then sent.
    await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
    const again = await ti.post(`${BASE}/${webhook.id}/entregas/${failing.id}/reenviar`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<WebhookDelivery>()).toMatchObject({ status: 'pendente', ultimo_erro: null });
    expect((await jobsOf()).map((j) => j.data.deliveryId)).toEqual([failing.id]);
    receiver.answer(200);
    await send({ deliveryId: failing.id }, run(0));
    const [, resent] = await deliveriesOf(webhook.id);
    expect(resent).toMatchObject({ status: 'enviada', httpStatus: 200, tentativas: 2 });
    // Someone else's webhook id does not reach this delivery.
    const { webhook: second } = await register();
    const wrong = await ti.post(`${BASE}/${second.id}/entregas/${failing.id}/reenviar`);
    expect(wrong.statusCode).toBe(404);
  });

  it('sends exactly once when the job runs twice, at the same time or after', async () => {
    const { webhook } = await register();
    receiver.answer(200, {}, 300);
    await emit();
    const [d] = await deliveriesOf(webhook.id);
    // Two nodes run the same job at once (a redelivery), then a third run comes late.
    const results = await Promise.all([
      handler()({ deliveryId: d!.id }, run()),
      handler()({ deliveryId: d!.id }, run()),
    ]);
    expect(results).toContainEqual({ delivered: true, status: 200 });
    expect(results).toContainEqual({ skipped: 'já enviada, em envio ou removida' });
    await expect(handler()({ deliveryId: d!.id }, run(1))).resolves.toEqual({
      skipped: 'já enviada, em envio ou removida',
    });
    expect(receiver.received).toHaveLength(1);
    const [after] = await deliveriesOf(webhook.id);
    expect(after).toMatchObject({ status: 'enviada', tentativas: 1 });
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const { webhook } = await register();
    receiver.answer(200, {}, 1_500);
    await emit();
    const [d] = await deliveriesOf(webhook.id);
    await expect(handler(300)({ deliveryId: d!.id }, run())).rejects.toThrow(
      /sem resposta em 300 ms/,
    );
    const [after] = await deliveriesOf(webhook.id);
    expect(after!.status).toBe('pendente');
    expect(after!.ultimoErro).toBe('Sem resposta: sem resposta em 300 ms');
  });
});
