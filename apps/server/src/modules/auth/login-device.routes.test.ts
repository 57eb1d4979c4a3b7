import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema/index.ts';
import {
  cloneTestDatabase,
  createTestApp,
  createUser,
  PASSWORD,
  spa,
  type TestApp,
} from '../../../test/helpers.ts';
import { DEVICE_COOKIE_PATH, DEVICE_COOKIE_PREFIX } from './device-cookie.ts';
import { LOGIN_ALERT_WINDOW_MS } from './login-alert.ts';
import { growingDelayMs, LOGIN_LIMITS, throttleMessage } from './login-throttle.ts';

// Issue 38 point 2: nobody can lock an owner out. Two app nodes share one database (the
// throttle's state is in PostgreSQL), strangers come from more than 50 addresses (tests set
// the client address with inject's remoteAddress; X-Forwarded-For counts only with
// TRUST_PROXY), the owner's known browser keeps signing in, and the owner hears of it by e-mail
// through the app's own mailer (the outbox table, as without SMTP).

let nodeA: TestApp;
let nodeB: TestApp;
beforeAll(async () => {
  const url = await cloneTestDatabase();
  const shared = { mailer: 'outbox' as const, database: { url, directUrl: url } };
  nodeA = await createTestApp({}, shared);
  nodeB = await createTestApp({}, shared);
});
afterAll(async () => {
  await nodeA.close();
  await nodeB.close();
});
afterEach(() => vi.useRealTimers());

const WRONG = 'Palpite-errado-9';
let start = 0;
/** Moves the app's clock (only Date is faked: attempts are stamped by the server's clock). */
const at = (seconds: number) => vi.setSystemTime(start + seconds * 1000);
const beginClock = () => {
  start = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now: start });
};

/** One sign-in through a node, from an address, with the browser's cookies if it has some. */
function signIn(
  node: TestApp,
  v: { email: string; password: string; from: string; cookie?: string; forwardedFor?: string },
) {
  return node.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: v.from,
    headers: {
      ...spa,
      ...(v.cookie && { cookie: v.cookie }),
      ...(v.forwardedFor && { 'x-forwarded-for': v.forwardedFor }),
    },
    payload: { email: v.email, password: v.password },
  });
}

/** The device cookie a sign-in set, as a Cookie header for the next one. */
function deviceOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name.startsWith(DEVICE_COOKIE_PREFIX));
  if (!c) throw new Error(`sem cookie de dispositivo: ${res.statusCode} ${res.body}`);
  return `${c.name}=${c.value}`;
}

const alertsTo = (email: string) =>
  nodeA.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));

let seq = 0;
const newOwner = async () =>
  createUser(nodeA, { role: 'Gerente', email: `dona.${++seq}.${Date.now()}@teste.com` });

