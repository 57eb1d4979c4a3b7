import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp } from '../../test/demo-app.ts';
import { createUser, login, spa, type TestApp } from '../../test/helpers.ts';
import {
  allOptionalBody,
  hostileRequests,
  operationsOf,
  structuralRequests,
  unboundedFields,
  type HostileRequest,
  type OpenApiDocument,
  type Operation,
} from '../../test/openapi-hostile.ts';

// Every operation of the OpenAPI document gets hostile values in each path parameter, query
// parameter and body field (ints past int4, lenient number spellings, NUL, impossible dates,
// years 0000 and 3000, huge strings), signed in as TI and, where TI is refused, as the roles
// that may use the route. Nothing may answer 5xx; a value invalid for its field's type is
// refused with a Portuguese message and writes nothing.
let t: TestApp;
let ops: Operation[];
// Roles tried in turn until one may use the route: values a schema forgot to bound only reach
// the code behind it with a role that passes the route's role check.
const ROLE_TITLES: Record<string, string> = {
  ti: 'TI',
  gerente: 'Gerente',
  cfo: 'Diretor Financeiro',
  equipe: 'Equipe de Campo',
};
const ROLE_CHAIN = Object.keys(ROLE_TITLES);
// Several people per role: a per-user rate limit (exports, uploads) moves on to the next one.
const PEOPLE_PER_ROLE = 4;
const sessions = new Map<string, string[]>();
let ipCounter = 0;
/** A new client address per request, so per-address limits never stand in for validation. */
function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}
const SKIP = new Set(['POST /api/auth/logout', 'GET /api/events']);
// Logs and sessions that a refused request may legitimately touch.
const UNWATCHED = new Set([
  'activity_log',
  'login_attempts',
  // A failed sign-in may warn the account's owner (once a day) and make the device-cookie key.
  'login_failure_alerts',
  'server_secrets',
  'sessions',
  'email_outbox',
  '__drizzle_migrations',
]);
const ENGLISH = /\b(invalid|expected|required|must be|received|too (big|small)|unexpected)\b/i;

/**
 * Every row inserted, updated or deleted in a watched table (and every TRUNCATE) adds a line to
 * `hostile_test.writes`, by a trigger, in the writing transaction (a rolled-back write leaves
 * none). Reading the lines after a mark takes 12 ms; a count and a sum of `xmin` of every table
 * (one UNION of ~110 SELECTs) before and after each operation took 400 ms (same load, 30/11).
 */
async function watchWrites(tables: string[]): Promise<void> {
  const statements = [
    'CREATE SCHEMA hostile_test',
    'CREATE TABLE hostile_test.writes (id bigserial PRIMARY KEY, tbl text NOT NULL)',
    `CREATE FUNCTION hostile_test.log_write() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN INSERT INTO hostile_test.writes (tbl) VALUES (TG_TABLE_NAME); RETURN NULL; END $$`,
    ...tables.flatMap((n) => [
      `CREATE TRIGGER hostile_write AFTER INSERT OR UPDATE OR DELETE ON "${n}"
       FOR EACH ROW EXECUTE FUNCTION hostile_test.log_write()`,
      `CREATE TRIGGER hostile_truncate AFTER TRUNCATE ON "${n}"
       FOR EACH STATEMENT EXECUTE FUNCTION hostile_test.log_write()`,
    ]),
  ];
  await t.database.pool.query(statements.join(';\n'));
}

/** The last line of the write log so far. */
async function writeMark(): Promise<string> {
  const res = await t.database.pool.query<{ id: string }>(
    'SELECT coalesce(max(id), 0)::text AS id FROM hostile_test.writes',
  );
  return res.rows[0]!.id;
}

/** The watched tables written since a mark. */
async function writtenSince(mark: string): Promise<string[]> {
  const res = await t.database.pool.query<{ tbl: string }>(
    'SELECT DISTINCT tbl FROM hostile_test.writes WHERE id > $1 ORDER BY tbl',
    [mark],
  );
  return res.rows.map((r) => r.tbl);
}

