import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from './roles.ts';
import { rolesFor, ROUTE_ACCESS } from './routes.ts';
import {
  can,
  isPrivilegedRole,
  PERMISSION_TABLE,
  PERMISSIONS,
  rolesWith,
  type Permission,
} from './permissions.ts';
import { PERMISSION_NOTES } from './permission-notes.ts';

const sorted = (r: readonly Role[]) => [...r].sort();

// The role lists the code checked before the table existed (the 16 domain constants and the
// server's own), written out by hand: the table must give each permission exactly these roles.
const BEFORE: Array<[string, Permission, readonly Role[]]> = [
  [
    'MANAGER_ROLES',
    'demands.manage',
    ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  ],
  [
    'MANAGER_ROLES (chat)',
    'chat.anyone',
    ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  ],
  ['ALL_SEEING_ROLES', 'contracts.all', ['diretoria', 'ti', 'administrador']],
  ['AGENDA_MANAGE_ROLES', 'agenda.manage', ['coordenador', 'gerente', 'diretoria']],
  ['OS_MANAGE_ROLES', 'os.manage', ['coordenador', 'gerente', 'diretoria']],
  ['OS_TEMPLATE_ROLES', 'os.template', ['coordenador', 'gerente', 'diretoria']],
  ['OS_ADDENDUM_ROLES', 'os.addendum', ['gerente', 'diretoria']],
  ['EPI_MANAGE_ROLES', 'epi.manage', ['coordenador', 'gerente', 'diretoria']],
  ['SST_MANAGE_ROLES', 'sst.manage', ['coordenador', 'gerente', 'diretoria']],
  ['SST_OVERRIDE_ROLES', 'sst.override', ['gerente', 'diretoria']],
  ['SST_OVERRIDE_ROLES (ASO)', 'aso.record', ['gerente', 'diretoria']],
  ['ASO_HEALTH_ROLES', 'aso.health.read', ['gerente', 'diretoria', 'ti']],
  ['APR_PT_MANAGE_ROLES', 'aprpt.manage', ['coordenador', 'gerente', 'diretoria']],
  ['PT_APPROVER_ROLES', 'pt.approve', ['gerente', 'diretoria']],
  ['KM_CORRECTION_ROLES', 'fleet.km.correct', ['gerente', 'diretoria']],
  ['WRITE_OFF_ROLES', 'inventory.writeoff', ['gerente', 'diretoria']],
  ['COMPANY_EDIT_ROLES', 'company.edit', ['ti', 'diretoria']],
  ['PRIVILEGED_ROLES', 'users.manage.privileged', ['ti', 'diretoria']],
  // apps/server: REVIEWER_ROLES (protocols), REVIEWER_ROLES (requests), ALERT_ROLES (SST and
  // field alerts), FIELD_ROLES (SST matrix), TEAM_ROLES, `type === 'ti'` (support), `type ===
  // 'coordenador'` (team), `type === 'financeiro'` (demand scope).
  ['REVIEWER_ROLES (protocols)', 'protocols.review', rolesFor('/eproto/reviews')],
  ['REVIEWER_ROLES (requests)', 'requests.notified', ['coordenador', 'gerente']],
  ['ALERT_ROLES', 'field.alerts', ['coordenador', 'gerente']],
  ['FIELD_ROLES', 'sst.field', ['equipe', 'coordenador', 'gerente']],
  ['TEAM_ROLES', 'team.member', ['equipe', 'coordenador']],
  ["type === 'coordenador'", 'team.lead', ['coordenador']],
  ["type === 'ti'", 'support.handle', ['ti']],
  ["type === 'financeiro'", 'finance.demands.read', ['financeiro']],
];

