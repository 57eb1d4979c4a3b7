import type { Role } from './roles.ts';
import { roleOf } from './roles.ts';

/**
 * One permission model (issue 31): every "who may do X" of the app beyond opening a screen is a
 * permission here, and PERMISSION_TABLE is the one place that says which roles hold it. Screen
 * access stays in ROUTE_ACCESS (routes.ts, SPEC.md §2); where a permission lives inside a
 * screen, `screen` names it and a test checks the permission's roles are inside the screen's.
 * The server's guards (requirePermission) and services and the web's menus and buttons all ask
 * `can(user, permission, resource?)`. docs/development.md shows this table (checked by a test).
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
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** One row of the table: who holds the permission and what it lets them do. */
export interface PermissionRule {
  roles: readonly Role[];
  /** What the permission allows, for the newcomer reading docs/development.md. */
  what: string;
  /** The screen (ROUTE_ACCESS path) the permission lives in; its roles must be inside it. */
  screen?: string;
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
    what: 'Create and edit boards and demands, send any demand to finance, see the whole planning',
  },
  'contracts.all': {
    roles: ['diretoria', 'ti', 'administrador'],
    what: 'See every contract and its data without being a member',
  },
  'finance.demands.read': {
    roles: ['financeiro'],
    what: 'See demands that carry a finance status, beyond own contracts',
  },
  'chat.anyone': {
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
    what: 'Direct chat with anyone (others only with contract mates)',
  },
  'protocols.review': {
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
    what: 'Review tasks sent for review (approve or return)',
    screen: '/eproto/reviews',
  },
  'requests.notified': {
    roles: ['coordenador', 'gerente'],
    what: "Hear about new requests (solicitações) of one's contracts",
  },
  'team.lead': {
    roles: ['coordenador'],
    what: 'Lead a team: the team page shows own team by default',
  },
  'team.member': {
    roles: ['equipe', 'coordenador'],
    what: "Count in a coordenador's team",
  },
  'team.load': {
    roles: GESTORES,
    what: "See the team's load: planned hours per person and booked days per vehicle, per week",
    screen: '/eproto/gantt',
  },
  'support.handle': {
    roles: ['ti'],
    what: 'See and answer every support ticket (others: own tickets)',
    screen: '/ti/help',
  },
  'company.edit': {
    roles: ['ti', 'diretoria'],
    what: "Edit the employer's name and CNPJ",
  },
  'calendar.manage': {
    roles: ['ti', 'diretoria'],
    what: "Keep the company's days off, collective vacations and local holidays",
    screen: '/eproto/calendar',
  },
  'users.manage': {
    roles: ['ti', 'diretoria', 'administrador'],
    what: 'Edit, deactivate and reactivate accounts, change roles, invite',
    privilegedTarget: true,
  },
  'users.manage.privileged': {
    roles: ['ti', 'diretoria'],
    what: 'Grant, take away or manage ti, diretoria and CFO titles',
  },
  'users.anonymize': {
    roles: ['ti'],
    what: 'Anonymise a deactivated account (LGPD): name, e-mail, CPF, avatar and devices removed',
    screen: '/users',
  },
  'agenda.manage': {
    roles: GESTORES,
    what: 'Plan the agenda: create, move and cancel entries for others',
    screen: '/tatico/agenda',
  },
  'os.manage': {
    roles: GESTORES,
    what: 'Create, edit, reassign and close any service order',
    screen: '/tatico/agenda',
  },
  'os.template': {
    roles: GESTORES,
    what: 'Edit service order templates and their checklists',
    screen: '/tatico/agenda',
  },
  'os.addendum': {
    roles: SENIOR,
    what: 'Add an addendum to a sealed service order report',
    screen: '/tatico/agenda',
  },
  'os.cost.read': {
    roles: GESTORES,
    what: 'See what service orders cost (materials at unit cost) in the list, export and page',
    screen: '/tatico/agenda',
  },
  'epi.manage': {
    roles: GESTORES,
    what: 'Manage the EPI catalogue, stock and deliveries of everyone',
    screen: '/tatico/epi',
  },
  'sst.manage': {
    roles: GESTORES,
    what: 'Record trainings and CNHs, edit the SST catalogue and requirement sets',
    screen: '/tatico/epi',
  },
  'sst.override': {
    roles: SENIOR,
    what: 'Put someone on a job despite a missing or expired SST requirement',
    screen: '/tatico/epi',
  },
  'sst.field': {
    roles: ['equipe', 'coordenador', 'gerente'],
    what: 'Do field work: appear in the SST matrix and its expiry alerts',
  },
  'aso.record': {
    roles: SENIOR,
    what: 'Record ASOs (health data)',
    screen: '/tatico/epi',
  },
  'aso.health.read': {
    roles: ['gerente', 'diretoria', 'ti'],
    what: 'Read ASO results and restrictions (LGPD art. 11); the worker reads own',
    owner: true,
  },
  'aprpt.manage': {
    roles: GESTORES,
    what: 'Write APRs and request work permits (PT)',
    screen: '/tatico/epi',
  },
  'pt.approve': {
    roles: SENIOR,
    what: 'Approve, refuse and cancel any work permit (PT)',
    screen: '/tatico/epi',
  },
  'field.alerts': {
    roles: ['coordenador', 'gerente'],
    what: 'Receive SST, fleet, inventory and EPI alerts',
  },
  'fleet.km.correct': {
    roles: SENIOR,
    what: "Correct a vehicle's odometer reading",
    screen: '/tatico/frota',
  },
  'inventory.writeoff': {
    roles: SENIOR,
    what: 'Write off stock (baixa)',
    screen: '/tatico/frota',
  },
  'assets.manage': {
    roles: GESTORES,
    what: "Register, edit and import customer assets of one's contracts; edit the asset types",
    screen: '/tatico/agenda',
  },
  'integrations.manage': {
    roles: ['ti'],
    what: 'Configure integrations (tab "Integrações" of /users): see single sign-on, manage API tokens',
    screen: '/users',
  },
  'timesheets.approve': {
    roles: GESTORES,
    what: "See, approve and reopen the weekly hours of the people of one's contracts; export them",
    screen: '/eproto/gantt',
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

/** Short column titles of the roles in the table docs/development.md shows. */
const ROLE_COLUMNS: ReadonlyArray<[Role, string]> = [
  ['ti', 'ti'],
  ['administrador', 'adm'],
  ['financeiro', 'fin'],
  ['coordenador', 'coord'],
  ['gerente', 'ger'],
  ['diretoria', 'dir'],
  ['equipe', 'equipe'],
];

/** The table as Markdown rows ("who may do X"), the form docs/development.md keeps. */
export function permissionTableMarkdown(): string {
  const head = ['Permission', 'What it allows', ...ROLE_COLUMNS.map(([, t]) => t), 'Screen'];
  const rows = PERMISSIONS.map((p) => {
    const rule = PERMISSION_TABLE[p];
    const what = rule.owner ? `${rule.what} (owner too)` : rule.what;
    const marks = ROLE_COLUMNS.map(([r]) => (rule.roles.includes(r) ? '✓' : ''));
    return [`\`${p}\``, what, ...marks, rule.screen ? `\`${rule.screen}\`` : ''];
  });
  return [head, head.map(() => '---'), ...rows].map((c) => `| ${c.join(' | ')} |`).join('\n');
}