beforeAll(async () => {
  t = await createDemoApp();
  for (const [role, title] of Object.entries(ROLE_TITLES)) {
    const list: string[] = [];
    for (let i = 0; i < PEOPLE_PER_ROLE; i++) {
      list.push(await login(t, (await createUser(t, { role: title })).email));
    }
    sessions.set(role, list);
  }
  // The gerentes manage every demo contract, as a real one would, so routes bound to a
  // contract's scope (an OS's thread checks it before reading an upload) reach their validation.
  await t.database.db.execute(
    sql`INSERT INTO user_contracts (user_id, contract_id)
        SELECT u.id, c.id FROM users u CROSS JOIN contracts c WHERE u.role = 'Gerente'
        ON CONFLICT DO NOTHING`,
  );
  const tables = await t.database.db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  await watchWrites(tables.rows.map((r) => r.tablename).filter((n) => !UNWATCHED.has(n)));
  ops = operationsOf(t.app.swagger() as unknown as OpenApiDocument).filter(
    (op) => !SKIP.has(`${op.method} ${op.path}`),
  );
}, 120_000);
afterAll(async () => t.close());

interface Findings {
  serverErrors: string[];
  accepted: string[];
  wrongStatus: string[];
  badMessages: string[];
  writes: string[];
  missingHeaders: string[];
  unreached: string[];
}

async function inject(op: Operation, req: HostileRequest, role: string) {
  const people = sessions.get(role)!;
  for (;;) {
    const res = await t.app.inject({
      method: op.method as 'GET',
      url: req.url,
      remoteAddress: nextIp(),
      headers: {
        ...spa,
        cookie: people[0]!,
        ...(req.contentType ? { 'content-type': req.contentType } : {}),
      },
      ...(req.payload === undefined || op.method === 'GET'
        ? {}
        : { payload: req.payload as string | Buffer | object }),
    });
    if (res.statusCode !== 429 || people.length === 1) return res;
    people.shift();
  }
}

async function send(
  op: Operation,
  req: HostileRequest,
  role: string,
  f: Findings,
): Promise<number> {
  const res = await inject(op, req, role);
  const where = `${op.method} ${op.path} ${req.label}`;
  const status = res.statusCode;
  if (status >= 500) f.serverErrors.push(`${where} -> ${status} ${res.body.slice(0, 160)}`);
  if (req.mustRefuse && status < 400) f.accepted.push(`${where} -> ${status}`);
  // 403: the role may not use the route at all (checked before validation on some areas).
  const refusedAnyway = status === 403 || status === 413;
  if (req.mustRefuse && req.status && status >= 400 && status !== req.status && !refusedAnyway) {
    f.wrongStatus.push(`${where} -> ${status} ${res.body.slice(0, 160)}`);
  }
  if (status >= 400 && status < 500) {
    const error = res.json<{ error?: unknown }>().error;
    if (typeof error !== 'string' || error.length === 0 || ENGLISH.test(error)) {
      f.badMessages.push(`${where} -> ${status} ${JSON.stringify(error)}`);
    }
  }
  if (
    res.headers['x-content-type-options'] !== 'nosniff' ||
    !String(res.headers['content-security-policy'] ?? '').includes("frame-ancestors 'none'")
  ) {
    f.missingHeaders.push(`${where} -> ${status}`);
  }
  return status;
}

/** All hostile requests of one operation as one role: did it meet a 403, was every one a 403. */
async function attack(op: Operation, role: string, f: Findings) {
  const requests = [...hostileRequests(op), ...structuralRequests(op)];
  let forbidden = false;
  let blocked = true;
  const mark = await writeMark();
  for (const req of requests.filter((r) => r.mustRefuse)) {
    if ((await send(op, req, role, f)) === 403) forbidden = true;
    else blocked = false;
  }
  const changed = await writtenSince(mark);
  if (changed.length > 0) f.writes.push(`${op.method} ${op.path} (${role}): ${changed.join(', ')}`);
  for (const req of requests.filter((r) => !r.mustRefuse)) {
    if ((await send(op, req, role, f)) === 403) forbidden = true;
  }
  return { forbidden, blocked: blocked && requests.length > 0 };
}

