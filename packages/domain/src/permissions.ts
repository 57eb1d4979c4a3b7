import type { Role } from './roles.ts';
import { roleOf } from './roles.ts';

/**
 * One permission model (issue 31): every "who may do X" of the app beyond opening a screen is a
 * permission here, and PERMISSION_TABLE is the one place that says which roles hold it. Screen
 * access stays in ROUTE_ACCESS (routes.ts, SPEC.md §2); where a permission lives inside a
 * screen, its note (permission-notes.ts) names it and a test checks the permission's roles are
 * inside the screen's.
 * The server's guards (requirePermission) and services and the web's menus and buttons all ask
 * `can(user, permission, resource?)`. docs/development.md shows this table with the notes of
 * permission-notes.ts (checked by a test).
 */
export const PERMISSIONS = [
  'demands.manage',
  'contracts.all',
  'finance.demands.read',
  'chat.anyone',
  'protocols.review',
  'requests.notified',
  'team.lead',
  'team.member',
  'team.load',
  'team.baselines',
  'support.handle',
  'company.edit',
  'calendar.manage',
  'users.manage',
  'users.manage.privileged',
  'users.anonymize',
  'agenda.manage',
  'os.manage',
  'os.template',
  'os.addendum',
  'os.cost.read',
  'epi.manage',
  'sst.manage',
  'sst.override',
  'sst.field',
  'aso.record',
  'aso.health.read',
  'aprpt.manage',
  'pt.approve',
  'field.alerts',
  'fleet.km.correct',
  'inventory.writeoff',
  'assets.manage',
  'integrations.manage',
  'timesheets.approve',
  'contracts.cost',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * One row of the table: who holds the permission. What it allows and the screen it lives in are
 * in permission-notes.ts, apart, so the pages that call `can` do not download the descriptions.
 */
export interface PermissionRule {
  roles: readonly Role[];
  /** The person a record is about (resource.ownerId) also holds the permission for it. */
  owner?: true;
  /** A privileged target (resource.targetRole: ti, diretoria, CFO) needs users.manage.privileged. */
  privilegedTarget?: true;
}

const GESTORES: readonly Role[] = ['coordenador', 'gerente', 'diretoria'];
const SENIOR: readonly Role[] = ['gerente', 'diretoria'];

/** The role → permission table, written per permission (the answer to "who may do X"). */
export const PERMISSION_TABLE: Readonly<Record<Permission, PermissionRule>> = {
  'demands.manage': {
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  },
  'contracts.all': {
    roles: ['diretoria', 'ti', 'administrador'],
  },
  'finance.demands.read': {
    roles: ['financeiro'],
  },
  'chat.anyone': {
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  },
  'protocols.review': {
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
  },
  'requests.notified': {
    roles: ['coordenador', 'gerente'],
  },
  'team.lead': {
    roles: ['coordenador'],
  },
  'team.member': {
    roles: ['equipe', 'coordenador'],
  },
  'team.load': {
    roles: GESTORES,
  },
  'team.baselines': {
    roles: GESTORES,
  },
  'support.handle': {
    roles: ['ti'],
  },
  'company.edit': {
    roles: ['ti', 'diretoria'],
  },
  'calendar.manage': {
    roles: ['ti', 'diretoria'],
  },
  'users.manage': {
    roles: ['ti', 'diretoria', 'administrador'],
    privilegedTarget: true,
  },
  'users.manage.privileged': {
    roles: ['ti', 'diretoria'],
  },
  'users.anonymize': {
    roles: ['ti'],
  },
  'agenda.manage': {
    roles: GESTORES,
  },
  'os.manage': {
    roles: GESTORES,
  },
  'os.template': {
    roles: GESTORES,
  },
  'os.addendum': {
    roles: SENIOR,
  },
  'os.cost.read': {
    roles: GESTORES,
  },
  'epi.manage': {
    roles: GESTORES,
  },
  'sst.manage': {
    roles: GESTORES,
  },
  'sst.override': {
    roles: SENIOR,
  },
  'sst.field': {
    roles: ['equipe', 'coordenador', 'gerente'],
  },
  'aso.record': {
    roles: SENIOR,
  },
  'aso.health.read': {
    roles: ['gerente', 'diretoria', 'ti'],
    owner: true,
  },
  'aprpt.manage': {
    roles: GESTORES,
  },
  'pt.approve': {
    roles: SENIOR,
  },
  'field.alerts': {
    roles: ['coordenador', 'gerente'],
  },
  'fleet.km.correct': {
    roles: SENIOR,
  },
  'inventory.writeoff': {
    roles: SENIOR,
  },
  'assets.manage': {
    roles: GESTORES,
  },
  'integrations.manage': {
    roles: ['ti'],
  },
  'timesheets.approve': {
    roles: GESTORES,
  },
  'contracts.cost': {
    roles: ['gerente', 'diretoria', 'financeiro'],
  },
};

/** Who may be acted on by `can`: a role, or a user with a role (and an id for ownership). */
export type PermissionSubject = Role | { type: Role; id?: number };

/** What the check is about, for the rules that depend on it. */
export interface PermissionResource {
  /** The person the record is about (own ASO): they hold `owner` permissions for it. */
  ownerId?: number | null;
  /** A role title acted on (users.manage): a privileged one needs users.manage.privileged. */
  targetRole?: string | null;
}

/** The roles that hold a permission, as written in the table. */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSION_TABLE[permission].roles;
}

/** True when a role title carries a privileged role (ti, any director title, CEO, CFO). */
export function isPrivilegedRole(raw: string | null | undefined): boolean {
  return (
    raw !== null && raw !== undefined && rolesWith('users.manage.privileged').includes(roleOf(raw))
  );
}

/** Whether a user (or a role) holds a permission, on a resource when the rule depends on one. */
export function can(
  subject: PermissionSubject,
  permission: Permission,
  resource?: PermissionResource,
): boolean {
  const role = typeof subject === 'string' ? subject : subject.type;
  const id = typeof subject === 'string' ? undefined : subject.id;
  const rule = PERMISSION_TABLE[permission];
  if (rule.owner && id !== undefined && resource?.ownerId === id) return true;
  if (!rule.roles.includes(role)) return false;
  if (rule.privilegedTarget && isPrivilegedRole(resource?.targetRole)) {
    return rolesWith('users.manage.privileged').includes(role);
  }
  return true;
}
