import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, PASSWORD, spa, type TestApp } from '../../../test/helpers.ts';
import * as crypto from '../../lib/crypto.ts';
import { growingDelayMs, LOGIN_LIMITS, throttleMessage, waitText } from './login-throttle.ts';

// Wraps the real argon2 verification so the test can count calls.
vi.mock('../../lib/crypto.ts', async (importOriginal) => {
  const real = await importOriginal<typeof crypto>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

// Sign-in throttling rules, each as a table of attempts on a fake clock (only Date is faked:
// every attempt is stamped by the server's clock, so no test sleeps).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());
afterEach(() => vi.useRealTimers());

const NEW_PASSWORD = 'Campo#Seguro2026x';

/** One sign-in attempt: `at` seconds after the case starts, from an address, as a person. */
interface Step {
  at: number;
  from: string;
  who: string;
  password: 'certa' | 'errada';
  status: 200 | 401 | 429;
  retryAfter?: number;
  error?: string | RegExp;
}
/** Instead of signing in, the person uses a password-reset link at that moment. */
interface ResetStep {
  at: number;
  from: string;
  reset: string;
}

interface Case {
  name: string;
  /** Names of people with an account; any other name in the steps is an unknown e-mail. */
  people: string[];
  steps: Array<Step | ResetStep>;
}

const wrong = (at: number, from: string, who: string, status: 401 | 429 = 401): Step => ({
  at,
  from,
  who,
  password: 'errada',
  status,
});
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** When the n-th failure (1-based) from unknown browsers may come, each one as soon as allowed. */
function timeAfter(n: number): number {
  let at = 0;
  for (let k = 1; k < n; k++)
    at += Math.max(1, growingDelayMs(k, LOGIN_LIMITS.accountFreeFailures) / 1000);
  return at;
}
/** n failures of one e-mail, each from a new address, each as soon as the last wait is over. */
function strangerFailures(n: number, from: (i: number) => string, who: string): Step[] {
  return range(n).map((i) => wrong(timeAfter(i + 1), from(i), who));
}
// Addresses from the documentation ranges (RFC 5737); each case gets its own.
let net = 0;
const addressesOf = () => {
  const n = ++net;
  return (host: number) => `198.51.${n}.${host}`;
};

function cases(): Case[] {
  const a = addressesOf();
  const b = addressesOf();
  const c = addressesOf();
  const d = addressesOf();
  const e = addressesOf();
  const f = addressesOf();
  return [
    {
      name: 'five failures of one e-mail from one address are answered; then the wait doubles',
      people: ['ana'],
      steps: [
        ...range(5).map((i) => wrong(i, a(1), 'ana')),
        // Even the right password waits: the answer must not tell a guess apart.
        {
          at: 5,
          from: a(1),
          who: 'ana',
          password: 'certa',
          status: 429,
          retryAfter: 29,
          error:
            'Muitas tentativas de login com este e-mail. Aguarde 29 segundos e tente novamente.',
        },
        wrong(35, a(1), 'ana'),
        { ...wrong(36, a(1), 'ana', 429), retryAfter: 59 },
        wrong(96, a(1), 'ana'),
        { ...wrong(97, a(1), 'ana', 429), retryAfter: 119, error: /Aguarde 2 minutos/ },
        { at: 217, from: a(1), who: 'ana', password: 'certa', status: 200 },
        // A success ends the streak.
        ...range(5).map((i) => wrong(218 + i, a(1), 'ana')),
      ],
    },
    {
      name: 'the owner signs in from another address while someone else is being slowed down',
      people: ['bia'],
      steps: [
        ...range(5).map((i) => wrong(i, b(1), 'bia')),
        wrong(5, b(1), 'bia', 429),
        { at: 6, from: b(2), who: 'bia', password: 'certa', status: 200 },
        ...range(5).map((i) => wrong(7 + i, b(3), 'bia')),
        wrong(12, b(3), 'bia', 429),
        { at: 13, from: b(4), who: 'bia', password: 'certa', status: 200 },
      ],
    },
    {
      name: 'one address failing on 20 different e-mails is slowed down for every e-mail',
      people: ['caio'],
      steps: [
        ...range(20).map((i) => wrong(i * 3, c(1), `spray${i}`)),
        {
          at: 61,
          from: c(1),
          who: 'caio',
          password: 'certa',
          status: 429,
          retryAfter: 3600 - 61,
          error: /a partir desta rede\. Aguarde 59 minutos/,
        },
        // Someone at another address is not affected ...
        { at: 62, from: c(2), who: 'caio', password: 'certa', status: 200 },
        // ... and the address is free again once the oldest failure leaves the hour.
        { at: 3601, from: c(1), who: 'caio', password: 'certa', status: 200 },
      ],
    },
    {
      name: 'colleagues behind one office address who mistype and then sign in do not add up',
      people: range(24).map((i) => `colega${i}`),
      steps: range(24).flatMap((i): Step[] => [
        wrong(i * 5, d(1), `colega${i}`),
        { at: i * 5 + 2, from: d(1), who: `colega${i}`, password: 'certa', status: 200 },
      ]),
    },
    {
      name: 'failures from many addresses slow unknown browsers down, growing, until a reset link is used',
      people: ['davi'],
      steps: [
        // Ten failures from ten addresses are answered; then every unknown browser waits.
        ...range(10).map((i) => wrong(i, e(10 + i), 'davi')),
        {
          ...wrong(10, e(30), 'davi', 429),
          retryAfter: 29,
          error: throttleMessage.account(29_000),
        },
        wrong(39, e(31), 'davi'),
        { ...wrong(40, e(32), 'davi', 429), retryAfter: 59 },
        wrong(99, e(33), 'davi'),
        // Even the right password waits, from a new address: a guess must not be told apart.
        { at: 100, from: e(34), who: 'davi', password: 'certa', status: 429, retryAfter: 119 },
        { at: 101, from: e(35), reset: 'davi' },
        { at: 102, from: e(36), who: 'davi', password: 'certa', status: 200 },
      ],
    },
    {
      name: 'the waits end by themselves: never a lock, not even after 60 failures',
      people: ['edu'],
      steps: [
        ...strangerFailures(60, (i) => e(100 + i), 'edu'),
        { at: timeAfter(60) + 900, from: e(250), who: 'edu', password: 'certa', status: 200 },
      ],
    },
    {
      name: 'an unknown e-mail answers exactly like a known one, waits included',
      people: [],
      steps: [
        ...range(10).map((i) => wrong(i, f(10 + i), 'ninguem')),
        {
          ...wrong(10, f(99), 'ninguem', 429),
          retryAfter: 29,
          error: throttleMessage.account(29_000),
        },
        wrong(39, f(98), 'ninguem'),
      ],
    },
  ];
}

describe('sign-in throttling (route, fake clock)', () => {
  it.each(cases().map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const tag = Math.random().toString(36).slice(2, 8);
    const emailOf = (who: string) => `${who}.${tag}@teste.com`;
    const password = new Map<string, string>();
    for (const who of c.people) {
      await createUser(t, { role: 'Gerente', email: emailOf(who) });
      password.set(who, PASSWORD);
    }
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    for (const step of c.steps) {
      vi.setSystemTime(start + step.at * 1000);
      if ('reset' in step) {
        password.set(step.reset, await resetWithLink(emailOf(step.reset), step.from));
        continue;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: step.from,
        headers: spa,
        payload: {
          email: emailOf(step.who),
          password: step.password === 'certa' ? password.get(step.who) : 'Palpite-errado-9',
        },
      });
      const where = `${step.at}s ${step.from} ${step.who}: ${res.body}`;
      expect(res.statusCode, where).toBe(step.status);
      if (step.status === 401) expect(res.json().error).toBe('Email e/ou senha incorretos');
      if (step.status === 429) {
        expect(res.json().code, where).toBe('RATE_LIMITED');
        expect(Number(res.headers['retry-after']), where).toBeGreaterThan(0);
      }
      if (step.retryAfter !== undefined) {
        expect(Number(res.headers['retry-after']), where).toBe(step.retryAfter);
      }
      if (typeof step.error === 'string') expect(res.json().error, where).toBe(step.error);
      if (step.error instanceof RegExp) expect(res.json().error, where).toMatch(step.error);
    }
  });
});