// A body whose fields are all optional may arrive empty: `{}` must reach the code behind the
// route with real objects in its path (ids 1 would stop at a 404) and never answer 5xx (an
// UPDATE with nothing to set). Each such route names the row its path points at; a new one
// without an entry here fails the test until it gets one.
const REAL_PATH: Record<string, string> = {
  '/api/users/{id}': `SELECT id FROM users WHERE role = 'Equipe de Campo' ORDER BY id LIMIT 1`,
  '/api/tatico/frota/veiculos/{id}': 'SELECT id FROM vehicles ORDER BY id LIMIT 1',
  '/api/tatico/frota/veiculos/{id}/manutencoes/{mid}/iniciar': `SELECT vehicle_id AS id, id AS mid FROM vehicle_maintenances WHERE status = 'agendada' ORDER BY id LIMIT 1`,
  '/api/tatico/inventario/itens/{id}': 'SELECT id FROM inventory_items ORDER BY id LIMIT 1',
  '/api/tatico/epi/itens/{id}': 'SELECT id FROM epi_items ORDER BY id LIMIT 1',
  '/api/tatico/sst/treinamentos/{id}': 'SELECT id FROM sst_trainings ORDER BY id LIMIT 1',
  '/api/tatico/sst/pts/{id}/encerrar': `SELECT id FROM sst_pts WHERE status = 'aprovada' ORDER BY id LIMIT 1`,
  '/api/tatico/sst/pt-tipos-servico/{id}': 'SELECT id FROM service_types ORDER BY id LIMIT 1',
  '/api/tatico/os/{id}': `SELECT id FROM service_orders ORDER BY id LIMIT 1`,
  '/api/tatico/os/{id}/checklist/{subId}': `SELECT o.id, i.id AS "subId" FROM service_orders o
    JOIN service_type_items i ON i.version_id = o.version_id
    WHERE o.status NOT IN ('concluida', 'cancelada') ORDER BY o.id, i.id LIMIT 1`,
  '/api/tatico/os/{id}/fotos/{subId}': `SELECT o.id, p.id AS "subId" FROM service_order_photos p
    JOIN service_orders o ON o.id = p.service_order_id ORDER BY p.id LIMIT 1`,
  '/api/tatico/os/{id}/enviar-relatorio': `SELECT id FROM service_orders ORDER BY id LIMIT 1`,
  '/api/tatico/ativos/{id}': 'SELECT id FROM assets ORDER BY id LIMIT 1',
  '/api/tatico/ativos/tipos/{id}': 'SELECT id FROM asset_types ORDER BY id LIMIT 1',
  '/api/tatico/ativos/planos/{id}': 'SELECT id FROM maintenance_plans ORDER BY id LIMIT 1',
  '/api/tatico/ativos/contratos/{id}/preventiva': `SELECT contract_id AS id
    FROM asset_contract_settings ORDER BY contract_id LIMIT 1`,
  '/api/tatico/os/{id}/ativos/{assetId}/checklist/{itemId}': `SELECT o.id, a.asset_id AS "assetId",
    i.id AS "itemId" FROM os_assets a JOIN service_orders o ON o.id = a.service_order_id
    JOIN service_type_items i ON i.version_id = o.version_id
    WHERE o.status NOT IN ('concluida', 'cancelada') ORDER BY o.id, a.asset_id, i.id LIMIT 1`,
  '/api/eproto/contracts/{id}': 'SELECT id FROM contracts ORDER BY id LIMIT 1',
  '/api/eproto/boards/{id}': 'SELECT id FROM boards ORDER BY id LIMIT 1',
  '/api/eproto/murals/{id}': 'SELECT id FROM murals ORDER BY id LIMIT 1',
  '/api/eproto/murals/{id}/tasks/{taskId}': `SELECT mural_id AS id, id AS "taskId" FROM protocols ORDER BY id LIMIT 1`,
  '/api/eproto/protocols/{id}': 'SELECT id FROM protocols ORDER BY id LIMIT 1',
  '/api/eproto/reviews/{id}/approve': `SELECT id FROM murals ORDER BY id LIMIT 1`,
  '/api/eproto/financeiro/murals/{id}/send': 'SELECT id FROM murals ORDER BY id LIMIT 1',
  // No demo webhook (it would call out): one made here, inactive.
  '/api/integrations/webhooks/{id}': `INSERT INTO webhooks (url, eventos, segredo, ativo)
    VALUES ('https://exemplo.com.br/gancho', '{os.concluida}', 'whsec_teste', false) RETURNING id`,
};

