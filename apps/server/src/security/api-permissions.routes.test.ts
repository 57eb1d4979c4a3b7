import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesWith, isFinanceRole, ROLE_TITLES, ROLES, rolesFor, type Role } from '@eproto/domain';
import type { ApiRoute } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { localStorage } from '../lib/storage.ts';
import { seedDemoIfEmpty } from '../seed/seed.ts';
import { createTestApp, spa, type TestApp } from '../../test/helpers.ts';

// Every API route, classified by the screen of the shared access table that bounds it.
// A role outside that screen's roles must be refused (4xx) — zero unexpected allows.
// 'scoped' routes are open to every role and filter by data scope (tested per area).
type Bound = readonly Role[] | 'scoped' | 'finance';

const RULES: Array<[RegExp, Bound, string?]> = [
  // Each person's own devices that receive pushes.
  [/^\/api\/(events|profile|push)(\/|$)/, 'scoped'],
  [/^\/api\/users\/(me|profile\/avatar|:id\/avatar-image)$/, 'scoped'],
  [
    /^\/api\/eproto\/(notifications|boards|murals|protocols|tasks|recurrence|gantt|calendar|feed|team)(\/|$)/,
    'scoped',
  ],
  [/^\/api\/ai(\/|$)/, 'scoped'],
  // Global search: every role, each area's results filtered by that area's own scope.
  [/^\/api\/search$/, 'scoped', 'GET'],
  // The employer's name and CNPJ (ficha de EPI): read by all, edited by ti/diretoria.
  [/^\/api\/empresa$/, 'scoped', 'GET'],
  [/^\/api\/empresa$/, rolesWith('company.edit'), 'PUT'],
  [/^\/api\/eproto\/financeiro\/murals\/:id\/send$/, 'scoped'],
  // The demand page reads its finance trail; the demand's own scope applies.
  [/^\/api\/eproto\/financeiro\/murals\/:id$/, 'scoped', 'GET'],
  // The menu badge asks every role; non-reviewers always get 0 (reviews.routes.ts).
  [/^\/api\/eproto\/reviews\/count$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/financeiro(\/|$)/, 'finance'],
  [/^\/api\/eproto\/contracts(\/access)?$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/users\/search$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/user-contracts$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/(contracts|user-contracts)(\/|$)/, rolesFor('/contracts')],
  [/^\/api\/invites(\/|$)/, rolesFor('/users/invite')],
  [/^\/api\/activity(\/|$)/, rolesFor('/users/activity')],
  [/^\/api\/deliveries(\/|$)/, rolesFor('/users/activity')],
  [/^\/api\/users(\/|$)/, rolesFor('/users')],
  [/^\/api\/support(\/|$)/, rolesFor('/ti/help')],
  [/^\/api\/(chat|contract-chat)(\/|$)/, rolesFor('/operacional/chat')],
  [/^\/api\/tatico\/(frota|inventario|pessoas)(\/|$)/, rolesFor('/tatico/frota')],
  [/^\/api\/tatico\/epi(\/|$)/, rolesFor('/tatico/epi')],
  // A worker's SST file (ASO: health data) is also read by ti, for LGPD requests.
  [/^\/api\/tatico\/sst\/pessoas\/:userId$/, [...rolesFor('/tatico/epi'), 'ti'], 'GET'],
  [/^\/api\/tatico\/sst(\/|$)/, rolesFor('/tatico/epi')],
  [/^\/api\/tatico\/agenda(\/|$)/, rolesFor('/tatico/agenda')],
  // Service orders live in the agenda screen (tab "Ordens de serviço").
  [/^\/api\/tatico\/os(\/|$)/, rolesFor('/tatico/agenda')],
  [/^\/api\/solicitacoes(\/|$)/, rolesFor('/solicitacoes')],
  [/^\/api\/eproto\/reviews(\/|$)/, rolesFor('/eproto/reviews')],
];

function boundOf(r: ApiRoute): Bound | undefined {
  for (const [re, bound, method] of RULES) {
    if (re.test(r.url) && (!method || method === r.method)) return bound;
  }
  return undefined;
}

// One demo account per canonical role, plus the CFO (diretoria for access, finance for money).
const ACCOUNTS: Array<{ email: string; rawType: string }> = [
  { email: 'ti@eproto.test', rawType: 'TI' },
  { email: 'administrador@eproto.test', rawType: 'Administrador' },
  { email: 'financeiro@eproto.test', rawType: 'Financeiro' },
  { email: 'cfo@eproto.test', rawType: 'Diretor Financeiro' },
  { email: 'coordenador@eproto.test', rawType: 'Coordenador' },
  { email: 'gerente@eproto.test', rawType: 'Gerente' },
  { email: 'diretor@eproto.test', rawType: 'Diretor de Operações' },
  { email: 'equipe@eproto.test', rawType: 'Equipe de Campo' },
];
const ROLE_OF: Record<string, Role> = {
  TI: 'ti',
  Administrador: 'administrador',
  Financeiro: 'financeiro',
  'Diretor Financeiro': 'diretoria',
  Coordenador: 'coordenador',
  Gerente: 'gerente',
  'Diretor de Operações': 'diretoria',
  'Equipe de Campo': 'equipe',
};