describe('a stranger cannot lock the owner out (two nodes, one database)', () => {
  it('with 110 addresses guessing, the known browser signs in, strangers wait longer and longer, the owner is mailed once', async () => {
    const owner = await newOwner();
    beginClock();
    const first = await signIn(nodeA, {
      email: owner.email,
      password: PASSWORD,
      from: '203.0.113.10',
    });
    expect(first.statusCode).toBe(200);
    const cookie = first.cookies.find((c) => c.name.startsWith(DEVICE_COOKIE_PREFIX))!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: DEVICE_COOKIE_PATH });
    expect(cookie.expires!.getTime() - start).toBeGreaterThan(179 * 86_400_000);
    let known = deviceOf(first);

    // Sixty failures, each from a new address and alternating nodes, each as soon as the last
    // wait ends; one second before each wait ends, yet another address is told to wait.
    let clock = 1;
    const addresses = new Set<string>();
    for (let k = 1; k <= 60; k++) {
      const node = k % 2 ? nodeA : nodeB;
      if (k > LOGIN_LIMITS.accountFreeFailures) {
        const early = `198.18.${k}.1`;
        addresses.add(early);
        at(clock - 1);
        const slowed = await signIn(node, { email: owner.email, password: WRONG, from: early });
        expect(slowed.statusCode, `${k}: ${slowed.body}`).toBe(429);
        expect(Number(slowed.headers['retry-after'])).toBe(1);
        expect(slowed.json().error).toBe(throttleMessage.account(1000));
      }
      const from = `198.18.${k}.2`;
      addresses.add(from);
      at(clock);
      const res = await signIn(node, { email: owner.email, password: WRONG, from });
      expect(res.statusCode, `${k}: ${res.body}`).toBe(401);
      expect(res.json().error).toBe('Email e/ou senha incorretos');
      clock += Math.max(1, growingDelayMs(k, LOGIN_LIMITS.accountFreeFailures) / 1000);

      if (k === 30) {
        // Mid-attack: the owner's known browser, from a new address and the other node ...
        at(clock - 2);
        const mine = await signIn(nodeB, {
          email: owner.email,
          password: PASSWORD,
          from: '203.0.113.77',
          cookie: known,
        });
        expect(mine.statusCode, mine.body).toBe(200);
        known = deviceOf(mine); // renewed at every sign-in
        // ... while a browser that never signed in waits, even with the right password.
        const fresh = await signIn(nodeA, {
          email: owner.email,
          password: PASSWORD,
          from: '203.0.113.78',
        });
        expect(fresh.statusCode).toBe(429);
        expect(Number(fresh.headers['retry-after'])).toBe(2);
      }
    }
    expect(addresses.size).toBe(110);
    // The waits grew to the cap and stayed there: never a lock.
    expect(growingDelayMs(60, LOGIN_LIMITS.accountFreeFailures)).toBe(LOGIN_LIMITS.maxDelayMs);

    at(clock - 1);
    const stillMine = await signIn(nodeA, {
      email: owner.email,
      password: PASSWORD,
      from: '198.18.60.2', // the stranger's last address: the cookie is what counts
      cookie: known,
    });
    expect(stillMine.statusCode).toBe(200);

    // One e-mail for the whole attack (the window is a day; the attack took ~11 hours).
    expect(clock * 1000).toBeLessThan(LOGIN_ALERT_WINDOW_MS);
    const mails = await vi.waitFor(async () => {
      const rows = await alertsTo(owner.email);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(mails[0]).toMatchObject({
      subject: 'E-Proto: tentativas de acesso à sua conta',
      status: 'kept',
    });
    expect(mails[0]!.body).toContain(`Houve ${LOGIN_LIMITS.accountFreeFailures} tentativas`);
    expect(mails[0]!.body).toContain('Sua conta não foi bloqueada');

    // A day later the failures have left the window; ten new ones tell the owner again.
    const later = clock + 25 * 3600;
    for (let k = 0; k < LOGIN_LIMITS.accountFreeFailures; k++) {
      at(later + k);
      const res = await signIn(nodeB, {
        email: owner.email,
        password: WRONG,
        from: `198.19.${k}.1`,
      });
      expect(res.statusCode).toBe(401);
    }
    await vi.waitFor(async () => expect(await alertsTo(owner.email)).toHaveLength(2));
  });

  it('a device cookie counts only for its account, signed by the server, and its own failures slow it', async () => {
    const owner = await newOwner();
    const other = await newOwner();
    beginClock();
    const mine = deviceOf(
      await signIn(nodeA, { email: owner.email, password: PASSWORD, from: '203.0.113.20' }),
    );
    const mineToo = deviceOf(
      await signIn(nodeB, { email: owner.email, password: PASSWORD, from: '203.0.113.21' }),
    );
    const othersOnThisBrowser = deviceOf(
      await signIn(nodeA, { email: other.email, password: PASSWORD, from: '203.0.113.20' }),
    );
    for (let k = 0; k < LOGIN_LIMITS.accountFreeFailures; k++) {
      at(1 + k);
      await signIn(nodeB, { email: owner.email, password: WRONG, from: `198.18.200.${k}` });
    }
    at(12);
    const [name, value] = mine.split('=') as [string, string];
    const forged = `${name}=${value.slice(0, -4)}AAAA`;
    const foreignName = `${name}=${othersOnThisBrowser.split('=')[1]}`;
    for (const [label, cookie] of [
      ['no cookie', undefined],
      ['a forged signature', forged],
      ["another account's cookie", othersOnThisBrowser],
      ["another account's value under this name", foreignName],
    ] as const) {
      const res = await signIn(nodeA, {
        email: owner.email,
        password: PASSWORD,
        from: '203.0.113.22',
        cookie,
      });
      expect(res.statusCode, label).toBe(429);
      expect(res.json().error, label).toBe(throttleMessage.account(28_000));
    }
    expect(
      (
        await signIn(nodeA, {
          email: owner.email,
          password: PASSWORD,
          from: '203.0.113.22',
          cookie: mine,
        })
      ).statusCode,
    ).toBe(200);

    // Five wrong passwords with one known browser are answered; then that browser waits, and
    // only it: the owner's other known browser signs in.
    for (let k = 0; k < LOGIN_LIMITS.pairFreeFailures; k++) {
      at(20 + k);
      const res = await signIn(nodeB, {
        email: owner.email,
        password: WRONG,
        from: `203.0.113.${30 + k}`,
        cookie: mineToo,
      });
      expect(res.statusCode).toBe(401);
    }
    at(25);
    const slowed = await signIn(nodeA, {
      email: owner.email,
      password: PASSWORD,
      from: '203.0.113.40',
      cookie: mineToo,
    });
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toBe(throttleMessage.device(29_000));
    const other2 = await signIn(nodeA, {
      email: owner.email,
      password: PASSWORD,
      from: '203.0.113.40',
      cookie: mine,
    });
    expect(other2.statusCode).toBe(200);
  });

  it('a device cookie older than 180 days is worth nothing', async () => {
    const owner = await newOwner();
    beginClock();
    const old = deviceOf(
      await signIn(nodeA, { email: owner.email, password: PASSWORD, from: '203.0.113.50' }),
    );
    // Strangers at day 179 and 181; the same cookie counts on the first day, not on the second.
    for (const day of [179, 181]) {
      for (let k = 0; k < LOGIN_LIMITS.accountFreeFailures; k++) {
        at(day * 86_400 + k);
        await signIn(nodeB, { email: owner.email, password: WRONG, from: `198.18.${day}.${k}` });
      }
      at(day * 86_400 + 10);
      const res = await signIn(nodeA, {
        email: owner.email,
        password: PASSWORD,
        from: '203.0.113.50',
        cookie: old,
      });
      expect(res.statusCode, `dia ${day}`).toBe(day < 180 ? 200 : 429);
    }
  });

  it('X-Forwarded-For does not make one address many unless TRUST_PROXY is set', async () => {
    const owner = await newOwner();
    beginClock();
    for (let k = 0; k < LOGIN_LIMITS.pairFreeFailures; k++) {
      at(k);
      const res = await signIn(nodeA, {
        email: owner.email,
        password: WRONG,
        from: '192.0.2.50',
        forwardedFor: `198.18.100.${k}`,
      });
      expect(res.statusCode).toBe(401);
    }
    at(5);
    const res = await signIn(nodeA, {
      email: owner.email,
      password: WRONG,
      from: '192.0.2.50',
      forwardedFor: '198.18.100.99',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(throttleMessage.pair(29_000));
  });
});
