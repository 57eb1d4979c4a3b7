import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isFinanceRole,
  PERMISSIONS,
  ROLE_TITLES,
  ROLES,
  rolesFor,
  rolesWith,
  type Permission,
  type Role,
} from '@eproto/domain';
import type { ApiRoute } from '../app.ts';
import { users } from '../db/schema/index.ts';
import { createDemoApp } from '../../test/demo-app.ts';
import { spa, type TestApp } from '../../test/helpers.ts';

// Every API route, classified by the screen of the shared access table that bounds it.
// A role outside that screen's roles must be refused (4xx) — zero unexpected allows.
// 'scoped' routes are open to every role and filter by data scope (tested per area).
type Bound = readonly Role[] | 'scoped' | 'finance';

const RULES: Array<[RegExp, Bound, string?]> = [
  // Each person's own devices that receive pushes.
  [/^\/api\/(events|profile|push)(\/|$)/, 'scoped'],
  [/^\/api\/users\/(me|profile\/avatar|:id\/avatar-image)$/, 'scoped'],
  // Team load (issue 36): the planners' view of hours per person and days per vehicle.
  [/^\/api\/eproto\/team\/load(\/|$)/, rolesWith('team.load')],
  // Team Gantt baselines (issue 36): the planners', each team in the caller's scope.
  [/^\/api\/eproto\/team\/baselines(\/|$)/, rolesWith('team.baselines')],
  // Baselines: whoever sees the demand reads them; its planners save them (baselines.service.ts).
  [
    /^\/api\/eproto\/(notifications|boards|murals|presence|protocols|tasks|recurrence|gantt|calendar|feed|team|baselines)(\/|$)/,
    'scoped',
  ],
  [/^\/api\/ai(\/|$)/, 'scoped'],
  // Timesheets (tab "Horas" of Equipe): each person's own week and entries, read by their
  // approvers too (timesheets.service.ts); the team list and approvals are the approvers'.
  [/^\/api\/eproto\/horas\/(equipe|semanas\/)/, rolesWith('timesheets.approve')],
  [/^\/api\/eproto\/horas(\/|$)/, 'scoped'],
  // Cost per contract: rates and reports for contracts.cost, each contract in the caller's scope.
  [/^\/api\/eproto\/custos(\/|$)/, rolesWith('contracts.cost')],
  // Global search: every role, each area's results filtered by that area's own scope.
  [/^\/api\/search$/, 'scoped', 'GET'],
  // The employer's name and CNPJ (ficha de EPI): read by all, edited by ti/diretoria.
  [/^\/api\/empresa$/, 'scoped', 'GET'],
  [/^\/api\/empresa$/, rolesWith('company.edit'), 'PUT'],
  // The working calendar: read by all (Gantt and calendar shading), days off kept by ti/diretoria.
  [/^\/api\/calendario(\/|$)/, 'scoped', 'GET'],
  [/^\/api\/calendario\/folgas(\/|$)/, rolesWith('calendar.manage')],
  [/^\/api\/eproto\/financeiro\/murals\/:id\/send$/, 'scoped'],
  // The demand page reads its finance trail; the demand's own scope applies.
  [/^\/api\/eproto\/financeiro\/murals\/:id$/, 'scoped', 'GET'],
  // The menu badge asks every role; non-reviewers always get 0 (reviews.routes.ts).
  [/^\/api\/eproto\/reviews\/count$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/financeiro(\/|$)/, 'finance'],
  [/^\/api\/eproto\/contracts(\/access|\/changes)?$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/users\/search$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/user-contracts$/, 'scoped', 'GET'],
  [/^\/api\/eproto\/(contracts|user-contracts)(\/|$)/, rolesFor('/contracts')],
  [/^\/api\/invites(\/|$)/, rolesFor('/users/invite')],
  [/^\/api\/activity(\/|$)/, rolesFor('/users/activity')],
  [/^\/api\/deliveries(\/|$)/, rolesFor('/users/activity')],
  // LGPD anonymisation of a deactivated account: ti only.
  [/^\/api\/users\/:id\/anonimizar$/, rolesWith('users.anonymize')],
  [/^\/api\/users(\/|$)/, rolesFor('/users')],
  [/^\/api\/support(\/|$)/, rolesFor('/ti/help')],
  [/^\/api\/(chat|contract-chat)(\/|$)/, rolesFor('/operacional/chat')],
  [/^\/api\/tatico\/(frota|inventario)(\/|$)/, rolesFor('/tatico/frota')],
  // The field pickers (pickers.routes.ts): equipe picks helpers and materials on the OS run.
  [/^\/api\/tatico\/(pessoas|materiais)$/, rolesFor('/tatico/agenda'), 'GET'],
  // Vehicles as the fleet reads them; contracts for every role whose screens pick one, each
  // caller's own (financeiro picks none).
  [/^\/api\/tatico\/veiculos$/, rolesFor('/tatico/frota'), 'GET'],
  [/^\/api\/tatico\/contratos$/, ROLES.filter((r) => r !== 'financeiro'), 'GET'],
  [/^\/api\/tatico\/epi(\/|$)/, rolesFor('/tatico/epi')],
  // A worker's SST file (ASO: health data) is also read by ti, for LGPD requests.
  [/^\/api\/tatico\/sst\/pessoas\/:userId$/, [...rolesFor('/tatico/epi'), 'ti'], 'GET'],
  [/^\/api\/tatico\/sst(\/|$)/, rolesFor('/tatico/epi')],
  [/^\/api\/tatico\/agenda(\/|$)/, rolesFor('/tatico/agenda')],
  // Service orders live in the agenda screen (tab "Ordens de serviço").
  [/^\/api\/tatico\/os(\/|$)/, rolesFor('/tatico/agenda')],
  // Customer assets live in the agenda screen too (tab "Ativos"); writes are gestão's.
  [/^\/api\/tatico\/ativos(\/|$)/, rolesFor('/tatico/agenda'), 'GET'],
  // The hour meter is read at the asset by whoever serves it, the technician too.
  [/^\/api\/tatico\/ativos\/:id\/horimetro$/, rolesFor('/tatico/agenda')],
  [/^\/api\/tatico\/ativos(\/|$)/, rolesWith('assets.manage')],
  [/^\/api\/solicitacoes(\/|$)/, rolesFor('/solicitacoes')],
  [/^\/api\/eproto\/reviews(\/|$)/, rolesFor('/eproto/reviews')],
  // The "Integrações" tab of /users (single sign-on, API tokens, webhooks): ti.
  [/^\/api\/integrations(\/|$)/, rolesWith('integrations.manage')],
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
  t = await createDemoApp();
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

// Issue 31: permissions x roles from the domain's table. The roles of each permission are also
// written out here by hand, so a change to a row of PERMISSION_TABLE fails this file until the
// expectation is changed too; then each role calls one representative route of the permission
// and must be refused (403) exactly when the row leaves it out.
const HELD: Record<Permission, readonly Role[]> = {
  'demands.manage': ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  'contracts.all': ['diretoria', 'ti', 'administrador'],
  'finance.demands.read': ['financeiro'],
  'chat.anyone': ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  'protocols.review': ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  'requests.notified': ['coordenador', 'gerente'],
  'team.lead': ['coordenador'],
  'team.member': ['equipe', 'coordenador'],
  'team.load': ['coordenador', 'gerente', 'diretoria'],
  'team.baselines': ['coordenador', 'gerente', 'diretoria'],
  'support.handle': ['ti'],
  'company.edit': ['ti', 'diretoria'],
  'calendar.manage': ['ti', 'diretoria'],
  'users.manage': ['ti', 'diretoria', 'administrador'],
  'users.manage.privileged': ['ti', 'diretoria'],
  'users.anonymize': ['ti'],
  'agenda.manage': ['coordenador', 'gerente', 'diretoria'],
  'os.manage': ['coordenador', 'gerente', 'diretoria'],
  'os.template': ['coordenador', 'gerente', 'diretoria'],
  'os.addendum': ['gerente', 'diretoria'],
  'os.cost.read': ['coordenador', 'gerente', 'diretoria'],
  'epi.manage': ['coordenador', 'gerente', 'diretoria'],
  'sst.manage': ['coordenador', 'gerente', 'diretoria'],
  'sst.override': ['gerente', 'diretoria'],
  'sst.field': ['equipe', 'coordenador', 'gerente'],
  'aso.record': ['gerente', 'diretoria'],
  'aso.health.read': ['gerente', 'diretoria', 'ti'],
  'aprpt.manage': ['coordenador', 'gerente', 'diretoria'],
  'pt.approve': ['gerente', 'diretoria'],
  'field.alerts': ['coordenador', 'gerente'],
  'fleet.km.correct': ['gerente', 'diretoria'],
  'inventory.writeoff': ['gerente', 'diretoria'],
  'assets.manage': ['coordenador', 'gerente', 'diretoria'],
  'integrations.manage': ['ti'],
  'timesheets.approve': ['coordenador', 'gerente', 'diretoria'],
  'contracts.cost': ['gerente', 'diretoria', 'financeiro'],
};

interface Probe {
  /** The request one role makes; allowed means any answer but 403. */
  call: (cookie: string, role: Role) => Promise<{ statusCode: number }>;
  /** The screen that also bounds the route, when some holders of the permission lack it. */
  screen?: string;
}

let probeSeq = 0;
const as = (
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: { ...spa, cookie }, payload });
const gestorCookie = () => cookies.get('gerente@eproto.test')!;