describe('permission table', () => {
  it.each(BEFORE)('%s -> %s', (_name, permission, roles) => {
    expect(sorted(rolesWith(permission))).toEqual(sorted(roles));
  });

  it('names every permission once, each with roles and a description', () => {
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    expect(Object.keys(PERMISSION_TABLE).sort()).toEqual([...PERMISSIONS].sort());
    expect(Object.keys(PERMISSION_NOTES).sort()).toEqual([...PERMISSIONS].sort());
    for (const p of PERMISSIONS) {
      const rule = PERMISSION_TABLE[p];
      expect(new Set(rule.roles).size, p).toBe(rule.roles.length);
      for (const r of rule.roles) expect(ROLES, p).toContain(r);
      expect(PERMISSION_NOTES[p].what.length, p).toBeGreaterThan(10);
    }
  });

  it.each([
    ['gerente', 'pt.approve', true],
    ['coordenador', 'pt.approve', false],
    ['equipe', 'os.manage', false],
    ['coordenador', 'os.manage', true],
    ['ti', 'aso.health.read', true],
    ['coordenador', 'aso.health.read', false],
    ['administrador', 'company.edit', false],
    ['diretoria', 'company.edit', true],
    ['equipe', 'demands.manage', false],
    ['administrador', 'demands.manage', true],
    ['financeiro', 'contracts.all', false],
    ['diretoria', 'fleet.km.correct', true],
    ['coordenador', 'inventory.writeoff', false],
  ] as const)('%s %s -> %s', (role, permission, allowed) => {
    expect(can(role, permission)).toBe(allowed);
    expect(can({ id: 7, type: role }, permission)).toBe(allowed);
  });
});

describe('can with a resource', () => {
  it('lets the person a record is about read it when the rule says so (own ASO)', () => {
    expect(can({ id: 7, type: 'equipe' }, 'aso.health.read', { ownerId: 7 })).toBe(true);
    expect(can({ id: 7, type: 'equipe' }, 'aso.health.read', { ownerId: 8 })).toBe(false);
    expect(can('equipe', 'aso.health.read', { ownerId: 7 })).toBe(false);
    expect(can({ id: 7, type: 'equipe' }, 'aso.health.read', { ownerId: null })).toBe(false);
    // Ownership grants only permissions marked `owner`.
    expect(can({ id: 7, type: 'equipe' }, 'pt.approve', { ownerId: 7 })).toBe(false);
  });

  it('needs users.manage.privileged to act on ti, director and CFO titles', () => {
    for (const title of ['TI', 'Diretoria', 'Diretor Financeiro', 'CFO', 'CEO']) {
      expect(isPrivilegedRole(title), title).toBe(true);
      expect(can('administrador', 'users.manage', { targetRole: title }), title).toBe(false);
      expect(can('ti', 'users.manage', { targetRole: title }), title).toBe(true);
      expect(can('diretoria', 'users.manage', { targetRole: title }), title).toBe(true);
    }
    for (const title of ['Equipe', 'Gerente', 'Financeiro', null]) {
      expect(can('administrador', 'users.manage', { targetRole: title }), String(title)).toBe(true);
      expect(can('gerente', 'users.manage', { targetRole: title }), String(title)).toBe(false);
    }
  });
});

describe('the table and the screen access table (ROUTE_ACCESS)', () => {
  const withScreen = PERMISSIONS.filter((p) => PERMISSION_NOTES[p].screen !== undefined);

  it('names only screens of ROUTE_ACCESS', () => {
    const paths = ROUTE_ACCESS.map((r) => r.path);
    for (const p of withScreen) expect(paths, p).toContain(PERMISSION_NOTES[p].screen);
  });

  it.each(withScreen)('%s is held only by roles that open its screen', (p) => {
    const screen = rolesFor(PERMISSION_NOTES[p].screen!);
    for (const r of rolesWith(p)) expect(screen, `${p}: ${r}`).toContain(r);
  });

  it('reviewing is exactly the reviews screen', () => {
    expect(sorted(rolesWith('protocols.review'))).toEqual(sorted(rolesFor('/eproto/reviews')));
  });

  it('who may read ASO results beyond the SST screen is ti alone (LGPD requests)', () => {
    const beyond = rolesWith('aso.health.read').filter((r) => !rolesFor('/tatico/epi').includes(r));
    expect(beyond).toEqual(['ti']);
  });
});
