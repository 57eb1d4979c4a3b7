import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../lib/storage.ts';
import { seedDemoIfEmpty } from '../seed/seed.ts';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';

// Every API route is fed malformed, oversized and hostile input. Nothing may answer 5xx, every
// answer carries the security headers, and a route that refused everything (4xx) must not have
// inserted or deleted a row.
let t: TestApp;
let cookie = '';

const HUGE = 'x'.repeat(200_000);
const HOSTILE_IDS = [
  'abc',
  '-1',
  '0',
  '99999999999999999999',
  "1' OR '1'='1",
  '..%2F..%2Fetc%2Fpasswd',
  '1.5',
];
const HOSTILE_BODIES: unknown[] = [
  {},
  [],
  'texto',
  42,
  null,
  { id: '1; DROP TABLE users;--', texto: '<script>alert(1)</script>', nome: HUGE },
  { stage: 'nao_existe', email: 'x', password: 1, to: 'abc', chatId: -5, page: -1 },
  { titulo: { $ne: 1 }, descricao: ['a'], inicio_previsto: '2026-02-31', fim_previsto: 'ontem' },
  { user_id: 'um', user_key: null, predecessor_id: 'x', lag_days: 1e12, reason: HUGE },
];
const HOSTILE_QUERIES = [
  '?page=-1&perPage=100000',
  '?page=abc&q=%3Cscript%3E',
  `?q=${encodeURIComponent("' OR 1=1 --")}&ids=1,2,abc,,,`,
  '?contract_id=..%2F..&board_id=1e99&start=2026-13-45&end=x',
];

const AUDIT_TABLES = new Set([
  'activity_log',
  'login_attempts',
  'sessions',
  'email_outbox',
  '__drizzle_migrations',
]);

async function rowCounts(): Promise<Record<string, number>> {
  const tables = await t.database.db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const names = tables.rows.map((r) => r.tablename).filter((n) => !AUDIT_TABLES.has(n));
  if (names.length === 0) return {};
  const parts = names.map((n) => `(SELECT count(*) FROM "${n}") AS "${n}"`).join(', ');
  const res = await t.database.pool.query(`SELECT ${parts}`);
  return res.rows[0] as Record<string, number>;
}

function fill(url: string, id: string): string {
  return url.replace(/:[a-zA-Z_]+/g, id);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(
    t.database.db,
    'eproto123',
    localStorage(path.join(t.config.dataDir, 'uploads')),
  );
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: spa,
    payload: { email: 'ti@eproto.test', password: 'eproto123' },
  });
  const c = res.cookies.find((x) => x.name === 'eproto_session')!;
  cookie = `${c.name}=${c.value}`;
}, 120_000);
afterAll(async () => t.close());

describe('hostile input on every API route', () => {
  it('never answers 5xx and writes nothing when it refuses', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => !r.url.startsWith('/api/auth/logout') && r.url !== '/api/events',
    );
    expect(routes.length).toBeGreaterThan(20);
    const serverErrors: string[] = [];
    const writesOnRefusal: string[] = [];
    const missingHeaders: string[] = [];
    for (const route of routes) {
      const before = await rowCounts();
      let allRefused = true;
      const send = async (url: string, payload?: unknown, contentType = 'application/json') => {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...spa, cookie, 'content-type': contentType },
          payload:
            payload === undefined
              ? undefined
              : typeof payload === 'string'
                ? payload
                : JSON.stringify(payload),
        });
        if (res.statusCode >= 500)
          serverErrors.push(
            `${route.method} ${url} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
        if (res.statusCode < 400) allRefused = false;
        if (
          res.headers['x-content-type-options'] !== 'nosniff' ||
          !String(res.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'")
        ) {
          missingHeaders.push(`${route.method} ${url} -> ${res.statusCode}`);
        }
        if (res.statusCode >= 400 && res.statusCode < 500) {
          const body = res.json<{ error?: unknown }>();
          if (typeof body.error !== 'string' || body.error.length === 0) {
            serverErrors.push(`${route.method} ${url} -> ${res.statusCode} sem mensagem de erro`);
          }
        }
      };
      const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      for (const id of HOSTILE_IDS) {
        const url = fill(route.url, id);
        if (url === route.url && id !== HOSTILE_IDS[0]) continue;
        await send(url, hasBody ? {} : undefined);
      }
      const validish = fill(route.url, '1');
      for (const q of HOSTILE_QUERIES) await send(validish + q, hasBody ? {} : undefined);
      if (hasBody) {
        for (const body of HOSTILE_BODIES) await send(validish, body);
        await send(validish, '{"quebrado": ');
        await send(
          validish,
          '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc',
          'multipart/form-data; boundary=x',
        );
      }
      const after = await rowCounts();
      if (allRefused) {
        for (const [table, n] of Object.entries(after)) {
          if (Number(before[table] ?? 0) !== Number(n)) {
            writesOnRefusal.push(`${route.method} ${route.url}: ${table} ${before[table]} -> ${n}`);
          }
        }
      }
    }
    expect(serverErrors, serverErrors.join('\n')).toEqual([]);
    expect(writesOnRefusal, writesOnRefusal.join('\n')).toEqual([]);
    expect(missingHeaders, `sem cabeçalhos de segurança:\n${missingHeaders.join('\n')}`).toEqual(
      [],
    );
  }, 600_000);
});