describe('hostile input on every route of the OpenAPI document', () => {
  it('sends {} to every body whose fields are all optional, on real objects, without a 5xx', async () => {
    const targets = ops.filter(allOptionalBody);
    expect(targets.length).toBeGreaterThan(15);
    const missing = targets.filter((op) => op.path.includes('{') && !REAL_PATH[op.path]);
    expect(missing.map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const found: string[] = [];
    for (const op of targets) {
      let url = op.path;
      const query = REAL_PATH[op.path];
      if (query) {
        const { rows } = await t.database.pool.query<Record<string, number>>(query);
        expect(rows[0], `${op.path}: nenhuma linha real`).toBeDefined();
        url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => String(rows[0]![name]));
      }
      // Steps of an OS are for its team: the gerentes join it, as a gestor on site would.
      const os = /^\/api\/tatico\/os\/(\d+)\//.exec(url)?.[1];
      if (os) {
        await t.database.pool.query(
          `INSERT INTO service_order_people (service_order_id, user_id)
           SELECT $1, id FROM users WHERE role = 'Gerente' ON CONFLICT DO NOTHING`,
          [Number(os)],
        );
      }
      const req: HostileRequest = { label: 'body={}', url, payload: {}, mustRefuse: false };
      let status = 0;
      for (const role of ROLE_CHAIN) {
        const res = await inject(op, req, role);
        status = res.statusCode;
        if (status >= 500) found.push(`${op.method} ${url} (${role}) -> ${res.body}`);
        if (status !== 403) break;
      }
      if (status === 403 || status === 404)
        found.push(`${op.method} ${url} não alcançada (${status})`);
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it('declares every request integer within int4 and every text with a maximum length', () => {
    const found = unboundedFields(ops);
    expect(found, found.join('\n')).toEqual([]);
  });

  // Every route × role, with the write log read around each operation: minutes, and
  // more as routes and demo rows grow (the demo's year of hours, 30/11); 300 s on a shared CI.
  it('never answers 5xx, refuses invalid values in Portuguese and writes nothing', async () => {
    expect(ops.length).toBeGreaterThan(150);
    const f: Findings = {
      serverErrors: [],
      accepted: [],
      wrongStatus: [],
      badMessages: [],
      writes: [],
      missingHeaders: [],
      unreached: [],
    };
    // HOSTILE_ONLY=<regex> walks only the matching paths (a quick run while building a route).
    const only = process.env.HOSTILE_ONLY ? new RegExp(process.env.HOSTILE_ONLY) : null;
    for (const op of ops) {
      if (only && !only.test(op.path)) continue;
      let reached = false;
      for (const role of ROLE_CHAIN) {
        const { forbidden, blocked } = await attack(op, role, f);
        reached ||= !blocked;
        if (!forbidden) break;
      }
      if (!reached) f.unreached.push(`${op.method} ${op.path}`);
    }
    if (process.env.HOSTILE_DUMP)
      (await import('node:fs')).writeFileSync(process.env.HOSTILE_DUMP, JSON.stringify(f, null, 1));
    // The run must not have ended the sessions it relies on (every request above counted).
    for (const [role, people] of sessions) {
      const cookie = people[people.length - 1]!;
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.statusCode, role).toBe(200);
    }
    expect(f.serverErrors, f.serverErrors.join('\n')).toEqual([]);
    expect(f.accepted, f.accepted.join('\n')).toEqual([]);
    expect(f.wrongStatus, f.wrongStatus.join('\n')).toEqual([]);
    expect(f.badMessages, f.badMessages.join('\n')).toEqual([]);
    expect(f.writes, f.writes.join('\n')).toEqual([]);
    expect(f.missingHeaders, f.missingHeaders.join('\n')).toEqual([]);
    expect(f.unreached, `nenhum papel passou do 403:\n${f.unreached.join('\n')}`).toEqual([]);
  }, 300_000);
});
