import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.ts';
import type { HostLookup } from '../../lib/outbound-url.ts';
import { createTestApp, spa, userWithSession, type TestApp } from '../../../test/helpers.ts';
import { startPushReceiver } from '../../../test/push-receiver.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { SUBSCRIPTIONS_PER_PERSON } from './push.service.ts';

// Issue 38.1: push endpoints go through the outbound-URL guard when stored and before each
// send, the send connects to the address just checked, and a person keeps at most 10 devices.

let t: TestApp;
/** The DNS the app's guard sees: names made up here (no real DNS is asked), calls recorded. */
const dns = new Map<string, string[] | ((call: number) => string[])>();
const lookups: string[] = [];
const lookup: HostLookup = async (name) => {
  lookups.push(name);
  const entry = dns.get(name);
  const found =
    typeof entry === 'function' ? entry(lookups.filter((n) => n === name).length) : entry;
  if (!found)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
  return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};
const receivers: Array<Awaited<ReturnType<typeof startPushReceiver>>> = [];

beforeAll(async () => {
  t = await createTestApp(
    // A company's own relay, allowed by name whatever it resolves to (here: this machine).
    { OUTBOUND_URL_ALLOWLIST: 'http://push-relay.teste' },
    { outboundLookup: lookup },
  );
  // Pushes are queue jobs: this node's workers send them.
  await t.app.jobs.start({ pollingIntervalSeconds: 0.5 });
});
beforeEach(() => {
  dns.clear();
  lookups.length = 0;
});
afterEach(async () => {
  await t.app.push.idle();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await t.app.jobs.stop();
  await t.close();
});

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

function subscribe(cookie: string, endpoint: string, keys: object = KEYS) {
  return t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { ...spa, cookie },
    payload: { endpoint, keys },
  });
}

const storedFor = (userId: number) =>
  t.database.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(pushSubscriptions.id);

const notify = (userIds: number[]) =>
  createNotificationsService({ database: t.database, events: t.events, push: t.app.push }).notify({
    userIds,
    type: 'mention',
    texto: 'Veja a OS 12',
  });

describe('POST /api/push/subscriptions refuses endpoints that reach inside', () => {
  beforeEach(() => {
    dns.set('interno.exemplo.com.br', ['10.20.30.40']);
    dns.set('metadados.exemplo.com.br', ['169.254.169.254']);
    dns.set('misto.exemplo.com.br', ['142.250.79.10', 'fd00::1']);
  });

  it.each([
    'https://127.0.0.2/push',
    'https://0.0.0.0/push',
    'https://[::ffff:127.0.0.1]/push',
    'https://[::1]/push',
    'https://localhost./push',
    'https://2130706433/push',
    'https://0177.0.0.1/push',
    'https://10.1.2.3/push',
    'https://172.20.0.1/push',
    'https://192.168.15.1/push',
    'https://169.254.169.254/latest/meta-data',
    'https://100.100.100.200/push',
    'https://[fe80::1]/push',
    'https://[fc00::1]/push',
    'https://interno.exemplo.com.br/push',
    'https://metadados.exemplo.com.br./push',
    'https://misto.exemplo.com.br/push',
    'http://push.exemplo.com.br/push',
    'http://127.0.0.1:9/push',
    'https://nao-existe.exemplo.com.br/push',
  ])('%s: 400 in Portuguese, nothing stored', async (endpoint) => {
    const who = await userWithSession(t, 'Equipe');
    const res = await subscribe(who.cookie, endpoint);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ error: string; field: string }>();
    expect(body.field).toBe('endpoint');
    expect(body.error).toMatch(/^Endereço de envio recusado: /);
    expect(await storedFor(who.user.id)).toEqual([]);
  });

  it('accepts an https endpoint on public addresses and an allowed relay', async () => {
    dns.set('fcm.exemplo.com.br', ['142.250.79.10', '2800:3f0:4001:80a::200a']);
    dns.set('push-relay.teste', ['10.0.0.7']);
    const who = await userWithSession(t, 'Equipe');
    expect((await subscribe(who.cookie, 'https://fcm.exemplo.com.br/fcm/send/1')).statusCode).toBe(
      201,
    );
    expect((await subscribe(who.cookie, 'http://push-relay.teste/p/1')).statusCode).toBe(201);
    expect((await storedFor(who.user.id)).map((s) => s.endpoint)).toEqual([
      'https://fcm.exemplo.com.br/fcm/send/1',
      'http://push-relay.teste/p/1',
    ]);
  });
});