let t: TestApp;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoIfEmpty(
    t.database.db,
    'eproto123',
    localStorage(path.join(t.config.dataDir, 'up')),
  );
  for (const a of ACCOUNTS) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: spa,
      payload: { email: a.email, password: 'eproto123' },
    });
    const c = res.cookies.find((x) => x.name === 'eproto_session')!;
    cookies.set(a.email, `${c.name}=${c.value}`);
  }
}, 120_000);
afterAll(async () => t.close());

describe('API permission matrix (every route x every role)', () => {
  it('classifies every API route', () => {
    const unclassified = t.app.apiRoutes
      .filter((r) => !r.isPublic && boundOf(r) === undefined)
      .map((r) => `${r.method} ${r.url}`);
    expect(unclassified, 'rotas sem regra de acesso neste teste').toEqual([]);
    expect(ROLES.length).toBe(7);
  });

  it('refuses every role outside the bounding screen, and every caller without a session', async () => {
    const unexpected: string[] = [];
    for (const route of t.app.apiRoutes) {
      if (route.isPublic) continue;
      const bound = boundOf(route);
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1');
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const anonymous = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: spa,
        payload: hasBody ? {} : undefined,
      });
      if (anonymous.statusCode !== 401)
        unexpected.push(`sem sessão ${route.method} ${url} -> ${anonymous.statusCode}`);
      if (bound === undefined || bound === 'scoped') continue;
      for (const a of ACCOUNTS) {
        const allowed =
          bound === 'finance' ? isFinanceRole(a.rawType) : bound.includes(ROLE_OF[a.rawType]!);
        if (allowed) continue;
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: { ...spa, cookie: cookies.get(a.email)! },
          payload: hasBody ? {} : undefined,
        });
        if (res.statusCode < 400 || res.statusCode >= 500) {
          unexpected.push(`${a.rawType} ${route.method} ${url} -> ${res.statusCode}`);
        }
      }
    }
    expect(unexpected, unexpected.join('\n')).toEqual([]);
  }, 300_000);
});

// Separation of duties (issue 16): only ti (and diretoria, which has no /users screen) grant,
// invite or remove ti, diretoria and CFO/finance-director titles. Written out by hand, not
// derived from canChangeRole, so a change to the rule has to change this table too.
const PRIVILEGED_TITLES = new Set([
  'TI',
  'Diretor',
  'Diretoria',
  'Diretor de Operações',
  'Diretor Comercial',
  'Diretor Financeiro',
  'CEO',
  'CFO',
]);

describe('role grants (every role x every title, user edit and invite)', () => {
  let seq = 0;
  const freshUser = async (role: string) => {
    const [row] = await t.database.db
      .insert(users)
      .values({ email: `papel.${++seq}@teste.com`, nome: 'Pessoa Papel', role, passwordHash: 'x' })
      .returning();
    return row!.id;
  };
  const expected = (rawType: string, title: string, ok: number) => {
    const actor = ROLE_OF[rawType]!;
    if (!rolesFor('/users').includes(actor)) return 403;
    if (actor === 'ti') return ok;
    return PRIVILEGED_TITLES.has(title) ? 403 : ok;
  };

  it.each(ACCOUNTS.map((a) => [a.rawType, a.email]))('%s', async (rawType, email) => {
    const cookie = cookies.get(email)!;
    const wrong: string[] = [];
    for (const title of ROLE_TITLES) {
      const grant = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${await freshUser('Equipe')}`,
        headers: { ...spa, cookie },
        payload: { role: title },
      });
      if (grant.statusCode !== expected(rawType, title, 200))
        wrong.push(`conceder ${title} -> ${grant.statusCode}`);
      const remove = await t.app.inject({
        method: 'PATCH',
        url: `/api/users/${await freshUser(title)}`,
        headers: { ...spa, cookie },
        payload: { role: 'Equipe' },
      });
      if (remove.statusCode !== expected(rawType, title, 200))
        wrong.push(`retirar ${title} -> ${remove.statusCode}`);
      const invite = await t.app.inject({
        method: 'POST',
        url: '/api/invites',
        headers: { ...spa, cookie },
        payload: { email: `convite.papel.${++seq}@teste.com`, role: title },
      });
      if (invite.statusCode !== expected(rawType, title, 201))
        wrong.push(`convidar ${title} -> ${invite.statusCode}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });
});
