// What one OS step costs in SQL (docs/performance.md "Regressão de 26/11 a 30/11"): the step a
// phone sends most (pausar/retomar) is counted statement by statement, so a query added to every
// step (a recount, a fan-out, a lookup per request) fails here instead of in the load bench.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { client } from '../tatico/test-kit.ts';
import { createOs, osWorld, type OsWorld } from './os-test-kit.ts';

let t: TestApp;
let w: OsWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await osWorld(t);
});
afterAll(async () => t.close());

/** The statements the app sends to PostgreSQL while `fn` runs (the job queue's polls left out). */
async function statementsOf(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const a = args[0];
    const text = typeof a === 'string' ? a : (a as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && !/\bpgboss\./.test(text)) {
      seen.push(text.replace(/\s+/g, ' ').trim().slice(0, 120));
    }
    return query.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = query;
  }
  return seen;
}

describe('OS step: statements per request', () => {
  it('pausar and retomar read the OS and its rights once each, then the detail', async () => {
    const tech = client(t, w.s.equipe.cookie);
    const os = await createOs(t, w);
    const step = (acao: string, extra: Record<string, unknown> = {}) =>
      tech.post(`/api/tatico/os/${os.id}/etapas`, { acao, ...extra });
    const checkIn = await step('check_in', { latitude: -23.5, longitude: -46.6, precisao_m: 8 });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    for (const acao of ['pausar', 'retomar']) {
      const statements = await statementsOf(async () => {
        const res = await step(acao);
        expect(res.statusCode, res.body).toBe(200);
      });
      // 20 on 30/11: access (1), transaction (begin, lock, update, event, audit row, commit),
      // NOTIFY, the detail (row, team, items, answers, photos, materials, events, addenda,
      // version, minutes, material totals, assets). The access used to take two statements,
      // read again for the detail (22).
      expect(statements.length, statements.join('\n')).toBeLessThanOrEqual(20);
      // The team is asked once: with the OS row, not by a statement of its own.
      expect(
        statements.filter((s) => s.startsWith('select "id" from "service_order_people"')),
      ).toEqual([]);
    }
  });
});