// Route guards (requirePermission) answer 403 before the body is read, so {} is enough there;
// the services' checks get a valid request.
const PROBES: Partial<Record<Permission, Probe>> = {
  'assets.manage': { call: (c) => as(c, 'GET', '/api/tatico/ativos/importacao/modelo') },
  'demands.manage': {
    call: (c) => as(c, 'POST', '/api/eproto/boards', { nome: `Quadro permissão ${++probeSeq}` }),
  },
  'protocols.review': { call: (c) => as(c, 'GET', '/api/eproto/reviews') },
  'team.load': { call: (c) => as(c, 'GET', '/api/eproto/team/load') },
  'team.baselines': { call: (c) => as(c, 'GET', '/api/eproto/team/baselines?coordenador_id=1') },
  'support.handle': {
    screen: '/ti/help',
    call: async (c) => {
      const opened = await as(c, 'POST', '/api/support/tickets', {
        assunto: `Chamado ${++probeSeq}`,
        descricao: 'Teste de permissão',
        categoria: 'sistema',
        prioridade: 'baixa',
      });
      if (opened.statusCode !== 201) return opened;
      const id = opened.json<{ id: number }>().id;
      return as(c, 'PATCH', `/api/support/tickets/${id}/status`, { status: 'em_atendimento' });
    },
  },
  'company.edit': { call: (c) => as(c, 'PUT', '/api/empresa', {}) },
  'calendar.manage': { call: (c) => as(c, 'POST', '/api/calendario/folgas', {}) },
  'integrations.manage': { call: (c) => as(c, 'GET', '/api/integrations/sso') },
  'timesheets.approve': { call: (c) => as(c, 'GET', '/api/eproto/horas/equipe?semana=2026-11-02') },
  'contracts.cost': { call: (c) => as(c, 'GET', '/api/eproto/custos/taxas') },
  'users.manage': {
    screen: '/users',
    call: async (c) => {
      const [row] = await t.database.db
        .insert(users)
        .values({
          email: `perm.${++probeSeq}@teste.com`,
          nome: 'Pessoa',
          role: 'Equipe',
          passwordHash: 'x',
        })
        .returning();
      return as(c, 'PATCH', `/api/users/${row!.id}`, { role: 'Coordenador' });
    },
  },
  'users.manage.privileged': {
    screen: '/users',
    call: async (c) => {
      const [row] = await t.database.db
        .insert(users)
        .values({
          email: `perm.${++probeSeq}@teste.com`,
          nome: 'Pessoa',
          role: 'Equipe',
          passwordHash: 'x',
        })
        .returning();
      return as(c, 'PATCH', `/api/users/${row!.id}`, { role: 'Diretor Financeiro' });
    },
  },
  'users.anonymize': {
    screen: '/users',
    call: async (c) => {
      const [row] = await t.database.db
        .insert(users)
        .values({
          email: `perm.${++probeSeq}@teste.com`,
          nome: 'Pessoa',
          role: 'Equipe',
          passwordHash: 'x',
          active: false,
        })
        .returning();
      return as(c, 'POST', `/api/users/${row!.id}/anonimizar`, { confirmacao: 'Pessoa' });
    },
  },
  'agenda.manage': { call: (c) => as(c, 'GET', '/api/tatico/agenda') },
  'os.template': { call: (c) => as(c, 'POST', '/api/tatico/os/tipos', {}) },
  'epi.manage': { call: (c) => as(c, 'GET', '/api/tatico/epi/itens') },
  'sst.manage': { call: (c) => as(c, 'POST', '/api/tatico/sst/treinamentos', {}) },
  'aso.record': { call: (c) => as(c, 'POST', '/api/tatico/sst/asos', {}) },
  'aprpt.manage': { call: (c) => as(c, 'POST', '/api/tatico/sst/aprs', {}) },
  'pt.approve': { call: (c) => as(c, 'POST', '/api/tatico/sst/pts/1/decisao', {}) },
  'fleet.km.correct': {
    call: (c) => as(c, 'POST', '/api/tatico/frota/veiculos/1/correcoes-km', {}),
  },
  'inventory.writeoff': {
    call: async (c) => {
      const item = await as(gestorCookie(), 'POST', '/api/tatico/inventario/itens', {
        natureza: 'consumivel',
        codigo: `PERM-${++probeSeq}`,
        nome: `Abraçadeira ${probeSeq}`,
        categoria: 'Elétrica',
        localizacao: 'Almoxarifado',
        unidade: 'un',
        quantidade_inicial: 5,
        estoque_minimo: 0,
      });
      expect(item.statusCode, item.body).toBe(201);
      const id = item.json<{ item: { id: number } }>().item.id;
      return as(c, 'POST', `/api/tatico/inventario/itens/${id}/movimentacoes`, {
        tipo: 'baixa',
        quantidade: 1,
        motivo: 'Avariado',
      });
    },
  },
};

