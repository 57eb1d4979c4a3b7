import { pushPayloadSchema, startOfDayInZone, todayIn, addDaysTo } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  contracts,
  pushSubscriptions,
  pushVapidKeys,
  userContracts,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { startPushReceiver } from '../../../test/push-receiver.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { ensureVapidKeys } from './push-sender.ts';
import { pushPayloadOf } from './push.service.ts';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

let t: TestApp;
const receivers: Array<Awaited<ReturnType<typeof startPushReceiver>>> = [];
beforeAll(async () => {
  // The fake push services listen on 127.0.0.1 over http: allowed by configuration only.
  t = await createTestApp({ OUTBOUND_URL_ALLOWLIST: 'http://127.0.0.1' });
  // Pushes are queue jobs: this node's workers send them.
  await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
});
afterEach(async () => {
  await t.app.push.idle();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await t.app.jobs.stop();
  await t.close();
});

async function receiver() {
  const r = await startPushReceiver();
  receivers.push(r);
  return r;
}

function call(cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...spa, cookie, 'user-agent': ANDROID_CHROME },
    ...(payload && { payload }),
  });
}

async function subscribed(role = 'Equipe') {
  const who = await userWithSession(t, role);
  const r = await receiver();
  const res = await call(who.cookie, 'POST', '/api/push/subscriptions', {
    endpoint: r.endpoint,
    keys: r.keys,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...who, r, device: res.json<{ id: number }>() };
}

let agendaDay = 40;
/** POST /api/tatico/agenda as a coordenador, on a day of its own, naming these people. */
async function bookAgenda(coord: { user: { id: number }; cookie: string }, pessoas: number[]) {
  const [c] = await t.database.db
    .insert(contracts)
    .values({ codigo: `PUSH-${agendaDay}`, nome: 'Contrato push', cliente: 'Cliente' })
    .returning();
  await t.database.db.insert(userContracts).values({ userId: coord.user.id, contractId: c!.id });
  const day = addDaysTo(todayIn('America/Sao_Paulo'), agendaDay++);
  const start = startOfDayInZone(day, 'America/Sao_Paulo').getTime();
  return call(coord.cookie, 'POST', '/api/tatico/agenda', {
    inicio: new Date(start + 8 * 3_600_000).toISOString(),
    fim: new Date(start + 12 * 3_600_000).toISOString(),
    local: 'Subestação Leste',
    contract_id: c!.id,
    pessoas,
    descricao: 'Troca de disjuntor',
  });
}

const notifier = () =>
  createNotificationsService({ database: t.database, events: t.events, push: t.app.push });

describe('VAPID keys', () => {
  it('are made once and shared: two nodes starting at once read the same pair', async () => {
    await t.database.db.delete(pushVapidKeys);
    const [a, b] = await Promise.all([
      ensureVapidKeys(t.database.db),
      ensureVapidKeys(t.database.db),
    ]);
    expect(a.publicKey).toBe(b.publicKey);
    expect(a.privateKey).toBe(b.privateKey);
    expect(await t.database.db.select().from(pushVapidKeys)).toHaveLength(1);
  });

  it('GET /api/push/public-key gives the stored public key (an uncompressed P-256 point)', async () => {
    const { cookie } = await userWithSession(t, 'Equipe');
    const res = await call(cookie, 'GET', '/api/push/public-key');
    expect(res.statusCode).toBe(200);
    const key = res.json<{ public_key: string }>().public_key;
    const [stored] = await t.database.db.select().from(pushVapidKeys);
    expect(key).toBe(stored!.publicKey);
    const raw = Buffer.from(key, 'base64url');
    expect(raw).toHaveLength(65);
    expect(raw[0]).toBe(4);
    expect((await t.app.inject({ url: '/api/push/public-key' })).statusCode).toBe(401);
  });
});

describe('/api/push/subscriptions', () => {
  it('saves a device with its label, lists it, and only its owner removes it', async () => {
    const a = await subscribed();
    const list = await call(a.cookie, 'GET', '/api/push/subscriptions');
    expect(list.json()).toEqual({
      items: [
        {
          id: a.device.id,
          endpoint: a.r.endpoint,
          device_label: 'Chrome no Android',
          created_at: expect.any(String),
          last_success_at: null,
          last_failure_at: null,
        },
      ],
    });
    const other = await userWithSession(t, 'Equipe');
    const foreign = await call(other.cookie, 'DELETE', `/api/push/subscriptions/${a.device.id}`);
    expect(foreign.statusCode).toBe(404);
    expect((await call(other.cookie, 'GET', '/api/push/subscriptions')).json()).toEqual({
      items: [],
    });
    const own = await call(a.cookie, 'DELETE', `/api/push/subscriptions/${a.device.id}`);
    expect(own.statusCode).toBe(200);
    expect((await call(a.cookie, 'GET', '/api/push/subscriptions')).json()).toEqual({ items: [] });
  });

  it('moves a browser to whoever subscribes it last (a shared phone), never duplicating it', async () => {
    const a = await subscribed();
    const b = await userWithSession(t, 'Equipe');
    const again = await call(b.cookie, 'POST', '/api/push/subscriptions', {
      endpoint: a.r.endpoint,
      keys: a.r.keys,
    });
    expect(again.statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, a.r.endpoint));
    expect(rows.map((r) => r.userId)).toEqual([b.user.id]);
  });

  it.each([
    ['an http endpoint on another host', { endpoint: 'http://push.example.com/x' }, 'endpoint'],
    ['a non-URL endpoint', { endpoint: 'não é endereço' }, 'endpoint'],
    ['an endpoint with credentials', { endpoint: 'https://u:p@push.example.com/x' }, 'endpoint'],
    ['a huge endpoint', { endpoint: `https://push.example.com/${'a'.repeat(1000)}` }, 'endpoint'],
    ['a short p256dh', { keys: { p256dh: 'abc', auth: 'x'.repeat(22) } }, 'keys.p256dh'],
    ['a non-base64 auth', { keys: { p256dh: 'B'.repeat(87), auth: '#'.repeat(22) } }, 'keys.auth'],
    ['no keys', { keys: undefined }, 'keys'],
  ])('refuses %s with 400 in Portuguese', async (_name, patch, field) => {
    const { cookie } = await userWithSession(t, 'Equipe');
    const body = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
      ...patch,
    };
    const res = await call(cookie, 'POST', '/api/push/subscriptions', body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ field: string }>().field).toBe(field);
    expect(res.json<{ error: string }>().error).toMatch(/[ãçéí]|Informe|inválid/);
  });
});