describe('sending checks again and connects to the checked address', () => {
  it('sends nothing to a name that resolves inside by now, and records why', async () => {
    dns.set('fcm.exemplo.com.br', ['142.250.79.10']);
    const who = await userWithSession(t, 'Equipe');
    expect((await subscribe(who.cookie, 'https://fcm.exemplo.com.br/fcm/send/2')).statusCode).toBe(
      201,
    );
    // The name now points at the cloud metadata service (DNS rebinding).
    dns.set('fcm.exemplo.com.br', ['169.254.169.254']);
    await notify([who.user.id]);
    await t.app.push.idle();
    const [row] = await storedFor(who.user.id);
    expect(row!.lastFailureAt).not.toBeNull();
    expect(row!.lastFailure).toBe(
      'Endereço recusado: o endereço aponta para uma rede interna, reservada ou para este servidor.',
    );
    expect(row!.lastSuccessAt).toBeNull();
    // Nothing was sent: the delivery is not "Enviado" (completed) but waits for its retry.
    const jobs = await t.database.db.execute<{ state: string }>(
      sql`select state from pgboss.job where name = 'push-deliver'`,
    );
    expect(jobs.rows.map((j) => j.state)).toEqual(['retry']);
  });

  it('resolves once per send and connects to that answer, not to a later one', async () => {
    const relay = await startPushReceiver();
    receivers.push(relay);
    // Same port on another loopback address: where a second resolution would now point.
    const elsewhere = await startPushReceiver({
      host: '127.0.0.2',
      port: Number(new URL(relay.origin).port),
    });
    receivers.push(elsewhere);
    const port = new URL(relay.origin).port;
    const endpoint = `http://push-relay.teste:${port}/push/abc`;
    const who = await userWithSession(t, 'Equipe');
    dns.set('push-relay.teste', ['127.0.0.1']);
    expect((await subscribe(who.cookie, endpoint, relay.keys)).statusCode).toBe(201);

    lookups.length = 0;
    // First answer of the send: the relay; every later answer: the other address.
    dns.set('push-relay.teste', (call) => (call === 1 ? ['127.0.0.1'] : ['127.0.0.2']));
    await notify([who.user.id]);
    await t.app.push.idle();
    expect(lookups).toEqual(['push-relay.teste']);
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]!.headers.host).toBe(`push-relay.teste:${port}`);
    expect(JSON.parse(relay.decrypt(relay.received[0]!.body))).toMatchObject({
      body: 'Veja a OS 12',
    });
    expect(elsewhere.received).toHaveLength(0);
    const [row] = await storedFor(who.user.id);
    expect(row!.lastSuccessAt).not.toBeNull();
  });

  it('does not follow a redirect the push service answers with', async () => {
    const relay = await startPushReceiver();
    receivers.push(relay);
    relay.answer(307);
    dns.set('push-relay.teste', ['127.0.0.1']);
    const who = await userWithSession(t, 'Equipe');
    const endpoint = `http://push-relay.teste:${new URL(relay.origin).port}/push/r`;
    expect((await subscribe(who.cookie, endpoint, relay.keys)).statusCode).toBe(201);
    await notify([who.user.id]);
    await t.app.push.idle();
    expect(relay.received).toHaveLength(1);
    const [row] = await storedFor(who.user.id);
    expect(row!.lastFailure).toBe('HTTP 307');
  });
});

describe(`at most ${SUBSCRIPTIONS_PER_PERSON} devices per person`, () => {
  beforeEach(() => dns.set('fcm.exemplo.com.br', ['142.250.79.10']));
  const endpointOf = (n: number) => `https://fcm.exemplo.com.br/fcm/send/${n}`;

  it('a new device beyond the limit replaces the least recently used one', async () => {
    const who = await userWithSession(t, 'Equipe');
    for (let n = 1; n <= SUBSCRIPTIONS_PER_PERSON; n++) {
      expect((await subscribe(who.cookie, endpointOf(n))).statusCode).toBe(201);
    }
    // Device n was added n days ago... backwards: 1 is the oldest. Device 1 pushed an hour ago.
    await t.database.db.execute(sql`
      UPDATE push_subscriptions
      SET created_at = now() - make_interval(days => 20 - (id - (SELECT min(id) FROM push_subscriptions WHERE user_id = ${who.user.id}))::int)
      WHERE user_id = ${who.user.id}`);
    await t.database.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: sql`now() - interval '1 hour'` })
      .where(eq(pushSubscriptions.endpoint, endpointOf(1)));

    // Subscribing a device it already has again replaces nothing.
    expect((await subscribe(who.cookie, endpointOf(5))).statusCode).toBe(201);
    expect(await storedFor(who.user.id)).toHaveLength(SUBSCRIPTIONS_PER_PERSON);

    expect((await subscribe(who.cookie, endpointOf(11))).statusCode).toBe(201);
    const left = (await storedFor(who.user.id)).map((s) => s.endpoint);
    expect(left).toHaveLength(SUBSCRIPTIONS_PER_PERSON);
    // Device 2: the oldest never used. Device 1 is older but pushed recently.
    expect(left).not.toContain(endpointOf(2));
    expect(left).toContain(endpointOf(1));
    expect(left).toContain(endpointOf(11));
  });

  it('holds under devices subscribing at the same time', async () => {
    const who = await userWithSession(t, 'Equipe');
    const other = await userWithSession(t, 'Equipe');
    const otherEndpoint = 'https://fcm.exemplo.com.br/fcm/send/outra-pessoa';
    expect((await subscribe(other.cookie, otherEndpoint)).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, n) => subscribe(who.cookie, endpointOf(100 + n))),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
    expect(await storedFor(who.user.id)).toHaveLength(SUBSCRIPTIONS_PER_PERSON);
    // Someone else's devices are not counted nor touched.
    expect((await storedFor(other.user.id)).map((s) => s.endpoint)).toEqual([otherEndpoint]);
  });
});
