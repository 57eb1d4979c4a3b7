import type { Role } from './roles.ts';
import { isFinanceRole, menuProfileOf, ROLES, roleOf } from './roles.ts';

const ALL: readonly Role[] = ROLES;
const GESTAO: readonly Role[] = ['coordenador', 'gerente', 'diretoria'];

/** One protected route of the web app with the roles allowed on it (SPEC.md §2). */
export interface RouteAccess {
  path: string;
  roles: readonly Role[];
  title: string;
  fullHeight?: boolean;
}

/** Route access table shared by the web guard and the server's permission checks. */
export const ROUTE_ACCESS: readonly RouteAccess[] = [
  { path: '/users', roles: ['ti', 'administrador'], title: 'Usuários' },
  { path: '/users/invite', roles: ['ti', 'administrador'], title: 'Convites' },
  { path: '/users/activity', roles: ['ti'], title: 'Atividade de Usuários' },
  {
    path: '/ti/help',
    roles: ['ti', 'coordenador', 'gerente', 'diretoria', 'financeiro', 'administrador'],
    title: 'Suporte',
  },
  {
    path: '/ti/help/:id',
    roles: ['ti', 'coordenador', 'gerente', 'diretoria', 'financeiro', 'administrador'],
    title: 'Chamado',
  },
  { path: '/profile', roles: ALL, title: 'Perfil' },
  { path: '/contracts', roles: ['ti'], title: 'Contratos' },
  {
    path: '/eproto/quadros',
    roles: ['administrador', 'ti', 'coordenador', 'gerente', 'diretoria', 'equipe'],
    title: 'Gestão de Demandas',
  },
  {
    path: '/eproto/contracts',
    roles: ['gerente', 'diretoria', 'ti', 'administrador'],
    title: 'Contratos (E-Proto)',
  },
  { path: '/eproto/murals', roles: ALL, title: 'Demandas' },
  { path: '/eproto/murals/:id', roles: ALL, title: 'Demanda' },
  { path: '/eproto/protocols', roles: GESTAO, title: 'Tarefas' },
  { path: '/eproto/protocols/:id', roles: ALL, title: 'Tarefa' },
  { path: '/eproto/gantt', roles: ALL, title: 'Equipe' },
  { path: '/eproto/calendar', roles: ALL, title: 'Calendário' },
  { path: '/eproto/feed', roles: ALL, title: 'Feed' },
  {
    path: '/eproto/reviews',
    roles: ['coordenador', 'gerente', 'diretoria', 'ti', 'administrador'],
    title: 'Revisões',
  },
  {
    path: '/operacional/chat',
    roles: ['coordenador', 'gerente', 'diretoria', 'equipe'],
    title: 'Chat',
    fullHeight: true,
  },
  {
    path: '/operacional/chat-contrato',
    roles: ['coordenador', 'gerente', 'diretoria', 'equipe'],
    title: 'Chat do contrato',
    fullHeight: true,
  },
  { path: '/ai/assistente', roles: ALL, title: 'Assistente', fullHeight: true },
  { path: '/solicitacoes', roles: GESTAO, title: 'Solicitações' },
  { path: '/tatico/agenda', roles: [...GESTAO, 'equipe'], title: 'Agenda' },
  // Beyond SPEC (PRODUCT.md): the service order page lives under the agenda.
  { path: '/tatico/agenda/os/:id', roles: [...GESTAO, 'equipe'], title: 'Ordem de serviço' },
  // Issue 34: a customer asset's page (its OSs, plans and yearly grid), same roles as the agenda.
  { path: '/tatico/agenda/ativos/:id', roles: [...GESTAO, 'equipe'], title: 'Ativo' },
  { path: '/tatico/frota', roles: GESTAO, title: 'Frota e Inventário' },
  { path: '/tatico/epi', roles: [...GESTAO, 'equipe'], title: 'EPI' },
];

/** Public routes: no session check, no expiry redirect (SPEC.md §2). */
export const PUBLIC_ROUTES = ['/login', '/accept-invite', '/reset', '/reset-password'] as const;

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/').filter(Boolean);
  const b = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  if (a.length !== b.length) return false;
  return a.every((seg, i) => seg.startsWith(':') || seg === b[i]);
}

/** The access entry of a pathname, or undefined when the path is not a protected route. */
export function findRoute(pathname: string): RouteAccess | undefined {
  return ROUTE_ACCESS.find((r) => matches(r.path, pathname));
}

/** Roles allowed on a route pattern exactly as written in the table. */
export function rolesFor(path: string): readonly Role[] {
  const entry = ROUTE_ACCESS.find((r) => r.path === path);
  if (!entry) throw new Error(`Rota desconhecida na tabela de acesso: ${path}`);
  return entry.roles;
}