describe('sending', () => {
  it('sends a correctly encrypted, VAPID-signed push when an agenda entry names the person', async () => {
    const coord = await userWithSession(t, 'Coordenador');
    const tech = await subscribed();
    const res = await bookAgenda(coord, [tech.user.id]);
    expect(res.statusCode, res.body).toBe(201);

    const [push] = await tech.r.waitFor(1);
    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    const payload = pushPayloadSchema.parse(JSON.parse(tech.r.decrypt(push!.body)));
    expect(payload).toEqual({
      title: 'Agenda',
      body: expect.stringMatching(/^Você tem um novo agendamento em .*: Subestação Leste\.$/),
      url: '/tatico/agenda',
    });
    const vapid = tech.r.vapid(push!.headers.authorization);
    expect(vapid.valid).toBe(true);
    expect(vapid.claims.aud).toBe(tech.r.origin);
    expect(vapid.claims.sub).toBe('mailto:nao-responda@eproto.local');
    expect(vapid.publicKey).toBe(
      (await call(tech.cookie, 'GET', '/api/push/public-key')).json<{ public_key: string }>()
        .public_key,
    );
    await t.app.push.idle();
    const [row] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, tech.device.id));
    expect(row!.lastSuccessAt).not.toBeNull();
    // The author is not pushed about their own write.
    expect(coord.user.id).not.toBe(tech.user.id);
  });

  it('reaches every device of the person, and nobody else', async () => {
    const a = await subscribed();
    const second = await receiver();
    await call(a.cookie, 'POST', '/api/push/subscriptions', {
      endpoint: second.endpoint,
      keys: second.keys,
    });
    const bystander = await subscribed();
    await notifier().notify({
      userIds: [a.user.id],
      type: 'task_assigned',
      texto: 'Você é o responsável pela tarefa "Medir aterramento" em "Obra Norte".',
      protocolId: 42,
    });
    await t.app.push.idle();
    for (const r of [a.r, second]) {
      expect(r.received).toHaveLength(1);
      expect(JSON.parse(r.decrypt(r.received[0]!.body))).toEqual({
        title: 'Nova atribuição',
        body: 'Você é o responsável pela tarefa "Medir aterramento" em "Obra Norte".',
        url: '/eproto/protocols/42',
      });
    }
    expect(bystander.r.received).toHaveLength(0);
  });

  it('respects the person’s notification preferences and sends nothing for bell-only kinds', async () => {
    const a = await subscribed();
    await t.database.db
      .update(users)
      .set({ notificationPrefs: { mention: false } })
      .where(eq(users.id, a.user.id));
    const n = notifier();
    await n.notify({ userIds: [a.user.id], type: 'mention', texto: 'Oi @Fulano' });
    await n.notify({ userIds: [a.user.id], type: 'attachment', texto: 'Novo anexo', muralId: 3 });
    await n.notify({
      userIds: [a.user.id],
      type: 'other',
      customText: 'Chamado respondido',
      link: '/ti/help/3',
    });
    await t.app.push.idle();
    expect(a.r.received).toHaveLength(0);
  });

  it('sends only after the transaction commits, and nothing when it rolls back', async () => {
    const a = await subscribed();
    const n = notifier();
    await t.database.db
      .transaction(async (tx) => {
        await n.notify({ userIds: [a.user.id], type: 'mention', texto: 'nunca gravado' }, tx);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await t.app.push.idle();
    expect(a.r.received).toHaveLength(0);
  });

  it('forgets a device the push service calls gone (410, 404) and keeps one that failed once', async () => {
    const gone = await subscribed();
    gone.r.answer(410);
    const missing = await subscribed();
    missing.r.answer(404);
    const flaky = await subscribed();
    flaky.r.answer(500);
    await notifier().notify({
      userIds: [gone.user.id, missing.user.id, flaky.user.id],
      type: 'mention',
      texto: 'Veja isto',
    });
    await t.app.push.idle();
    const left = await t.database.db.select().from(pushSubscriptions);
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(gone.device.id);
    expect(ids).not.toContain(missing.device.id);
    const kept = left.find((r) => r.id === flaky.device.id);
    expect(kept?.lastFailureAt).not.toBeNull();
    expect(kept?.lastFailure).toBe('HTTP 500');
  });

  it('never holds up or fails the write: a hung or unreachable push service', async () => {
    const hung = await subscribed();
    const release = hung.r.holdAnswers();
    const dead = await subscribed();
    await dead.r.close();
    const coord = await userWithSession(t, 'Coordenador');
    // Answered while the push service still holds its answer back (or cannot be reached).
    const res = await bookAgenda(coord, [hung.user.id, dead.user.id]);
    expect(res.statusCode, res.body).toBe(201);
    await hung.r.waitFor(1);
    release();
    await t.app.push.idle();
    const [deadRow] = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, dead.device.id));
    expect(deadRow!.lastFailureAt).not.toBeNull();
  });
});