// Permissions that shape what is seen or who is told rather than refusing a request; each is
// asserted in the test named here.
const NOT_A_GATE: Partial<Record<Permission, string>> = {
  'contracts.all': 'murals.permissions.test.ts, planning.permissions.test.ts (scope)',
  'finance.demands.read': 'finance.routes.test.ts (finance sees sent demands)',
  'chat.anyone': 'chat.routes.test.ts (contacts)',
  'requests.notified': 'requests.routes.test.ts (notifications)',
  'team.lead': 'team.routes.test.ts',
  'team.member': 'team.routes.test.ts',
  'os.manage': 'service-orders.routes.test.ts (team vs gestor)',
  'os.addendum': 'service-order-report.routes.test.ts (addendum)',
  'os.cost.read': 'service-order-costs.routes.test.ts (equipe sees no cost)',
  'sst.override': 'work-gates.routes.test.ts, sst-gate.routes.test.ts (liberação SST)',
  'sst.field': 'sst.routes.test.ts (matrix)',
  'aso.health.read': 'sst-disclosure.routes.test.ts (health data)',
  'field.alerts': 'jobs/field-alerts.test.ts, sst.routes.test.ts (alerts)',
};

describe('permissions x roles (the domain table, issue 31)', () => {
  it('the table holds exactly the rows written here', () => {
    expect(Object.keys(HELD).sort()).toEqual([...PERMISSIONS].sort());
    for (const p of PERMISSIONS) expect([...rolesWith(p)].sort(), p).toEqual([...HELD[p]].sort());
  });

  it('every permission is either probed here or named with the test that asserts it', () => {
    for (const p of PERMISSIONS) {
      expect((PROBES[p] !== undefined) !== (NOT_A_GATE[p] !== undefined), p).toBe(true);
    }
  });

  // One account per canonical role (the CFO is diretoria too).
  const BY_ROLE = ACCOUNTS.filter((a) => a.rawType !== 'Diretor Financeiro');
  const cells = PERMISSIONS.filter((p) => PROBES[p]).flatMap((p) =>
    BY_ROLE.map((a) => ({ p, role: ROLE_OF[a.rawType]!, email: a.email })),
  );

  it.each(cells)('$p as $role', async ({ p, role, email }) => {
    const probe = PROBES[p]!;
    const allowed =
      HELD[p].includes(role) && (!probe.screen || rolesFor(probe.screen).includes(role));
    const res = await probe.call(cookies.get(email)!, role);
    if (allowed) expect(res.statusCode, `${p} ${role}`).not.toBe(403);
    else expect(res.statusCode, `${p} ${role}`).toBe(403);
    expect(res.statusCode, `${p} ${role}`).toBeLessThan(500);
  });
});
