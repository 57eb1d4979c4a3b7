import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DbHealth } from '../../db/health.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ DB_UNHEALTHY_AFTER_SECONDS: '10' });
});
afterAll(() => t.close());

const liveUrl = () => (t.database.pool.options as { connectionString: string }).connectionString;

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json<{ status: string }>() };
};

describe('/api/health and /api/ready while the database is away', () => {
  it('health stays 200 through a short outage; ready answers 503 at once', async () => {
    t.database.health.markDown(Date.now() - 3_000);
    expect((await get('/api/health')).status).toBe(200);
    expect(await get('/api/ready')).toEqual({ status: 503, body: { status: 'indisponível' } });
  });

  it('health turns 503 once the outage passes DB_UNHEALTHY_AFTER_SECONDS, 200 when it is back', async () => {
    // The outage began 11 s ago (markDown keeps the first report).
    const health = new DbHealth(liveUrl());
    t.database.health = health;
    health.markDown(Date.now() - 11_000);
    expect(await get('/api/health')).toEqual({
      status: 503,
      body: { status: 'banco de dados indisponível' },
    });
    expect(await health.probe()).toBe(true);
    expect(await get('/api/health')).toEqual({ status: 200, body: { status: 'ok' } });
    expect((await get('/api/ready')).status).toBe(200);
    await health.stop();
  });
});

describe('DbHealth probe', () => {
  it('sees a server that does not answer as down, and a live one as up again', async () => {
    const dead = new DbHealth('postgres://x:y@127.0.0.1:1/x', { timeoutMs: 1_000 });
    expect(await dead.probe()).toBe(false);
    expect(dead.isDown()).toBe(true);
    await dead.stop();

    const live = new DbHealth(liveUrl());
    live.markDown();
    expect(await live.probe()).toBe(true);
    expect(live.isDown()).toBe(false);
    expect(live.downForMs()).toBe(0);
    await live.stop();
  });
});