describe('pushPayloadOf (PUSH_RULES)', () => {
  it.each([
    [{ type: 'mention', texto: 'Oi', muralId: 7 }, 'Você foi mencionado', '/eproto/murals/7'],
    [
      { type: 'task_assigned', texto: 'Tarefa', protocolId: 9 },
      'Nova atribuição',
      '/eproto/protocols/9',
    ],
    [{ type: 'other', customText: 'Ag', link: '/tatico/agenda' }, 'Agenda', '/tatico/agenda'],
    [
      { type: 'other', customText: 'S', link: '/solicitacoes?id=3' },
      'Solicitação',
      '/solicitacoes?id=3',
    ],
    [
      { type: 'other', customText: 'E', link: '/tatico/epi?aba=meus' },
      'EPI para confirmar',
      '/tatico/epi?aba=meus',
    ],
    [
      { type: 'os_assigned', customText: 'OS', link: '/tatico/agenda/os/8' },
      'Nova OS',
      '/tatico/agenda/os/8',
    ],
    [
      { type: 'os_concluded', customText: 'OS', link: '/tatico/agenda/os/8' },
      'OS concluída',
      '/tatico/agenda/os/8',
    ],
  ])('%o becomes a push titled %s opening %s', (n, title, url) => {
    expect(pushPayloadOf(n)).toMatchObject({ title, url });
  });

  it.each([
    { type: 'attachment', texto: 'x', muralId: 1 },
    { type: 'status_changed', texto: 'x', muralId: 1 },
    { type: 'deadline_reminder', texto: 'x', muralId: 1 },
    { type: 'other', customText: 'Troca de EPI', link: '/tatico/epi' },
    { type: 'other', customText: 'Chamado', link: '/ti/help/1' },
  ])('%o stays in the bell only', (n) => {
    expect(pushPayloadOf(n)).toBeNull();
  });

  it('cuts a long text to fit a push', () => {
    const p = pushPayloadOf({ type: 'mention', texto: 'a'.repeat(2000) });
    expect(p!.body.length).toBeLessThanOrEqual(240);
    expect(p!.body.endsWith('…')).toBe(true);
  });
});