/** True when a role title may open a pathname. */
export function canAccess(rawRole: string | null | undefined, pathname: string): boolean {
  const entry = findRoute(pathname);
  if (!entry) return false;
  return entry.roles.includes(roleOf(rawRole));
}

/** Landing page after sign-in and at "/" (SPEC.md §2 "Redirects"); finance/CFO wins. */
export function landingPathFor(rawRole: string | null | undefined): string {
  if (isFinanceRole(rawRole)) return '/eproto/murals';
  switch (roleOf(rawRole)) {
    case 'diretoria':
    case 'gerente':
    case 'coordenador':
      return '/eproto/quadros';
    case 'equipe':
      return '/eproto/murals';
    case 'ti':
      return '/users';
    case 'administrador':
    case 'financeiro':
      return '/eproto/murals';
  }
}

export type BadgeKey = 'reviews' | 'chat';

/** One entry of the side menu. */
export interface MenuItem {
  label: string;
  path: string;
  badge?: BadgeKey;
  hidden?: boolean;
}

/** A collapsible section of the side menu. */
export interface MenuSection {
  title: string;
  items: MenuItem[];
}

const FINANCE_ITEMS: MenuItem[] = [
  { label: 'Pagamentos de hoje', path: '/pagamentos/hoje', hidden: true },
  { label: 'Histórico de pagamentos', path: '/pagamentos/historico', hidden: true },
  { label: 'Pagamentos futuros', path: '/pagamentos/futuros', hidden: true },
  { label: 'Calendário', path: '/calendar', hidden: true },
  { label: 'Medições', path: '/receita/medicoes', hidden: true },
  { label: 'Calendário de medições', path: '/receita/calendario', hidden: true },
  { label: 'Atrasadas', path: '/receita/atrasadas', hidden: true },
  { label: 'Pagas', path: '/receita/pagas', hidden: true },
];

const SUPPORT: MenuSection = {
  title: 'Suporte',
  items: [{ label: 'Suporte', path: '/ti/help' }],
};

/** Side menu for a role title (SPEC.md §2 "Side menu by role"); hidden items are kept flagged. */
export function menuFor(rawRole: string | null | undefined): MenuSection[] {
  const profile = menuProfileOf(rawRole);
  const support = ['ti', 'financeiro', 'coordenador', 'gerente', 'diretoria'];
  const withSupport = (sections: MenuSection[]): MenuSection[] =>
    support.includes(roleOf(rawRole)) ? [...sections, SUPPORT] : sections;
  switch (profile) {
    case 'ti':
      return withSupport([
        {
          title: 'Administração',
          items: [
            { label: 'Demandas', path: '/eproto/murals' },
            { label: 'Usuários', path: '/users' },
            { label: 'Convites', path: '/users/invite' },
            { label: 'Atividade de Usuários', path: '/users/activity' },
            { label: 'Contratos (E-Proto)', path: '/eproto/contracts' },
          ],
        },
      ]);
    case 'administrador':
    case 'financeiro':
      return withSupport([
        { title: 'Pagamentos', items: FINANCE_ITEMS.slice(0, 4) },
        { title: 'Receita', items: FINANCE_ITEMS.slice(4) },
      ]);
    case 'gestor':
      return withSupport([
        {
          title: 'Operacional',
          items: [
            { label: 'Gestão de Demandas', path: '/eproto/quadros' },
            { label: 'Demandas', path: '/eproto/murals' },
            { label: 'Tarefas', path: '/eproto/protocols' },
            { label: 'Revisões', path: '/eproto/reviews', badge: 'reviews' },
            { label: 'Equipe', path: '/eproto/gantt' },
            { label: 'Chat', path: '/operacional/chat', badge: 'chat' },
          ],
        },
        {
          title: 'Tático',
          items: [
            { label: 'Agenda', path: '/tatico/agenda' },
            { label: 'Frota e Inventário', path: '/tatico/frota' },
            { label: 'EPI', path: '/tatico/epi' },
            { label: 'Solicitações', path: '/solicitacoes' },
          ],
        },
      ]);
    case 'cfo':
      return withSupport([
        {
          title: 'Operacional',
          items: [
            { label: 'Demandas', path: '/eproto/murals' },
            { label: 'Chat', path: '/operacional/chat', badge: 'chat' },
          ],
        },
        {
          title: 'Tático',
          items: [
            { label: 'Agenda', path: '/tatico/agenda' },
            { label: 'Solicitações', path: '/solicitacoes' },
          ],
        },
      ]);
    case 'equipe':
      return [
        {
          title: 'Operacional',
          items: [
            { label: 'Demandas', path: '/eproto/murals' },
            { label: 'Chat', path: '/operacional/chat', badge: 'chat' },
            { label: 'Agenda', path: '/tatico/agenda' },
          ],
        },
      ];
  }
}

/** Badge text: the number, or "9+" above 9; empty for zero. */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}
