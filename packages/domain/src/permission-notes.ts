import type { Permission } from './permissions.ts';
import type { Role } from './roles.ts';
import { PERMISSION_TABLE, PERMISSIONS } from './permissions.ts';

/** What a permission allows and where it lives, for people: docs and tests, never a check. */
export interface PermissionNote {
  /** What the permission allows, for the newcomer reading docs/development.md. */
  what: string;
  /** The screen (ROUTE_ACCESS path) the permission lives in; its roles must be inside it. */
  screen?: string;
}

/**
 * The notes of PERMISSION_TABLE, apart from it: `can` runs on the field pages, and these ~2 KB
 * of English text are for docs/development.md and the tests (issue 33, JS per field route).
 */
export const PERMISSION_NOTES: Readonly<Record<Permission, PermissionNote>> = {
  'demands.manage': {
    what: 'Create and edit boards and demands, send any demand to finance, see the whole planning',
  },
  'contracts.all': {
    what: 'See every contract and its data without being a member',
  },
  'finance.demands.read': {
    what: 'See demands that carry a finance status, beyond own contracts',
  },
  'chat.anyone': {
    what: 'Direct chat with anyone (others only with contract mates)',
  },
  'protocols.review': {
    what: 'Review tasks sent for review (approve or return)',
    screen: '/eproto/reviews',
  },
  'requests.notified': {
    what: "Hear about new requests (solicitações) of one's contracts",
  },
  'team.lead': {
    what: 'Lead a team: the team page shows own team by default',
  },
  'team.member': {
    what: "Count in a coordenador's team",
  },
  'team.load': {
    what: "See the team's load: planned hours per person and booked days per vehicle, per week",
    screen: '/eproto/gantt',
  },
  'team.baselines': {
    what: "Save, compare and delete baselines of a team's Gantt (a coordenador: own team only)",
    screen: '/eproto/gantt',
  },
  'support.handle': {
    what: 'See and answer every support ticket (others: own tickets)',
    screen: '/ti/help',
  },
  'company.edit': {
    what: "Edit the employer's name and CNPJ",
  },
  'calendar.manage': {
    what: "Keep the company's days off, collective vacations and local holidays",
    screen: '/eproto/calendar',
  },
  'users.manage': {
    what: 'Edit, deactivate and reactivate accounts, change roles, invite',
  },
  'users.manage.privileged': {
    what: 'Grant, take away or manage ti, diretoria and CFO titles',
  },
  'users.anonymize': {
    what: 'Anonymise a deactivated account (LGPD): name, e-mail, CPF, avatar and devices removed',
    screen: '/users',
  },
  'agenda.manage': {
    what: 'Plan the agenda: create, move and cancel entries for others',
    screen: '/tatico/agenda',
  },
  'os.manage': {
    what: 'Create, edit, reassign and close any service order',
    screen: '/tatico/agenda',
  },
  'os.template': {
    what: 'Edit service order templates and their checklists',
    screen: '/tatico/agenda',
  },
  'os.addendum': {
    what: 'Add an addendum to a sealed service order report',
    screen: '/tatico/agenda',
  },
  'os.cost.read': {
    what: 'See what service orders cost (materials at unit cost) in the list, export and page',
    screen: '/tatico/agenda',
  },
  'epi.manage': {
    what: 'Manage the EPI catalogue, stock and deliveries of everyone',
    screen: '/tatico/epi',
  },
  'sst.manage': {
    what: 'Record trainings and CNHs, edit the SST catalogue and requirement sets',
    screen: '/tatico/epi',
  },
  'sst.override': {
    what: 'Put someone on a job despite a missing or expired SST requirement',
    screen: '/tatico/epi',
  },
  'sst.field': {
    what: 'Do field work: appear in the SST matrix and its expiry alerts',
  },
  'aso.record': {
    what: 'Record ASOs (health data)',
    screen: '/tatico/epi',
  },
  'aso.health.read': {
    what: 'Read ASO results and restrictions (LGPD art. 11); the worker reads own',
  },
  'aprpt.manage': {
    what: 'Write APRs and request work permits (PT)',
    screen: '/tatico/epi',
  },
  'pt.approve': {
    what: 'Approve, refuse and cancel any work permit (PT)',
    screen: '/tatico/epi',
  },
  'field.alerts': {
    what: 'Receive SST, fleet, inventory and EPI alerts',
  },
  'fleet.km.correct': {
    what: "Correct a vehicle's odometer reading",
    screen: '/tatico/frota',
  },
  'inventory.writeoff': {
    what: 'Write off stock (baixa)',
    screen: '/tatico/frota',
  },
  'assets.manage': {
    what: "Register, edit and import customer assets of one's contracts; edit the asset types",
    screen: '/tatico/agenda',
  },
  'integrations.manage': {
    what: 'Configure integrations (tab "Integrações" of /users): see single sign-on, manage API tokens',
    screen: '/users',
  },
  'timesheets.approve': {
    what: "See, approve and reopen the weekly hours of the people of one's contracts; export them",
    screen: '/eproto/gantt',
  },
  'contracts.cost': {
    what: "See what one's contracts cost (dashboard, XLSX) and edit the hourly cost rates",
  },
};

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
    const { what: text, screen } = PERMISSION_NOTES[p];
    const what = rule.owner ? `${text} (owner too)` : text;
    const marks = ROLE_COLUMNS.map(([r]) => (rule.roles.includes(r) ? '✓' : ''));
    return [`\`${p}\``, what, ...marks, screen ? `\`${screen}\`` : ''];
  });
  return [head, head.map(() => '---'), ...rows].map((c) => `| ${c.join(' | ')} |`).join('\n');
}