/** Asks for a reset link, uses it with a new password and returns that password. */
async function resetWithLink(email: string, from: string): Promise<string> {
  t.mails.length = 0;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset-request',
    remoteAddress: from,
    headers: spa,
    payload: { email },
  });
  expect(asked.statusCode).toBe(200);
  const mail = await vi.waitFor(() => {
    const m = t.mails.find((x) => x.to === email && x.link);
    if (!m?.link) throw new Error('sem e-mail ainda');
    return m;
  });
  const token = new URL(mail.link!).searchParams.get('token');
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset',
    remoteAddress: from,
    headers: spa,
    payload: { token, password: NEW_PASSWORD },
  });
  expect(reset.statusCode, reset.body).toBe(200);
  return NEW_PASSWORD;
}

describe('equal work for known and unknown e-mails', () => {
  it('runs exactly one argon2 verification for a wrong password, an unknown e-mail and a deactivated account', async () => {
    const known = await createUser(t, { role: 'Gerente' });
    const off = await createUser(t, { role: 'Gerente', active: false });
    const verify = vi.mocked(crypto.verifyPassword);
    for (const email of [known.email, 'nao.existe.mesmo@teste.com', off.email]) {
      verify.mockClear();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.7',
        headers: spa,
        payload: { email, password: 'Palpite-errado-9' },
      });
      expect(res.statusCode).toBe(401);
      expect(verify).toHaveBeenCalledTimes(1);
      // Unknown and deactivated e-mails are checked against a real argon2id hash too.
      expect(verify.mock.calls[0]![0]).toMatch(/^\$argon2id\$/);
    }
  });
});

describe('throttling arithmetic', () => {
  it('doubles the wait from the sixth failure on, up to 15 minutes', () => {
    expect([4, 5, 6, 7, 9, 10, 30].map((n) => growingDelayMs(n))).toEqual([
      0, 30_000, 60_000, 120_000, 480_000, 900_000, 900_000,
    ]);
  });
  it('gives an account ten free failures from unknown browsers, then the same doubling', () => {
    expect([9, 10, 11, 15, 60].map((n) => growingDelayMs(n, 10))).toEqual([
      0, 30_000, 60_000, 900_000, 900_000,
    ]);
  });
  it('says how long to wait in Portuguese, rounded up', () => {
    expect(waitText(400)).toBe('1 segundo');
    expect(waitText(29_001)).toBe('30 segundos');
    expect(waitText(61_000)).toBe('2 minutos');
    expect(waitText(3_600_000)).toBe('1 hora');
    expect(waitText(5_000_000)).toBe('2 horas');
  });
});
